import SwitchboardCore

/// Mutation results on their way to subscribers. A mutation hands its events over before it
/// answers, with an ``AnswerGate`` its answer opens once written; one consumer task publishes them
/// in the order they were handed over, each batch after its gate opens (or its head start passes),
/// so a fan-out to a thousand subscribers never delays the mutation's response. (Two mutations of
/// one item that commit in one order can hand over in the other when the first one's selection
/// takes longer after its write; then its event comes second.) The queue is bounded: past ``capacity``
/// waiting batches a mutation waits for room (it is never dropped), which only happens when
/// publishing falls that far behind.
final class FanOutQueue: Sendable {
    /// One mutation's events and the request's clock.
    struct Batch: Sendable {
        var events: [MutationEvent]
        var now: String
        /// Opened once the mutation's answer is written; `nil` publishes at once.
        var gate: AnswerGate?
    }

    /// What the queue has done, for diagnostics and tests.
    struct Statistics: Sendable, Equatable {
        /// Batches handed over and not yet published.
        var pending = 0
        /// Batches published.
        var published = 0
        /// Times a mutation had to wait because ``FanOutQueue/capacity`` batches were pending.
        var waits = 0
    }

    private struct State {
        var statistics = Statistics()
        var waiters: [CheckedContinuation<Void, Never>] = []
        var closed = false
    }

    /// The most batches waiting to be published (default 10,000).
    let capacity: Int
    private let state = Locked(State())
    private let continuation: AsyncStream<Batch>.Continuation
    private let consumer: Task<Void, Never>

    /// A queue whose batches `publish` delivers, one at a time, in order.
    init(capacity: Int = 10_000, publish: @escaping @Sendable (Batch) async -> Void) {
        self.capacity = capacity
        let (stream, continuation) = AsyncStream.makeStream(of: Batch.self)
        self.continuation = continuation
        let state = self.state
        consumer = Task {
            for await batch in stream {
                await batch.gate?.wait()
                await publish(batch)
                let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
                    state.statistics.published += 1
                    guard !state.waiters.isEmpty else {
                        state.statistics.pending -= 1
                        return nil
                    }
                    // The room this batch leaves goes to the first waiting mutation.
                    return state.waiters.removeFirst()
                }
                next?.resume()
            }
        }
    }

    deinit { continuation.finish() }

    var statistics: Statistics { state.withLock { $0.statistics } }

    /// Hands `events` over for publishing once `gate` opens (at once without one); returns at once
    /// unless ``capacity`` batches are pending.
    func submit(_ events: [MutationEvent], now: String, after gate: AnswerGate? = nil) async {
        if state.withLock({ Self.admit(&$0, capacity: capacity) }) == nil {
            // Full: checked again with the waiter registered under the same lock, so room made
            // in between is not missed.
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if Self.admit(&state, capacity: capacity) != nil { return true }
                    state.statistics.waits += 1
                    state.waiters.append(waiter)
                    return false
                }
                if resumeNow { waiter.resume() }
            }
        }
        continuation.yield(Batch(events: events, now: now, gate: gate))
    }

    /// Takes a place for one batch: `true` when admitted, `false` when closed (the batch is to be
    /// dropped), `nil` when full.
    private static func admit(_ state: inout State, capacity: Int) -> Bool? {
        if state.closed { return false }
        guard state.statistics.pending < capacity else { return nil }
        state.statistics.pending += 1
        return true
    }

    /// Publishes what is pending, then stops; later batches are dropped (the server is stopping).
    func close() async {
        let waiters = state.withLock { state in
            state.closed = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
        continuation.finish()
        await consumer.value
    }
}
