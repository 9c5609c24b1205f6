import Foundation
import SwitchboardAPI
import SwitchboardNet
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``URLSessionTransport``'s limits over real sockets: a body larger than the limit is cut off
/// (declared or streamed without end), a response that trickles in forever meets the overall
/// deadline, and cancelling the calling task ends a request whose body is still arriving.
@Suite struct URLSessionTransportLimitsTests {
    private static func server(
        _ respond: @escaping @Sendable (TCPConnection) async throws -> Void
    ) throws -> (url: URL, task: Task<Void, Never>) {
        try ScriptedHTTPServer.start(respond)
    }

    private static func head(_ fields: String) -> [UInt8] { ScriptedHTTPServer.head(fields) }

    @Test func aBodyWithinTheLimitArrivesWhole() async throws {
        let body = #"{"data":{"ok":true}}"#
        let (url, task) = try Self.server {
            try await $0.write(Self.head("Content-Length: \(body.utf8.count)\r\n") + Array(body.utf8))
        }
        defer { task.cancel() }
        let response = try await URLSessionTransport(maximumResponseBodySize: 64).send(URLRequest(url: url))
        #expect(response.statusCode == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == body)
    }

    @Test func aDeclaredLengthOverTheLimitFailsNamingIt() async throws {
        let (url, task) = try Self.server { connection in
            try await connection.write(Self.head("Content-Length: 10000000\r\n") + Array(repeating: 0x20, count: 1000))
            try await Task.sleep(for: .seconds(30))
        }
        defer { task.cancel() }
        await #expect {
            _ = try await URLSessionTransport(maximumResponseBodySize: 4096).send(URLRequest(url: url))
        } throws: { error in
            "\(error)".contains("larger than 4096 bytes (URLSessionTransport(maximumResponseBodySize:))")
        }
    }

    @Test func anEndlessChunkedBodyIsCutOffAtTheLimit() async throws {
        let (url, task) = try Self.server { connection in
            try await connection.write(Self.head("Transfer-Encoding: chunked\r\n"))
            let chunk = Array("4000\r\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 0x4000) + Array("\r\n".utf8)
            while true { try await connection.write(chunk) }  // until the client goes away
        }
        defer { task.cancel() }
        await #expect {
            _ = try await URLSessionTransport(maximumResponseBodySize: 1 << 20).send(URLRequest(url: url))
        } throws: { error in
            "\(error)".contains("larger than 1048576 bytes")
        }
    }

    @Test func aTricklingResponseMeetsTheOverallDeadline() async throws {
        let (url, task) = try Self.server { connection in
            try await connection.write(Self.head("Transfer-Encoding: chunked\r\n"))
            while true {
                try await connection.write(Array("1\r\nx\r\n".utf8))  // always within the idle timeout
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        defer { task.cancel() }
        let transport = URLSessionTransport(timeout: 5, requestDeadline: .milliseconds(500))
        await #expect {
            _ = try await transport.send(URLRequest(url: url))
        } throws: { error in
            "\(error)".contains("did not complete within 0.5 seconds (URLSessionTransport(requestDeadline:))")
        }
    }

    @Test func aSessionYouSupplyGetsTheLimitCheckedAfterReading() async throws {
        let body = String(repeating: "y", count: 5000)
        let (url, task) = try Self.server {
            try await $0.write(Self.head("Content-Length: 5000\r\n") + Array(body.utf8))
        }
        defer { task.cancel() }
        let transport = URLSessionTransport(
            session: URLSession(configuration: .ephemeral), maximumResponseBodySize: 4999)
        await #expect {
            _ = try await transport.send(URLRequest(url: url))
        } throws: { error in
            "\(error)".contains("larger than 4999 bytes")
        }
    }

    @Test func cancellingTheCallerEndsARequestMidBody() async throws {
        let (url, task) = try Self.server { connection in
            try await connection.write(Self.head("Content-Length: 100000\r\n") + Array(repeating: 0x20, count: 10))
            try await Task.sleep(for: .seconds(30))
        }
        defer { task.cancel() }
        let transport = URLSessionTransport()
        let request = Task { try await transport.send(URLRequest(url: url)) }
        try await Task.sleep(for: .milliseconds(200))
        request.cancel()
        await #expect(throws: (any Error).self) { _ = try await request.value }
    }
}
