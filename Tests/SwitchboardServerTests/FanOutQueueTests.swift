import Foundation
import SwitchboardCore
import Testing

@testable import SwitchboardServer

/// Mutations hand their events to the fan-out queue and go on: publishing happens in order on
/// the queue's own task, and only a full queue makes a mutation wait.
struct FanOutQueueTests {
    /// Lets the publisher go one batch at a time and records what it published.
    final class Gate: Sendable {
        private let state = Locked((published: [String](), releases: 0, waiting: [CheckedContinuation<Void, Never>]()))

        func publish(_ batch: FanOutQueue.Batch) async {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let go = state.withLock { state -> Bool in
                    guard state.releases > 0 else {
                        state.waiting.append(waiter)
                        return false
                    }
                    state.releases -= 1
                    return true
                }
                if go { waiter.resume() }
            }
            state.withLock { $0.published.append(batch.now) }
        }

        func release(_ count: Int) {
            let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.releases += count
                let ready = Array(state.waiting.prefix(state.releases))
                state.waiting.removeFirst(ready.count)
                state.releases -= ready.count
                return ready
            }
            for waiter in ready { waiter.resume() }
        }

        var published: [String] { state.withLock { $0.published } }
    }

    static func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            guard Date() < deadline else { throw CancellationError() }
            try await Task.sleep(nanoseconds: 1_000_000)
        }
    }

    @Test func mutationsGoOnWhilePublishingWaitsAndAFullQueueMakesThemWait() async throws {
        let gate = Gate()
        let queue = FanOutQueue(capacity: 2) { await gate.publish($0) }
        // Two batches are admitted while the first publish is held.
        await queue.submit([], now: "1")
        await queue.submit([], now: "2")
        #expect(queue.statistics.pending == 2)
        // A third waits for room.
        let third = Task { await queue.submit([], now: "3") }
        try await Self.waitUntil { queue.statistics.waits == 1 }
        #expect(gate.published.isEmpty)

        gate.release(1)
        await third.value
        gate.release(2)
        try await Self.waitUntil { gate.published.count == 3 }
        #expect(gate.published == ["1", "2", "3"])
        try await Self.waitUntil { queue.statistics.pending == 0 }
        #expect(queue.statistics == .init(pending: 0, published: 3, waits: 1))
    }

    @Test func closePublishesWhatIsPendingAndDropsWhatComesAfter() async throws {
        let gate = Gate()
        gate.release(100)
        let queue = FanOutQueue(capacity: 10) { await gate.publish($0) }
        for index in 0..<5 { await queue.submit([], now: "\(index)") }
        await queue.close()
        #expect(gate.published == ["0", "1", "2", "3", "4"])
        await queue.submit([], now: "late")
        #expect(queue.statistics.published == 5)
        #expect(gate.published.count == 5)
    }
}
