import Foundation

/// A whole HTTP/1.1 response as a client reads it.
package struct HTTPClientResponse: Sendable {
    /// The status code.
    package var status: Int
    /// The header fields in the order received.
    package var headers: HTTPHeaders
    /// The body, de-chunked.
    package var body: [UInt8]
    /// Whether the connection may carry another request: HTTP/1.1 without `Connection: close`,
    /// a body delimited by its length or chunks, and nothing unasked-for after it.
    package var keepsConnection: Bool
}

/// Reads HTTP/1.1 responses from a client connection: the head with the server's header syntax,
/// then the body framed as RFC 9112 §6.3 says (none for `HEAD`, 1xx, 204 and 304; chunked;
/// `Content-Length`; or up to the close), within the limits given. One codec for the WebSocket
/// handshake and ``HTTPConnectionPool``'s exchanges.
package struct HTTPResponseReader {
    private let stream: any ByteStream
    private var buffer: [UInt8]
    /// Bytes of `buffer` already consumed.
    private var start = 0
    /// Bytes read from the stream so far (a client retries a request on a kept-alive connection
    /// only if the server sent nothing at all).
    package private(set) var bytesRead = 0

    /// The longest chunk-size or trailer line accepted.
    static let maximumLineLength = 4096

    /// Reads from `stream`; `buffered` holds bytes already read from it.
    package init(stream: any ByteStream, buffered: [UInt8] = []) {
        self.stream = stream
        self.buffer = buffered
    }

    /// Bytes received after what was read so far (the WebSocket's first frames after a 101).
    package var leftover: [UInt8] { Array(buffer[start...]) }

    /// Reads the next response: interim (1xx) responses are skipped, except `101 Switching
    /// Protocols`, which ends the exchange with an empty body.
    package mutating func readResponse(
        method: String, maximumHeadSize: Int, maximumBodySize: Int
    ) async throws -> HTTPClientResponse {
        var head = try await readHead(maximumSize: maximumHeadSize)
        while (100...199).contains(head.status) && head.status != 101 {
            head = try await readHead(maximumSize: maximumHeadSize)
        }
        let wantsClose = head.isHTTP10 || head.headers.containsToken("close", in: "Connection")
        if method == "HEAD" || head.status == 101 || head.status == 204 || head.status == 304 {
            return HTTPClientResponse(
                status: head.status, headers: head.headers, body: [], keepsConnection: !wantsClose && isDrained)
        }
        if let codings = head.headers["Transfer-Encoding"] {
            guard
                codings.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() })
                    == ["chunked"]
            else {
                throw HTTPResponseError.malformed("unsupported Transfer-Encoding: \(codings.prefix(80))")
            }
            let body = try await readChunkedBody(maximumSize: maximumBodySize, maximumTrailerSize: maximumHeadSize)
            // A length beside chunking is a smuggling vector: use the chunks, but not the connection again.
            let reusable = !wantsClose && !head.headers.contains("Content-Length") && isDrained
            return HTTPClientResponse(status: head.status, headers: head.headers, body: body, keepsConnection: reusable)
        }
        let declared = head.headers.values(for: "Content-Length")
        if !declared.isEmpty {
            guard let length = HTTPHeadSyntax.contentLength(declared) else {
                throw HTTPResponseError.malformed(
                    "malformed Content-Length: \(declared.joined(separator: ", ").prefix(40))")
            }
            guard length <= maximumBodySize else { throw HTTPResponseError.bodyTooLarge(limit: maximumBodySize) }
            var body: [UInt8] = []
            body.reserveCapacity(length)
            try await read(length, into: &body, what: "response body")
            return HTTPClientResponse(
                status: head.status, headers: head.headers, body: body, keepsConnection: !wantsClose && isDrained)
        }
        let body = try await readUntilClose(maximumSize: maximumBodySize)
        return HTTPClientResponse(status: head.status, headers: head.headers, body: body, keepsConnection: false)
    }

    /// Reads a response head (status line and headers) of at most `maximumSize` bytes.
    mutating func readHead(maximumSize: Int) async throws -> HTTPResponseHead {
        var searchFrom = start
        while true {
            if let end = headEnd(from: searchFrom) {
                let head = try HTTPResponseHead.parse(buffer[start..<end])
                start = end + 4
                return head
            }
            guard buffer.count - start <= maximumSize else { throw HTTPResponseError.headTooLarge(limit: maximumSize) }
            // `fill` may move the unconsumed bytes to the front: resume relative to `start`.
            let before = buffer.count - start
            guard try await fill() else {
                throw before == 0 ? HTTPResponseError.closedBeforeResponse : HTTPResponseError.cutOff("response head")
            }
            searchFrom = start + max(0, before - 3)
        }
    }

    /// Whether every byte received so far has been consumed: anything more, before a request
    /// was sent, is a server speaking out of turn, and the connection is not reused.
    private var isDrained: Bool { start == buffer.count }

    private func headEnd(from index: Int) -> Int? {
        var index = index
        while index + 3 < buffer.count {
            if buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Reads more bytes into `buffer`, dropping consumed ones; `false` at the end of the stream.
    private mutating func fill() async throws -> Bool {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start >= 65_536 {
            buffer.removeFirst(start)
            start = 0
        }
        let chunk = try await stream.read(maxBytes: 65_536)
        if chunk.isEmpty { return false }
        bytesRead += chunk.count
        buffer += chunk
        return true
    }

    /// Appends exactly `count` bytes to `body`.
    private mutating func read(_ count: Int, into body: inout [UInt8], what: String) async throws {
        var remaining = count
        while remaining > 0 {
            if start == buffer.count {
                guard try await fill() else { throw HTTPResponseError.cutOff(what) }
            }
            let taken = min(remaining, buffer.count - start)
            body += buffer[start..<start + taken]
            start += taken
            remaining -= taken
        }
    }

    /// The next CRLF-terminated line, consumed (without its CRLF).
    private mutating func readLine(what: String) async throws -> Range<Int> {
        var searchFrom = start
        while true {
            var index = searchFrom
            while index + 1 < buffer.count {
                if buffer[index] == 13 && buffer[index + 1] == 10 {
                    let line = start..<index
                    start = index + 2
                    return line
                }
                index += 1
            }
            guard buffer.count - start <= Self.maximumLineLength else {
                throw HTTPResponseError.malformed("a \(what) is over \(Self.maximumLineLength) bytes")
            }
            // `fill` may move the unconsumed bytes to the front: resume relative to `start`.
            let scanned = max(0, index - start)
            guard try await fill() else { throw HTTPResponseError.cutOff("chunked body") }
            searchFrom = start + scanned
        }
    }

    private mutating func readChunkedBody(maximumSize: Int, maximumTrailerSize: Int) async throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let line = try await readLine(what: "chunk-size line")
            let size: Int
            do throws(HTTPHeadSyntax.Malformed) {
                size = try HTTPHeadSyntax.chunkSize(in: buffer, line: line)
            } catch {
                throw HTTPResponseError.malformed(error.reason)
            }
            if size == 0 { break }
            guard size <= maximumSize - body.count else { throw HTTPResponseError.bodyTooLarge(limit: maximumSize) }
            try await read(size, into: &body, what: "chunked body")
            let end = try await readLine(what: "chunk's end")
            guard end.isEmpty else { throw HTTPResponseError.malformed("missing CRLF after chunk data") }
        }
        // Trailers are read and dropped: nothing a client decides depends on them.
        var trailerBytes = 0
        while true {
            let line = try await readLine(what: "trailer line")
            if line.isEmpty { return body }
            trailerBytes += line.count + 2
            guard trailerBytes <= maximumTrailerSize else {
                throw HTTPResponseError.headTooLarge(limit: maximumTrailerSize)
            }
        }
    }

    private mutating func readUntilClose(maximumSize: Int) async throws -> [UInt8] {
        var body = Array(buffer[start...])
        start = buffer.count
        while true {
            guard body.count <= maximumSize else { throw HTTPResponseError.bodyTooLarge(limit: maximumSize) }
            let chunk = try await stream.read(maxBytes: 65_536)
            if chunk.isEmpty { return body }
            bytesRead += chunk.count
            body += chunk
        }
    }
}
