import Foundation
import TestSupport
import Testing

@testable import SwitchboardNet

/// Chunked bodies: trailers are kept apart from the headers and count against the head limit,
/// chunk-size lines are strict, and parsing stays linear however the input is split.
struct HTTPRequestParserTrailerTests {
    private static func parse(_ bytes: [UInt8], limits: HTTPRequestParser.Limits, pieceSize: Int) throws
        -> [HTTPRequest]
    {
        var parser = HTTPRequestParser(limits: limits)
        var requests: [HTTPRequest] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + pieceSize, bytes.count)
            parser.append(Array(bytes[offset..<end]))
            while let request = try parser.nextRequest() { requests.append(request) }
            offset = end
        }
        return requests
    }

    @Test func trailersAreNeverMergedIntoTheHeaders() throws {
        let text =
            "POST /graphql HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n"
            + "Authorization: Bearer smuggled\r\nx-api-key: da2-smuggled\r\n\r\n"
        let request = try #require(try Self.parse(Array(text.utf8), limits: .init(), pieceSize: 7).first)
        #expect(request.headers["Authorization"] == nil)
        #expect(request.headers["x-api-key"] == nil)
        #expect(request.trailers["Authorization"] == "Bearer smuggled")
        #expect(request.trailers["x-api-key"] == "da2-smuggled")
        #expect(request.bodyText == "{}")
    }

    @Test func trailersCountAgainstTheHeadLimit() {
        let head = "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"  // 47 bytes
        let trailers = (0..<40).map { "X-T\($0): \(String(repeating: "v", count: 20))\r\n" }.joined()
        let text = head + "1\r\na\r\n0\r\n" + trailers + "\r\n"
        #expect {
            _ = try Self.parse(Array(text.utf8), limits: .init(maxHeadBytes: 1024), pieceSize: 64)
        } throws: { error in
            guard let error = error as? HTTPParseError else { return false }
            return error.status == 431 && error.reason == "the request head and trailers exceed 1024 bytes"
        }
        // The same trailers fit a larger limit, and the pipelined request after them is parsed.
        let pipelined = text + "GET /next HTTP/1.1\r\n\r\n"
        let requests = try? Self.parse(Array(pipelined.utf8), limits: .init(maxHeadBytes: 4096), pieceSize: 64)
        #expect(requests?.map(\.target) == ["/", "/next"])
        #expect(requests?.first?.trailers.fields.count == 40)
        #expect(requests?.last?.trailers.fields.isEmpty == true)
    }

    @Test func anOverlongChunkSizeLineIsRefusedBeforeItEnds() {
        let text = "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1;" + String(repeating: "e", count: 5000)
        #expect {
            _ = try Self.parse(Array(text.utf8), limits: .init(maxHeadBytes: 1024), pieceSize: 100)
        } throws: { ($0 as? HTTPParseError)?.status == 431 }
    }

    /// Long chunk-size and trailer lines near the limit, complete or cut off, ending in a bare CR
    /// or not: every way of splitting the reads gives the outcome of reading it at once (the
    /// trailer case was found by scripts/fuzz http-request).
    @Test(arguments: [0, 1, 2, 3]) func lineLimitsDoNotDependOnHowReadsAreSplit(shape: Int) async throws {
        let head = "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"  // 47 bytes
        let limits = HTTPRequestParser.Limits(maxHeadBytes: 128)
        for length in 60...140 {
            let filler = String(repeating: "e", count: length)
            let text =
                switch shape {
                case 0: head + "1;" + filler + "\r\na\r\n0\r\n\r\n"
                case 1: head + "1;" + filler + "\r"
                case 2: head + "1\r\na\r\n0\r\nX-T: " + filler + "\r\n\r\n"
                default: head + "1\r\na\r\n0\r\nX-T: " + filler + "\r"
                }
            let bytes = Array(text.utf8)
            // Thousands of parses: on their own thread, so that tests waiting on sockets keep theirs.
            let outcomes = try #require(
                try await resultUnlessHung(onThread: {
                    (0...64).map { pieceSize in
                        "\(Result { try Self.parse(bytes, limits: limits, pieceSize: pieceSize == 0 ? bytes.count : pieceSize).map(\.bodyText) })"
                    }
                }))
            for pieceSize in 1...64 {
                #expect(
                    outcomes[pieceSize] == outcomes[0],
                    "shape \(shape), line of \(length) bytes, \(pieceSize)-byte reads")
            }
        }
    }

    @Test func chunkSizesAcceptWhitespaceOnlyBeforeExtensions() throws {
        let text =
            "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "3 ;name=value\r\nabc\r\nA\t; quoted=\"x y\"\r\n0123456789\r\n0\r\n\r\n"
        let request = try #require(try Self.parse(Array(text.utf8), limits: .init(), pieceSize: 1).first)
        #expect(request.bodyText == "abc0123456789")
    }

    /// 160 KB of trailers used to take 24 s: every trailer line copied all the fields so far.
    /// 1.6 MB of them, fed in small pieces, would then take many minutes; they must parse, and the
    /// deadline only detects the runaway.
    @Test func manyTrailersFedInSmallPiecesParseInLinearTime() async throws {
        let head = "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\n"
        let trailers = (0..<120_000).map { "X-T\($0): v\r\n" }.joined()
        let bytes = Array((head + trailers + "\r\n").utf8)
        let request = try await resultUnlessHung(onThread: {
            try Self.parse(bytes, limits: .init(maxHeadBytes: 4 << 20), pieceSize: 512).first
        })
        let parsed = try #require(request ?? nil, "parsing 120,000 trailer lines did not finish within 60 s")
        #expect(parsed.trailers.fields.count + parsed.headers.fields.count == 120_001)
    }
}
