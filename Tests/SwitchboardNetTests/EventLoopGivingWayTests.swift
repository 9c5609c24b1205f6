import SwitchboardCore
import Testing

@testable import SwitchboardNet

/// Bulk work on a loop (a fan-out's writes) gives way every few items: what was queued on the
/// loop meanwhile runs before the work goes on, not after all of it.
@Suite struct EventLoopGivingWayTests {
    @Test(arguments: [(turn: 10, probeSees: 10), (turn: 1_000, probeSees: 100)])
    func workQueuedMeanwhileRunsAtTheNextTurn(turn: Int, probeSees: Int) async throws {
        // The shared loop: other tests' jobs may run between, which changes nothing here.
        let loop = try EventLoop.shared
        let done = Locked(0)
        let seenByProbe = Locked<Int?>(nil)
        await Task.onLoop(loop) {
            await EventLoop.forEach(0..<100, givingWayEvery: turn) { item in
                if item == 0 {
                    // Queued on the loop behind the running work, as a request's readiness is.
                    Task.onLoop(loop) { seenByProbe.withLock { $0 = done.withLock { $0 } } }
                }
                done.withLock { $0 += 1 }
            }
        }.value
        while seenByProbe.withLock({ $0 }) == nil { await Task.yield() }
        #expect(done.withLock { $0 } == 100)
        #expect(seenByProbe.withLock { $0 } == probeSees)
    }
}
