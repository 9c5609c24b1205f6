import SwitchboardCore
import TestSupport
import Testing

@testable import SwitchboardNet

/// A job that shares its loop's turn with others lets them run first; alone, it goes on at once
/// (a server's answers to requests that arrived together leave together; a lone one is not
/// delayed). The loop itself takes back a task that gave way, in its next turn: an answer ahead of
/// the work that turn's readiness brings, bulk work behind it.
@Suite struct EventLoopTurnTests {
    @Test func aJobSharingItsTurnGoesOnAfterTheOthers() async throws {
        // Its own loop: another test's job in the same turn would not change the order here, but
        // the turn must be known to hold both tasks.
        let loop = try EventLoop()
        let order = Locked<[String]>([])
        await Task.onLoop(loop) {
            // Both queued from this job, so the loop runs them in its next turn, together.
            let first = Task.onLoop(loop) {
                await EventLoop.yieldToOtherJobsOfTurn()
                order.withLock { $0.append("first") }
            }
            let second = Task.onLoop(loop) { order.withLock { $0.append("second") } }
            await first.value
            await second.value
        }.value
        #expect(order.withLock { $0 } == ["second", "first"])
    }

    @Test func aJobAloneInItsTurnGoesOnAtOnce() async throws {
        let loop = try EventLoop()
        let order = Locked<[String]>([])
        await Task.onLoop(loop) {
            // Queued for the loop's next turn: it runs after this job only if the job yields.
            let probe = Task.onLoop(loop) { order.withLock { $0.append("probe") } }
            await EventLoop.yieldToOtherJobsOfTurn()
            order.withLock { $0.append("job") }
            await probe.value
        }.value
        #expect(order.withLock { $0 } == ["job", "probe"])
    }

    @Test func aJobThatLetItsTurnGoFirstGoesOnAheadOfWhatReadinessBrings() async throws {
        let order = try await Self.orderOfGivingWay { await EventLoop.yieldToOtherJobsOfTurn() }
        #expect(order == ["gave way", "reader"])
    }

    @Test func bulkWorkThatGivesWayGoesOnBehindWhatReadinessBrings() async throws {
        let order = try await Self.orderOfGivingWay { await EventLoop.giveWay() }
        #expect(order == ["reader", "gave way"])
    }

    @Test func aLoopThreadKnowsItsLoopAndOtherThreadsNone() async throws {
        let loop = try EventLoop()
        #expect(await Task.onLoop(loop) { CurrentLoop.loop === loop }.value)
        #expect(CurrentLoop.loop == nil)
        // Off the loops, giving way is a plain yield: it comes back.
        let returned = try await resultUnlessHung(deadline: .seconds(20)) {
            await EventLoop.giveWay()
            return true
        }
        #expect(returned == true)
    }

    /// In which order a loop goes on with a job that gave way (by `giveWay`) in a turn shared with
    /// another job, and with a reader that the other job's write to its socket made ready.
    private static func orderOfGivingWay(
        _ giveWay: @escaping @Sendable () async -> Void
    ) async throws -> [String] {
        let loop = try EventLoop()
        let listener = try TCPListener()
        async let accepted = listener.accept(on: loop)
        let client = try await TCPConnection.connect(host: "127.0.0.1", port: listener.port)
        let server = try await accepted
        defer { listener.close() }
        let order = Locked<[String]>([])
        await Task.onLoop(loop) {
            // Waits for the socket from the loop's next turn on.
            let reader = Task.onLoop(loop) {
                _ = try? await server.read(maxBytes: 1)
                order.withLock { $0.append("reader") }
            }
            // Goes on once that turn has run.
            await Task.onLoop(loop) {}.value
            // Both in the following turn: the first gives way, the second makes the reader ready.
            let first = Task.onLoop(loop) {
                await giveWay()
                order.withLock { $0.append("gave way") }
            }
            let second = Task.onLoop(loop) { try? await client.write([1]) }
            await first.value
            await second.value
            await reader.value
        }.value
        await client.close()
        await server.close()
        return order.withLock { $0 }
    }

    @Test func offTheLoopsItReturnsAtOnce() async {
        #expect(CurrentLoop.jobsInTurn == 0)
        await EventLoop.yieldToOtherJobsOfTurn()
        #expect(CurrentLoop.jobsInTurn == 0)
    }
}
