/// The status line and headers of an HTTP/1.1 response, as the clients read them: the WebSocket
/// handshake and ``HTTPResponseReader``, with the server's header syntax (one codec).
struct HTTPResponseHead: Sendable {
    var status: Int
    var headers: HTTPHeaders
    /// Whether the status line said `HTTP/1.0` (whose connections do not stay open by default).
    var isHTTP10 = false

    /// The largest response head the WebSocket handshake accepts.
    static let maximumSize = 16_384

    /// Parses `bytes` (the head without the final blank line) with the server's header syntax.
    static func parse(_ bytes: ArraySlice<UInt8>) throws(HTTPResponseError) -> HTTPResponseHead {
        let head = Array(bytes)
        var lines = HTTPHeadSyntax.lines(in: head, from: 0, to: head.count)
        let statusLine = String(decoding: head[lines.removeFirst()], as: UTF8.self)
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]), (100...999).contains(status)
        else {
            throw .malformed("not an HTTP/1.1 status line: \(statusLine.prefix(80))")
        }
        var headers = HTTPHeaders()
        for line in lines where !line.isEmpty {
            do {
                let field = try HTTPHeadSyntax.field(in: head, line: line)
                headers.add(name: field.name, value: field.value)
            } catch {
                let text = String(decoding: head[line], as: UTF8.self)
                throw .malformed("\(error.reason): \(text.prefix(80))")
            }
        }
        return HTTPResponseHead(status: status, headers: headers, isHTTP10: parts[0] == "HTTP/1.0")
    }
}

/// Why bytes a server sent are not the HTTP/1.1 response a client waits for.
package enum HTTPResponseError: Error, Equatable, CustomStringConvertible {
    /// The status line, a header or the body's framing is malformed.
    case malformed(String)
    /// The server closed the connection before the first byte of a response.
    case closedBeforeResponse
    /// The server closed the connection in the middle of the response.
    case cutOff(String)
    /// The head is larger than the reader accepts.
    case headTooLarge(limit: Int)
    /// The body is larger than the reader accepts.
    case bodyTooLarge(limit: Int)

    package var description: String {
        switch self {
        case .malformed(let reason): reason
        case .closedBeforeResponse: "the server closed the connection without answering"
        case .cutOff(let what): "the server closed the connection in the middle of the \(what)"
        case .headTooLarge(let limit): "the response head is over \(limit) bytes"
        case .bodyTooLarge(let limit): "the response body is larger than \(limit) bytes"
        }
    }
}
