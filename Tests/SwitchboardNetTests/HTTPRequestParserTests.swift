import Testing

@testable import SwitchboardNet

struct HTTPRequestParserTests {
    private func parseAll(_ text: String, limits: HTTPRequestParser.Limits = .init(), byteByByte: Bool = false)
        throws -> [HTTPRequest]
    {
        var parser = HTTPRequestParser(limits: limits)
        var requests: [HTTPRequest] = []
        let bytes = Array(text.utf8)
        let pieces = byteByByte ? bytes.map { [$0] } : [bytes]
        for piece in pieces {
            parser.append(piece)
            while let request = try parser.nextRequest() { requests.append(request) }
        }
        return requests
    }

    @Test func parsesRequestLineHeadersAndBody() throws {
        let requests = try parseAll(
            "POST /graphql?x=1&y=a%20b+c HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nX-Two: a\r\nx-two: b\r\n\r\nhello")
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/graphql")
        #expect(request.queryItem("y") == "a b c")
        #expect(request.headers.values(for: "X-TWO") == ["a", "b"])
        #expect(request.bodyText == "hello")
    }

    @Test func byteByByteFeedingGivesTheSameRequests() throws {
        let text =
            "POST /a HTTP/1.1\r\nContent-Length: 3\r\n\r\nabcGET /b HTTP/1.1\r\n\r\n"
            + "POST /c HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=1\r\nxyz\r\n2\r\nuv\r\n0\r\nTrailer: t\r\n\r\n"
        let whole = try parseAll(text)
        let split = try parseAll(text, byteByByte: true)
        #expect(whole.map(\.target) == ["/a", "/b", "/c"])
        #expect(split.map(\.target) == whole.map(\.target))
        #expect(split.map(\.bodyText) == ["abc", "", "xyzuv"])
        #expect(split[2].trailers["Trailer"] == "t")
        #expect(split[2].headers["Trailer"] == nil)
    }

    @Test(arguments: [
        ("GARBAGE\r\n\r\n", 400),
        ("GET  / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1 extra\r\n\r\n", 400),
        (" / HTTP/1.1\r\n\r\n", 400),
        ("G(T / HTTP/1.1\r\n\r\n", 400),
        ("GET /\u{7F} HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.10\r\n\r\n", 400),
        ("GET / HTTPS1.1\r\n\r\n", 400),
        ("GET / \r\n\r\n", 400),
        ("GET / HTTP/2.0\r\n\r\n", 505),
        ("GET / HTTP/1.1\r\nBad Header: x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n folded\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1 0\r\n", 400),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n 1\r\n", 400),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n+1\r\n", 400),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0x1\r\n", 400),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1;a\nb\r\n", 400),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1000000000000000\r\n", 400),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nBad Trailer: x\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nContent-Length: 99999\r\n\r\n", 413),
    ])
    func rejectsMalformedRequests(text: String, status: Int) {
        #expect {
            _ = try parseAll(text, limits: .init(maxHeadBytes: 1024, maxBodyBytes: 1000))
        } throws: { error in
            (error as? HTTPParseError)?.status == status
        }
    }

    @Test(arguments: [
        ("GET  / HTTP/1.1\r\n\r\n", "malformed request line", 0),
        ("GET / HTTP/1.1 extra\r\n\r\n", "malformed request line", 0),
        (" / HTTP/1.1\r\n\r\n", "malformed request line", 0),
        ("G(T / HTTP/1.1\r\n\r\n", "malformed method", 0),
        ("GET /\u{7F} HTTP/1.1\r\n\r\n", "malformed request target", 4),
        ("GET / HTTP/1.10\r\n\r\n", "malformed HTTP version", 6),
        ("GET / \r\n\r\n", "malformed HTTP version", 6),
    ])
    func requestLineErrorsSayWhatAndWhere(text: String, reason: String, offset: Int) {
        #expect {
            _ = try parseAll(text)
        } throws: { error in
            guard let error = error as? HTTPParseError else { return false }
            return error.status == 400 && error.reason == reason && error.offset == offset
        }
    }

    @Test func rejectsOversizedHeadsBeforeTheyEnd() {
        let text = "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 5000)
        #expect(throws: HTTPParseError.self) { _ = try parseAll(text, limits: .init(maxHeadBytes: 1024)) }
    }

    /// A head right at the limit is accepted whether it arrives at once or byte by byte, and one a
    /// byte over it is refused both ways (the piecewise path once refused the first too early).
    @Test(arguments: [false, true])
    func theHeadLimitIsTheSameWhateverThePieces(byteByByte: Bool) throws {
        let limits = HTTPRequestParser.Limits(maxHeadBytes: 64)
        let atLimit = "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 64 - 19) + "\r\n\r\n"
        #expect(try parseAll(atLimit, limits: limits, byteByByte: byteByByte).count == 1)
        let overLimit = "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 64 - 18) + "\r\n\r\n"
        #expect(throws: HTTPParseError.self) { _ = try parseAll(overLimit, limits: limits, byteByByte: byteByByte) }
    }

    @Test func oversizedChunkedBodyIsRejected() {
        let chunk = String(repeating: "a", count: 600)
        let text =
            "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n258\r\n\(chunk)\r\n258\r\n\(chunk)\r\n0\r\n\r\n"
        #expect {
            _ = try parseAll(text, limits: .init(maxBodyBytes: 1000))
        } throws: { ($0 as? HTTPParseError)?.status == 413 }
    }

    @Test func keepAliveFollowsVersionAndConnectionHeader() throws {
        let requests = try parseAll(
            "GET / HTTP/1.1\r\n\r\nGET / HTTP/1.1\r\nConnection: close\r\n\r\nGET / HTTP/1.0\r\n\r\n"
                + "GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")
        #expect(requests.map(\.keepAlive) == [true, false, false, true])
    }

    @Test func errorOffsetsCountFromTheStartOfTheConnection() {
        let text = "GET /a HTTP/1.1\r\n\r\nGET /b HTTP/1.1\r\nBad Header: x\r\n\r\n"
        #expect {
            _ = try parseAll(text)
        } throws: { ($0 as? HTTPParseError)?.offset == 36 }
    }
}
