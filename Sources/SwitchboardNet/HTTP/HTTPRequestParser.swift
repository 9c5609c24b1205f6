/// An incremental HTTP/1.1 request parser: feed it bytes as they arrive, take complete requests
/// out. Handles pipelining, `Content-Length` and chunked bodies (with trailers, kept apart from the
/// headers), and enforces size limits so a hostile client cannot make the server buffer without
/// bound. Work is linear in the input however it is split into reads.
package struct HTTPRequestParser: Sendable {
    /// Size limits, in bytes.
    package struct Limits: Sendable {
        /// Maximum size of the request line plus headers; a chunked body's trailers count against
        /// it too, and so does each chunk-size line.
        package var maxHeadBytes: Int
        /// Maximum size of a decoded body.
        package var maxBodyBytes: Int

        /// Creates limits; the defaults allow 64 KiB of headers and 16 MiB of body.
        package init(maxHeadBytes: Int = 65_536, maxBodyBytes: Int = 16 * 1_048_576) {
            self.maxHeadBytes = maxHeadBytes
            self.maxBodyBytes = maxBodyBytes
        }
    }

    private enum BodyState: Sendable {
        case fixed(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
    }

    private let limits: Limits
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the end of the head resumes, so partial heads are not rescanned.
    private var scanned = 0
    /// Bytes consumed before `buffer[0]`, for error offsets.
    private var consumedBefore = 0
    private var pending: HTTPRequest?
    private var body: BodyState?
    /// The pending request's trailer fields, attached when the body ends (never merged into its headers).
    private var trailers = HTTPHeaders()
    /// Bytes of the pending request's head and trailers so far, held to ``Limits/maxHeadBytes``.
    private var headAndTrailerBytes = 0
    /// How many bytes after `start` the search for the next CRLF has covered, so a line arriving in
    /// small pieces is not rescanned from its start for every piece.
    private var lineScanned = 0
    /// Set once per request when the head asked for `Expect: 100-continue` and the body is not in.
    package private(set) var expectsContinue = false

    /// Creates a parser with the given limits.
    package init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Appends bytes received from the connection.
    package mutating func append(_ bytes: [UInt8]) {
        if start > 0 && start == buffer.count {
            consumedBefore += start
            buffer.removeAll(keepingCapacity: true)
            scanned = 0
            start = 0
        } else if start > 65_536 {
            consumedBefore += start
            buffer.removeSubrange(0..<start)
            scanned -= start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Whether a request head has been parsed and its body is still arriving.
    var isReceivingBody: Bool { pending != nil }

    /// Whether bytes of a request not yet returned by ``nextRequest()`` are buffered.
    var hasUnparsedBytes: Bool { pending != nil || start < buffer.count }

    /// Bytes received beyond the last complete request (handed to an upgraded protocol).
    package var unconsumedBytes: [UInt8] { Array(buffer[start...]) }

    /// Returns the next complete request, or `nil` when more bytes are needed.
    package mutating func nextRequest() throws(HTTPParseError) -> HTTPRequest? {
        if pending == nil {
            guard let request = try parseHead() else { return nil }
            pending = request
        }
        guard try readBody() else { return nil }
        defer {
            pending = nil
            body = nil
            trailers = HTTPHeaders()
            expectsContinue = false
        }
        pending?.trailers = trailers
        return pending
    }

    /// Acknowledges that the caller sent `100 Continue`.
    package mutating func continueSent() { expectsContinue = false }

    private func failure(_ status: Int, _ reason: String, at index: Int) -> HTTPParseError {
        HTTPParseError(status: status, reason: reason, offset: consumedBefore + index)
    }

    private mutating func parseHead() throws(HTTPParseError) -> HTTPRequest? {
        // Tolerate empty lines between pipelined requests (RFC 9112 §2.2).
        while start + 1 < buffer.count, buffer[start] == 13, buffer[start + 1] == 10 { start += 2 }
        var index = max(scanned, start)
        var headEnd: Int?
        while index + 3 < buffer.count {
            if buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
                headEnd = index
                break
            }
            index += 1
        }
        guard let headEnd else {
            scanned = max(start, buffer.count - 3)
            // The limit counts the head without its blank line, up to 3 bytes of which may already
            // be here: refusing sooner would answer a head fed in pieces differently from the
            // same head received at once (found by scripts/fuzz http-request).
            if buffer.count - start > limits.maxHeadBytes + 3 {
                throw failure(431, "the request head exceeds \(limits.maxHeadBytes) bytes", at: start)
            }
            return nil
        }
        if headEnd - start > limits.maxHeadBytes {
            throw failure(431, "the request head exceeds \(limits.maxHeadBytes) bytes", at: start)
        }
        let lines = HTTPHeadSyntax.lines(in: buffer, from: start, to: headEnd)
        guard let requestLine = lines.first else { throw failure(400, "empty request", at: start) }
        var request = try parseRequestLine(requestLine)
        for line in lines.dropFirst() {
            let field = try headerField(line)
            request.headers.add(name: field.name, value: field.value)
        }
        headAndTrailerBytes = headEnd + 4 - start
        start = headEnd + 4
        scanned = start
        try prepareBody(for: request, at: headEnd)
        return request
    }

    private func parseRequestLine(_ line: Range<Int>) throws(HTTPParseError) -> HTTPRequest {
        // `method SP target SP version`, found in place: no array of parts per request.
        guard let firstSpace = buffer[line].firstIndex(of: 32),
            let secondSpace = buffer[(firstSpace + 1)..<line.upperBound].firstIndex(of: 32),
            !buffer[(secondSpace + 1)..<line.upperBound].contains(32),
            firstSpace > line.lowerBound, secondSpace > firstSpace + 1
        else { throw failure(400, "malformed request line", at: line.lowerBound) }
        let method = buffer[line.lowerBound..<firstSpace]
        let target = buffer[(firstSpace + 1)..<secondSpace]
        let version = buffer[(secondSpace + 1)..<line.upperBound]
        guard method.allSatisfy(HTTPHeadSyntax.isTokenByte) else {
            throw failure(400, "malformed method", at: line.lowerBound)
        }
        guard target.allSatisfy({ $0 > 32 && $0 < 127 }) else {
            throw failure(400, "malformed request target", at: target.startIndex)
        }
        let start = version.startIndex
        guard version.count == 8, version.starts(with: "HTTP/".utf8), version[start + 6] == UInt8(ascii: "."),
            let major = digit(version[start + 5]), let minor = digit(version[start + 7])
        else { throw failure(400, "malformed HTTP version", at: start) }
        guard major == 1 else { throw failure(505, "HTTP/\(major).\(minor) is not supported", at: start) }
        return HTTPRequest(
            method: String(decoding: method, as: UTF8.self), target: String(decoding: target, as: UTF8.self),
            version: (major, minor))
    }

    /// The name and value of a header (or trailer) line. It returns the field rather than adding it
    /// to a property of `self`: reading `self` while writing one of its properties would copy the
    /// parser, and with it every field so far, for each line.
    private func headerField(_ line: Range<Int>) throws(HTTPParseError) -> (name: String, value: String) {
        do {
            return try HTTPHeadSyntax.field(in: buffer, line: line)
        } catch {
            throw failure(400, error.reason, at: error.offset)
        }
    }

    private mutating func prepareBody(for request: HTTPRequest, at offset: Int) throws(HTTPParseError) {
        // The three fields found in one pass over the head, names told apart by length first:
        // a lookup per name went over every field three times, building arrays, for each request.
        var transferEncodings: [String] = []
        var lengths: [String] = []
        var expectation: String?
        for field in request.headers.fields {
            switch field.name.utf8.count {
            case 17 where field.name.caseInsensitiveEquals("Transfer-Encoding"): transferEncodings.append(field.value)
            case 14 where field.name.caseInsensitiveEquals("Content-Length"): lengths.append(field.value)
            case 6 where expectation == nil && field.name.caseInsensitiveEquals("Expect"): expectation = field.value
            default: continue
            }
        }
        if !transferEncodings.isEmpty {
            guard lengths.isEmpty else {
                throw failure(400, "both Transfer-Encoding and Content-Length are present", at: offset)
            }
            let codings = transferEncodings.flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces() }
            guard codings.count == 1, codings[0].caseInsensitiveEquals("chunked") else {
                throw failure(
                    501, "unsupported Transfer-Encoding \"\(transferEncodings.joined(separator: ", "))\"", at: offset)
            }
            body = .chunkSize
        } else if !lengths.isEmpty {
            guard let length = HTTPHeadSyntax.contentLength(lengths) else {
                throw failure(400, "invalid Content-Length \"\(lengths.joined(separator: ", "))\"", at: offset)
            }
            guard length <= limits.maxBodyBytes else {
                throw failure(413, "the body of \(length) bytes exceeds \(limits.maxBodyBytes) bytes", at: offset)
            }
            body = .fixed(remaining: length)
        } else {
            body = .fixed(remaining: 0)
        }
        if expectation?.caseInsensitiveEquals("100-continue") == true { expectsContinue = true }
    }

    /// Advances the body state machine; `true` once the pending request's body is complete.
    private mutating func readBody() throws(HTTPParseError) -> Bool {
        while let state = body {
            switch state {
            case .fixed(let remaining):
                let available = min(remaining, buffer.count - start)
                pending?.body.append(contentsOf: buffer[start..<start + available])
                start += available
                if remaining - available > 0 {
                    body = .fixed(remaining: remaining - available)
                    return false
                }
                body = nil
            case .chunkSize:
                guard let line = nextLine() else { return try needMoreForLine("chunk-size line", after: 0) }
                try checkLineLength(line.count, "chunk-size line", after: 0, at: line.lowerBound)
                let size = try chunkSize(in: line)
                if (pending?.body.count ?? 0) + size > limits.maxBodyBytes {
                    throw failure(413, "the chunked body exceeds \(limits.maxBodyBytes) bytes", at: line.lowerBound)
                }
                body = size == 0 ? .trailers : .chunkData(remaining: size)
            case .chunkData(let remaining):
                let available = min(remaining, buffer.count - start)
                pending?.body.append(contentsOf: buffer[start..<start + available])
                start += available
                if remaining - available > 0 {
                    body = .chunkData(remaining: remaining - available)
                    return false
                }
                body = .chunkDataEnd
            case .chunkDataEnd:
                guard buffer.count - start >= 2 else { return false }
                guard buffer[start] == 13, buffer[start + 1] == 10 else {
                    throw failure(400, "missing CRLF after chunk data", at: start)
                }
                start += 2
                body = .chunkSize
            case .trailers:
                guard let line = nextLine() else {
                    return try needMoreForLine("trailer line", after: headAndTrailerBytes)
                }
                try checkLineLength(line.count, "trailer line", after: headAndTrailerBytes, at: line.lowerBound)
                headAndTrailerBytes += line.count + 2
                if line.isEmpty {
                    body = nil
                } else {
                    let field = try headerField(line)
                    trailers.add(name: field.name, value: field.value)
                }
            }
        }
        return true
    }

    /// More bytes are needed to finish a line; fails once the line, however it ends, must break
    /// the limit ``checkLineLength(_:_:after:at:)`` applies to it complete. The unfinished `n`
    /// bytes become a line of at least `n + 1` bytes with its CRLF (`n - 1` and the CRLF when the
    /// last byte is its CR), so the outcome never depends on where the reads were split (found by
    /// scripts/fuzz http-request).
    private func needMoreForLine(_ what: String, after used: Int) throws(HTTPParseError) -> Bool {
        if used + (buffer.count - start) + 1 > limits.maxHeadBytes {
            throw lineTooLong(what, after: used, at: start)
        }
        return false
    }

    /// A complete chunk-size or trailer line of `length` bytes, plus its CRLF, must fit in the head
    /// limit together with the `used` bytes of head and trailers before it.
    private func checkLineLength(_ length: Int, _ what: String, after used: Int, at offset: Int)
        throws(HTTPParseError)
    {
        if used + length + 2 > limits.maxHeadBytes { throw lineTooLong(what, after: used, at: offset) }
    }

    private func lineTooLong(_ what: String, after used: Int, at offset: Int) -> HTTPParseError {
        used == 0
            ? failure(431, "a \(what) exceeds \(limits.maxHeadBytes) bytes", at: offset)
            : failure(431, "the request head and trailers exceed \(limits.maxHeadBytes) bytes", at: offset)
    }

    /// The size on a chunk-size line (see ``HTTPHeadSyntax/chunkSize(in:line:)``).
    private func chunkSize(in line: Range<Int>) throws(HTTPParseError) -> Int {
        do throws(HTTPHeadSyntax.Malformed) {
            return try HTTPHeadSyntax.chunkSize(in: buffer, line: line)
        } catch {
            throw failure(400, error.reason, at: error.offset)
        }
    }

    /// The next CRLF-terminated line (without the CRLF), consuming it. The search resumes where
    /// the last unsuccessful one stopped.
    private mutating func nextLine() -> Range<Int>? {
        var index = start + lineScanned
        while index + 1 < buffer.count {
            if buffer[index] == 13 && buffer[index + 1] == 10 {
                let line = start..<index
                start = index + 2
                lineScanned = 0
                return line
            }
            index += 1
        }
        lineScanned = max(0, index - start)
        return nil
    }
}

private func digit(_ byte: UInt8) -> Int? {
    byte >= 48 && byte <= 57 ? Int(byte - 48) : nil
}
