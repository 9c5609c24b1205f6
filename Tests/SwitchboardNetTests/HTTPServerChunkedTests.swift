import Foundation
import Testing

@testable import SwitchboardNet

/// Chunked request bodies over real sockets: trailers never reach the responder as headers, and
/// malformed chunk-size lines or oversized trailers are refused with the right status.
struct HTTPServerChunkedTests {
    private static func start() async throws -> HTTPServer {
        try await HTTPServer.start(configuration: .patient(limits: .init(maxHeadBytes: 2048))) { request in
            let key = request.headers["x-api-key"] ?? "none"
            let trailer = request.trailers["x-api-key"] ?? "none"
            return .text("\(request.bodyText) header=\(key) trailer=\(trailer)")
        }
    }

    @Test func anAPIKeySentAsATrailerIsNotARequestHeader() async throws {
        let server = try await Self.start()
        var client = try await RawHTTPClient.connect(port: server.port)
        try await client.send(
            "POST /graphql HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\nx-api-key: da2-trailer\r\n\r\n"
        )
        #expect(try await client.readResponse()?.body == "{} header=none trailer=da2-trailer")
        await client.connection.close()
        await server.stop()
    }

    @Test(arguments: ["1 0", " 1", "1\u{0B}", "-1", "0x1", "1;ext\u{01}"])
    func aMalformedChunkSizeLineIsAnswered400(line: String) async throws {
        let server = try await Self.start()
        // The healthy connection's first head is due within the head timeout of its accept.
        try await onEventLoop { try await exchangeBesideAMalformedChunk(line: line, server: server) }
        await server.stop()
    }

    private func exchangeBesideAMalformedChunk(line: String, server: HTTPServer) async throws {
        var healthy = try await RawHTTPClient.connect(port: server.port)
        var client = try await RawHTTPClient.connect(port: server.port)
        try await client.send("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n\(line)\r\nx\r\n0\r\n\r\n")
        let response = try #require(try await client.readResponse())
        #expect(response.status == 400)
        #expect(try await client.isClosedByServer())
        try await healthy.send("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\n\r\n")
        #expect(try await healthy.readResponse()?.body == "x header=none trailer=none")
        await healthy.connection.close()
        await client.connection.close()
    }

    @Test func trailersBeyondTheHeadLimitAreAnswered431() async throws {
        let server = try await Self.start()
        var client = try await RawHTTPClient.connect(port: server.port)
        let trailers = (0..<100).map { "X-Padding-\($0): \(String(repeating: "p", count: 30))\r\n" }.joined()
        try await client.send("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\n\(trailers)\r\n")
        let response = try #require(try await client.readResponse())
        #expect(response.status == 431)
        #expect(response.body == "the request head and trailers exceed 2048 bytes\n")
        await client.connection.close()
        await server.stop()
    }
}
