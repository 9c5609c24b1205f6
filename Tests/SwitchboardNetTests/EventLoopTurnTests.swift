import SwitchboardCore
import Testing

@testable import SwitchboardNet

/// A job that shares its loop's turn with others lets them run first; alone, it goes on at once
/// (a server's answers to requests that arrived together leave together; a lone one is not
/// delayed).
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

    @Test func offTheLoopsItReturnsAtOnce() async {
        #expect(CurrentLoop.jobsInTurn == 0)
        await EventLoop.yieldToOtherJobsOfTurn()
        #expect(CurrentLoop.jobsInTurn == 0)
    }
}
