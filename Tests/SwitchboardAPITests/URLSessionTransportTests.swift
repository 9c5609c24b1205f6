import Foundation
import SwitchboardCore
import SwitchboardNet
import Testing

@testable import SwitchboardAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Cancellation of requests in flight over loopback.
@Suite struct URLSessionTransportTests {
    /// Cancelling requests just as their answers arrive must never hang: on Linux,
    /// `URLSession.data(for:)` deadlocked there (its cancellation handler waited for the session's
    /// queue while that queue waited for the task's status lock), which stopped `scripts/soak`. A
    /// deadlock takes the cooperative threads with it, so a watchdog thread ends the process with
    /// a message rather than let the test run hang.
    @Test func cancellingRequestsAsTheyCompleteNeverHangs() async throws {
        let server = try await HTTPServer.start { _ in .json(#"{"data":{}}"#) }
        defer { Task { await server.stop() } }
        let transport = URLSessionTransport()
        let request = {
            var request = URLRequest(url: server.url.appendingPathComponent("graphql"))
            request.httpMethod = "POST"
            request.httpBody = Data(#"{"query":"{ a }"}"#.utf8)
            return request
        }()

        let finished = DispatchSemaphore(value: 0)
        let watchdog = Thread {
            if finished.wait(timeout: .now() + 120) == .timedOut {
                FileHandle.standardError.write(
                    Data("URLSessionTransportTests: cancelled requests deadlocked (no progress in 120 s)\n".utf8))
                abort()
            }
        }
        watchdog.start()
        defer { finished.signal() }

        let completed = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for round in 0..<150 {
                        let sending = Task { _ = try? await transport.send(request) }
                        // Cancel at varying moments around the answer's arrival.
                        try? await Task.sleep(for: .microseconds(50 * (round % 40)))
                        sending.cancel()
                        await sending.value
                        completed.withLock { $0 += 1 }
                    }
                }
            }
        }
        #expect(completed.withLock { $0 } == 8 * 150)
    }
}
