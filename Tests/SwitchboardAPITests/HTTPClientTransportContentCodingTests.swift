import Foundation
import SwitchboardAPI
import SwitchboardNet
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``HTTPClientTransport`` decoding `gzip` and `deflate` bodies over real sockets: what it asks
/// for, what it undoes, and the limit on what a small body may expand into.
@Suite struct HTTPClientTransportContentCodingTests {
    private static let document = Array(String(repeating: #"{"data":{"listPosts":{"items":[]}}}"#, count: 50).utf8)

    /// Answers with `body` under `Content-Encoding: coding`, and the request's `Accept-Encoding`
    /// in `X-Accepted`.
    private static func server(coding: String, body: [UInt8]) async throws -> HTTPServer {
        try await HTTPServer.start { request in
            HTTPResponse(
                status: 200,
                headers: [
                    "Content-Type": "application/json", "Content-Encoding": coding,
                    "X-Accepted": request.headers["Accept-Encoding"] ?? "-",
                ], body: body)
        }
    }

    @Test(arguments: [
        ("gzip", TestCompression.Format.gzip), ("x-gzip", .gzip), ("deflate", .zlib), ("deflate", .raw),
    ])
    func compressedBodiesAreDecoded(coding: String, format: TestCompression.Format) async throws {
        let server = try await Self.server(
            coding: coding, body: TestCompression.compress(Self.document, format: format))
        defer { Task { await server.stop() } }
        let response = try await HTTPClientTransport().send(URLRequest(url: server.url))
        #expect(Array(response.body) == Self.document)
        #expect(response.headers["x-accepted"] == "gzip, deflate")
        // They describe the bytes on the wire, not the body handed over.
        #expect(response.headers["content-encoding"] == nil)
        #expect(response.headers["content-length"] == nil)
    }

    @Test func gzipMembersOneAfterAnotherAreOneBody() async throws {
        let first = Array("first half, ".utf8)
        let second = Array("second half".utf8)
        let server = try await Self.server(
            coding: "gzip", body: TestCompression.compress(first) + TestCompression.compress(second))
        defer { Task { await server.stop() } }
        let response = try await HTTPClientTransport().send(URLRequest(url: server.url))
        #expect(String(decoding: response.body, as: UTF8.self) == "first half, second half")
    }

    @Test func aRequestsOwnAcceptEncodingIsSentAsItIs() async throws {
        let server = try await Self.server(coding: "identity", body: Self.document)
        defer { Task { await server.stop() } }
        var request = URLRequest(url: server.url)
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        let response = try await HTTPClientTransport().send(request)
        #expect(response.headers["x-accepted"] == "identity")
        #expect(Array(response.body) == Self.document)
    }

    @Test func aBodyThatExpandsPastTheLimitFailsNamingIt() async throws {
        // 4 MiB of zeros compress to about 4 KiB: well under the limit on the wire, far over it decoded.
        let bomb = TestCompression.compress([UInt8](repeating: 0, count: 4 << 20))
        let server = try await HTTPServer.start { request in
            request.path == "/bomb"
                ? HTTPResponse(status: 200, headers: ["Content-Encoding": "gzip"], body: bomb) : .text("fine")
        }
        defer { Task { await server.stop() } }
        let transport = HTTPClientTransport(maximumResponseBodySize: 1 << 20)
        let error = await #expect(throws: APIError.self) {
            try await transport.send(URLRequest(url: server.url.appendingPathComponent("bomb")))
        }
        let text = error?.description ?? ""
        #expect(text.contains("(Content-Encoding: gzip) decodes to more than 1048576 bytes"), "\(text)")
        #expect(text.contains("HTTPClientTransport(maximumResponseBodySize:)"), "\(text)")
        // The response was read to its end on the wire: its connection carries the next request.
        let next = try await transport.send(URLRequest(url: server.url.appendingPathComponent("next")))
        #expect(String(decoding: next.body, as: UTF8.self) == "fine")
        #expect(server.acceptedConnectionCount == 1)
    }

    @Test(arguments: [
        ("gzip", Array("not gzip at all".utf8), "corrupt at byte"),
        ("gzip", Array(TestCompression.compress(Array("cut short".utf8)).dropLast(12)), "ends before its end marker"),
        ("deflate", TestCompression.compress(Array("x".utf8), format: .zlib) + [1, 2, 3], "3 bytes follow the end"),
        ("br", Array("whatever".utf8), "unsupported Content-Encoding: br"),
    ])
    func undecodableBodiesFailNamingTheProblem(coding: String, body: [UInt8], message: String) async throws {
        let server = try await Self.server(coding: coding, body: body)
        defer { Task { await server.stop() } }
        let error = await #expect(throws: APIError.self) {
            try await HTTPClientTransport().send(URLRequest(url: server.url))
        }
        let text = error?.description ?? ""
        #expect(text.contains(message), "\(text)")
        #expect(text.contains("Bad response from http://127.0.0.1:\(server.url.port ?? 0)"), "\(text)")
    }
}
