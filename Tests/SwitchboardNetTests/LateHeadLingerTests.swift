import Foundation
import Testing

@testable import SwitchboardNet

/// A connection answered `408` for a late head lingers (its input shut) until the client closes,
/// not until the linger timeout: a slow client that leaves frees its place at once.
struct LateHeadLingerTests {
    @Test func aSlowClientThatLeavesAfterItsTimeoutIsLetGoBeforeTheLingerTimeout() async throws {
        // The connection's task must answer 408 within one more head timeout after the deadline,
        // else the server closes without an answer (by design, under load). Under the whole
        // suite's load even one second was missed once, so a few tries: the linger is checked on
        // the first that got its answer.
        var configuration = HTTPServer.Configuration(requestHeadTimeout: .seconds(2))
        // Far longer than the test waits: only the client's close can end the linger in time.
        configuration.lingerTimeout = .seconds(60)
        let server = try await HTTPServer.start(configuration: configuration) { _ in .text("unreachable") }
        do {
            var answered = false
            for _ in 0..<3 where !answered {
                var client = try await RawHTTPClient.connect(port: server.port)
                try await client.send("GET / HTTP/1.1\r\nHost: test\r\n")
                guard let response = try await client.readResponse() else {
                    await client.connection.close()
                    continue
                }
                answered = true
                #expect(response.status == 408)
                #expect(server.connectionCountForTesting == 1)
                await client.connection.close()
            }
            #expect(answered, "the server never answered 408 in time: no linger to check")

            let deadline = ContinuousClock.now + .seconds(20)
            while server.connectionCountForTesting > 0 && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(server.connectionCountForTesting == 0)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
