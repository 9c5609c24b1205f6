import Foundation
import SwitchboardNet
import Testing

@testable import SwitchboardMock

/// `MockServerLimits.maximumRecordedRequests` and `maximumRecordedBodyBytes`: the request log keeps
/// the most recent requests, drops the oldest and counts them, so a long-running mock stays flat.
struct MockRequestLogTests {
    @Test func theLogKeepsTheMostRecentRequestsAndCountsTheDroppedOnes() async throws {
        let server = try await MockServer(
            endpoints: [HTTPEndpoint(.GET, "/r/:n", response: .text("ok"))],
            limits: MockServerLimits(maximumRecordedRequests: 100))
        for index in 0..<300 {
            let reply = try await MockServerTests.send("GET", server.url.appendingPathComponent("r/\(index)"))
            #expect(reply.status == 200)
        }
        let kept = server.receivedRequests
        #expect(kept.count == 100)
        #expect(kept.first?.path == "/r/200")
        #expect(kept.last?.path == "/r/299")
        #expect(server.droppedRequestCount == 200)
        await server.stop()
    }

    @Test func theLogKeepsNoMoreBodyBytesThanAllowed() async throws {
        let server = try await MockServer(
            endpoints: [HTTPEndpoint(.POST, "/upload/:n", response: .text("stored"))],
            limits: MockServerLimits(maximumRecordedBodyBytes: 50_000))
        let body = String(repeating: "b", count: 10_000)
        for index in 0..<12 {
            let url = server.url.appendingPathComponent("upload/\(index)")
            #expect(try await MockServerTests.send("POST", url, body: body, contentType: "text/plain").status == 200)
        }
        // A body larger than the whole budget is not kept at all.
        let huge = String(repeating: "h", count: 60_000)
        let url = server.url.appendingPathComponent("upload/huge")
        #expect(try await MockServerTests.send("POST", url, body: huge, contentType: "text/plain").status == 200)
        let kept = server.receivedRequests
        #expect(kept.map(\.path) == (7..<12).map { "/upload/\($0)" })
        #expect(kept.reduce(0) { $0 + $1.body.count } == 50_000)
        #expect(server.droppedRequestCount == 8)
        await server.stop()
    }

    @Test func theDefaultsKeepTheLastThousandRequests() {
        let limits = MockServerLimits()
        #expect(limits.maximumRecordedRequests == 1_000)
        #expect(limits.maximumRecordedBodyBytes == 64 << 20)
        var log = MockRequestLog(
            maximumCount: limits.maximumRecordedRequests, maximumBodyBytes: limits.maximumRecordedBodyBytes)
        for index in 0..<5_000 { log.append(HTTPRequest(method: "GET", target: "/\(index)")) }
        #expect(log.requests.count == 1_000)
        #expect(log.requests.first?.target == "/4000")
        #expect(log.droppedCount == 4_000)
    }
}
