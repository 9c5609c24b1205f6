import SwitchboardCore
import TestSupport
import Testing

@testable import SwitchboardNet

/// A connection lets the rest of its loop's turn go first before it writes an answer (answers to
/// requests that arrived together leave together), once per read: the answers to requests a
/// pipelining client sent in one go follow one another in one job, not a turn apart each.
@Suite struct HTTPServerTurnTests {
    @Test func pipelinedAnswersFollowOneAnotherAfterGivingWayOnce() async throws {
        var configuration = HTTPServer.Configuration.patient()
        // The shared loop alone, which the responder below queues its jobs on.
        configuration.loopCount = 1
        let loop = try EventLoop.shared
        let log = Locked<[String]>([])
        let (lastJob, lastJobRan) = AsyncStream.makeStream(of: Void.self)
        let server = try await HTTPServer.start(configuration: configuration) { request in
            let path = request.path
            // Goes on at the start of a turn with one more job queued behind it: that job runs
            // before the answer is written only if the connection gives way first.
            await withCheckedContinuation { (goOn: CheckedContinuation<Void, Never>) in
                Task.onLoop(loop) {
                    goOn.resume()
                    Task.onLoop(loop) {
                        log.withLock { $0.append("other job \(path)") }
                        if path == "/c" { lastJobRan.yield() }
                    }
                }
            }
            var response = HTTPResponse.text(path)
            response.afterSent = { log.withLock { $0.append("sent \(path)") } }
            return response
        }
        do {
            try await onEventLoop {
                var client = try await RawHTTPClient.connect(port: server.port)
                // In one write: the server reads all three at once.
                try await client.send(["/a", "/b", "/c"].map { "GET \($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined())
                for path in ["/a", "/b", "/c"] {
                    #expect(try #require(try await client.readResponse()).body == path)
                }
                let finished = try await resultUnlessHung(deadline: .seconds(20)) {
                    for await _ in lastJob { return true }
                    return false
                }
                #expect(finished == true)
                await client.connection.close()
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        // The first answer waits for its turn's other job; those behind it, already read, do not.
        #expect(
            log.withLock { $0 } == [
                "other job /a", "sent /a", "sent /b", "other job /b", "sent /c", "other job /c",
            ])
    }
}
