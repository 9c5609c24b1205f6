import Foundation
import SwitchboardCore
import Testing

@testable import SwitchboardServer

/// A mutation's events wait in the fan-out queue for its answer to be written, at most a short
/// head start, and keep the order the mutations handed them over in.
struct AnswerGateTests {
    /// Polls until `condition` holds. The deadline is generous: a head start is a timer, and the
    /// whole suite running beside it has held the cooperative pool's timers back for seconds.
    static func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw CancellationError() }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    @Test func anEventWaitsForItsAnswerAndTheNextWaitsBehindIt() async throws {
        let published = Locked<[String]>([])
        let queue = FanOutQueue { batch in published.withLock { $0.append(batch.now) } }
        let gate = AnswerGate()
        let start = ContinuousClock.now
        await queue.submit([], now: "first", after: gate)
        await queue.submit([], now: "second")
        // Neither goes while the first answer is unwritten (well within the head start).
        try await Task.sleep(for: .milliseconds(2))
        let early = published.withLock { $0 }
        let withinHeadStart = ContinuousClock.now - start < AnswerGate.headStart
        gate.open()
        try await Self.waitUntil { published.withLock { $0.count } == 2 }
        #expect(published.withLock { $0 } == ["first", "second"])
        // Checked only when the look came before the head start ended (nearly always).
        if withinHeadStart { #expect(early.isEmpty) }
        await queue.close()
    }

    @Test func anAnswerNeverWrittenHoldsItsEventsOnlyForTheHeadStart() async throws {
        let published = Locked<[String]>([])
        let queue = FanOutQueue { batch in published.withLock { $0.append(batch.now) } }
        await queue.submit([], now: "unanswered", after: AnswerGate())
        await queue.submit([], now: "next", after: AnswerGate())
        try await Self.waitUntil { published.withLock { $0.count } == 2 }
        #expect(published.withLock { $0 } == ["unanswered", "next"])
        await queue.close()
    }

    @Test func anOpenGateDoesNotWait() async {
        let gate = AnswerGate()
        gate.open()
        await gate.wait(upTo: .seconds(60))
        let never = AnswerGate()
        await never.wait(upTo: .milliseconds(1))
    }
}
