import SwitchboardNet

/// What one HTTP exchange returned: the status, and whether the body carried GraphQL `errors`.
struct HTTPPostReply: Sendable {
    let status: Int
    let hasGraphQLErrors: Bool
    let body: [UInt8]
}

/// Why an exchange failed at the HTTP level (not a GraphQL error, which is a reply).
struct HTTPPostClientError: Error, CustomStringConvertible {
    let description: String
}

/// One HTTP/1.1 keep-alive connection that POSTs GraphQL requests one at a time: the request
/// bytes are built by the caller once and written as is, the reply is framed by its
/// `Content-Length` (both servers measured send one), so the client costs the same for both.
final class HTTPPostClient: Sendable {
    private let connection: TCPConnection
    private let host: String
    private let port: Int
    private let path: String
    private let headers: [(String, String)]

    private init(connection: TCPConnection, host: String, port: Int, path: String, headers: [(String, String)]) {
        self.connection = connection
        self.host = host
        self.port = port
        self.path = path
        self.headers = headers
    }

    /// Connects to `endpoint` (an `http://host:port/path` URL's parts); `headers` go on every request.
    static func connect(
        to endpoint: BenchEndpoint, headers: [(String, String)], loop: EventLoop? = nil
    ) async throws -> HTTPPostClient {
        let connection = try await TCPConnection.connect(host: endpoint.host, port: endpoint.port, loop: loop)
        return HTTPPostClient(
            connection: connection, host: endpoint.host, port: endpoint.port, path: endpoint.path, headers: headers)
    }

    /// The wire form of a POST of `body` (JSON) to this client's endpoint.
    func request(body: String) -> [UInt8] {
        let bytes = Array(body.utf8)
        var head = "POST \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nContent-Type: application/json\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(bytes.count)\r\n\r\n"
        return Array(head.utf8) + bytes
    }

    /// Writes `request` (from ``request(body:)``) and reads the whole reply.
    func exchange(_ request: [UInt8]) async throws -> HTTPPostReply {
        try await connection.write(request)
        var buffer: [UInt8] = []
        var headEnd: Int?
        var contentLength = 0
        var scanned = 0
        while true {
            // The blank line may straddle two reads: look again from three bytes before the end.
            if headEnd == nil, let end = buffer.offset(of: Self.blankLine, from: max(0, scanned - 3)) {
                headEnd = end + Self.blankLine.count
                guard let length = Self.contentLength(in: buffer[..<end]) else {
                    throw HTTPPostClientError(description: "a reply without Content-Length from \(host):\(port)")
                }
                contentLength = length
            }
            if let headEnd, buffer.count >= headEnd + contentLength {
                guard buffer.count == headEnd + contentLength else {
                    throw HTTPPostClientError(description: "bytes after the reply from \(host):\(port)")
                }
                let body = Array(buffer[headEnd...])
                return HTTPPostReply(
                    status: Self.status(in: buffer), hasGraphQLErrors: body.offset(of: Self.errorsKey) != nil,
                    body: body)
            }
            scanned = buffer.count
            let bytes = try await connection.read(maxBytes: 65_536)
            if bytes.isEmpty { throw HTTPPostClientError(description: "\(host):\(port) closed the connection") }
            buffer += bytes
        }
    }

    /// Closes the connection.
    func close() async { await connection.close() }

    private static let errorsKey = Array("\"errors\"".utf8)
    private static let blankLine = Array("\r\n\r\n".utf8)
    private static let contentLengthName = Array("content-length:".utf8)

    /// The three digits after `HTTP/1.1 `.
    private static func status(in buffer: [UInt8]) -> Int {
        guard buffer.count >= 12 else { return 0 }
        return buffer[9..<12].reduce(0) { $0 * 10 + Int($1) - 48 }
    }

    /// The `Content-Length` header's value, matched case-insensitively at the start of a line.
    private static func contentLength(in head: ArraySlice<UInt8>) -> Int? {
        var lineStart = head.startIndex
        while lineStart < head.endIndex {
            let lineEnd = head[lineStart...].firstIndex(of: 10) ?? head.endIndex
            let line = head[lineStart..<lineEnd]
            if line.count > contentLengthName.count,
                zip(line, contentLengthName).allSatisfy({ ($0 | 0x20) == $1 || $0 == $1 })
            {
                let digits = line.dropFirst(contentLengthName.count).filter { $0 >= 48 && $0 <= 57 }
                return digits.reduce(0) { $0 * 10 + Int($1) - 48 }
            }
            lineStart = lineEnd + 1
        }
        return nil
    }
}
