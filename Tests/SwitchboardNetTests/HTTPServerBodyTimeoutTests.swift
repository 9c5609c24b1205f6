import Foundation
import Testing

@testable import SwitchboardNet

/// `HTTPServer.Configuration.requestBodyTimeout`: a body trickled byte by byte (each byte well
/// within the idle timeout) is cut off with a `408` once the body deadline passes, while other
/// clients are served. Deadlines are generous: the point is that the server cuts it at all.
struct HTTPServerBodyTimeoutTests {
    @Test func aBodyTrickledByteByByteIsAnswered408AtTheBodyDeadline() async throws {
        var configuration = HTTPServer.Configuration.patient(requestBodyTimeout: .seconds(2))
        configuration.lingerTimeout = .milliseconds(200)
        let server = try await HTTPServer.start(configuration: configuration) { request in
            .text("\(request.method) \(request.path) \(request.body.count)")
        }
        try await onEventLoop { try await trickleABodyBesideAHealthyClient(server) }
        await server.stop()
    }

    /// The 408's lingering close ends 200 ms after it: a client reading later finds a reset.
    private func trickleABodyBesideAHealthyClient(_ server: HTTPServer) async throws {
        var client = try await RawHTTPClient.connect(port: server.port)
        try await client.send("POST /slow HTTP/1.1\r\nContent-Length: 100000\r\n\r\n")
        let connection = client.connection
        let trickle = Task {
            // One byte every 50 ms for at most a minute: without a body deadline the request never
            // completes and the idle timeout never fires.
            for _ in 0..<1200 {
                try await Task.sleep(for: .milliseconds(50))
                try await connection.write(Array("x".utf8))
            }
        }
        defer { trickle.cancel() }

        var healthy = try await RawHTTPClient.connect(port: server.port)
        try await healthy.send("POST /fine HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc")
        #expect(try await healthy.readResponse()?.body == "POST /fine 3")

        let response = try #require(try await client.readResponse())
        trickle.cancel()
        #expect(response.status == 408)
        #expect(response.body == "the request body did not arrive in time\n")
        #expect(response.header("Connection") == "close")
        #expect(try await client.isClosedByServer())

        try await healthy.send("GET /after HTTP/1.1\r\n\r\n")
        #expect(try await healthy.readResponse()?.body == "GET /after 0")
        await healthy.connection.close()
        await connection.close()
    }

    @Test func eachRequestOfAConnectionGetsItsOwnBodyDeadline() async throws {
        // Bodies that arrive in full are answered however long the connection has been open.
        let configuration = HTTPServer.Configuration.patient(requestBodyTimeout: .seconds(30))
        let server = try await HTTPServer.start(configuration: configuration) { request in
            .text("\(request.path) \(request.bodyText)")
        }
        var client = try await RawHTTPClient.connect(port: server.port)
        for index in 0..<5 {
            try await client.send("POST /\(index) HTTP/1.1\r\nContent-Length: 4\r\n\r\nab")
            try await Task.sleep(for: .milliseconds(20))
            try await client.send("cd")
            #expect(try await client.readResponse()?.body == "/\(index) abcd")
        }
        await client.connection.close()
        await server.stop()
    }
}
