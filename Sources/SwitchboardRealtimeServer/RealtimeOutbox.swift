import SwitchboardCore

/// The messages waiting to be written to one real-time connection, bounded in bytes, taken in
/// order by the connection's single writer task.
///
/// Queueing never waits, so publishing an event costs the publisher nothing however slowly a
/// subscriber reads. When the queue would exceed its bound the connection is a slow consumer:
/// what waits is discarded, and only its last words (an error and a close) are queued.
package final class RealtimeOutbox: Sendable {
    /// One thing for the writer to do.
    package enum Item: Sendable, Equatable {
        /// Send a text message.
        case text(String)
        /// Start the closing handshake with `code` and `reason`, then stop.
        case close(code: UInt16, reason: String)
    }

    private struct State {
        var items: [Item] = []
        var head = 0
        var bytes = 0
        /// No more items are accepted (a close was queued, or the connection ended).
        var sealed = false
        var waiter: CheckedContinuation<[Item], Never>?
    }

    private let state = Locked(State())
    /// The most bytes of text that may wait.
    package let maximumBytes: Int

    /// An empty outbox holding at most `maximumBytes` of text.
    package init(maximumBytes: Int) { self.maximumBytes = max(1, maximumBytes) }

    /// Queues `text`; `false` when it does not fit in ``maximumBytes`` with what already waits
    /// (nothing is queued then), or the outbox is sealed.
    package func enqueue(_ text: String) -> Bool {
        let size = text.utf8.count
        let (accepted, waiter) = state.withLock { state -> (Bool, CheckedContinuation<[Item], Never>?) in
            guard !state.sealed, state.bytes + size <= maximumBytes else { return (false, nil) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (true, waiter)
            }
            state.items.append(.text(text))
            state.bytes += size
            return (true, nil)
        }
        waiter?.resume(returning: [.text(text)])
        return accepted
    }

    /// Queues a close after what already waits, and accepts nothing more.
    package func close(code: UInt16, reason: String) {
        seal(with: [.close(code: code, reason: reason)], discarding: false)
    }

    /// Discards what waits and queues `lastWords` (an error message, a close) instead; `false` if
    /// the outbox was already sealed.
    @discardableResult
    package func replaceAll(with lastWords: [Item]) -> Bool {
        seal(with: lastWords, discarding: true)
    }

    /// Ends the outbox: the writer's next ``nextBatch(maximumBytes:)`` returns no items.
    package func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<[Item], Never>? in
            state.sealed = true
            state.items.removeAll()
            state.head = 0
            state.bytes = 0
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: [])
    }

    /// Bytes of text waiting now.
    package var waitingBytes: Int { state.withLock { $0.bytes } }

    /// Whether the writer is waiting for something to be queued, so nothing is: a session then
    /// writes straight to the socket, which keeps the order since the writer has nothing to send.
    package var hasWaitingWriter: Bool { state.withLock { $0.waiter != nil } }

    @discardableResult
    private func seal(with items: [Item], discarding: Bool) -> Bool {
        let (sealed, waiter, handed) = state.withLock {
            state -> (Bool, CheckedContinuation<[Item], Never>?, [Item]) in
            guard !state.sealed else { return (false, nil, []) }
            state.sealed = true
            if discarding {
                state.items.removeAll()
                state.head = 0
                state.bytes = 0
            }
            // A writer waits only while nothing is queued: it gets the items at once (or learns
            // that nothing will come).
            let waiter = state.waiter
            state.waiter = nil
            guard waiter == nil else { return (true, waiter, items) }
            state.items.append(contentsOf: items)
            // Counted as they are queued, since taking them subtracts them.
            for case .text(let text) in items { state.bytes += text.utf8.count }
            return (true, nil, [])
        }
        waiter?.resume(returning: handed)
        return sealed
    }

    /// The items waiting, in order, once there is one: texts of at most `maximumBytes` in all
    /// (always at least one), then a close if it comes next. Empty once the outbox is sealed and
    /// drained. The writer sends a batch with one write: an event published to a thousand
    /// subscriptions of one connection is then a few system calls, not a thousand.
    package func nextBatch(maximumBytes: Int) async -> [Item] {
        // Most calls find items waiting: they take them without making a continuation.
        if let ready = state.withLock({ Self.take(from: &$0, maximumBytes: maximumBytes) }) { return ready }
        return await withCheckedContinuation { continuation in
            let batch = state.withLock { state -> [Item]? in
                if let ready = Self.take(from: &state, maximumBytes: maximumBytes) { return ready }
                if state.sealed { return [] }
                state.waiter = continuation
                return nil
            }
            if let batch { continuation.resume(returning: batch) }
        }
    }

    /// Removes and returns the waiting items of one batch, or `nil` when none waits.
    private static func take(from state: inout State, maximumBytes: Int) -> [Item]? {
        guard state.head < state.items.count else { return nil }
        var batch: [Item] = []
        var bytes = 0
        while state.head < state.items.count {
            let item = state.items[state.head]
            if case .text(let text) = item {
                let size = text.utf8.count
                guard batch.isEmpty || bytes + size <= maximumBytes else { break }
                bytes += size
            }
            batch.append(item)
            state.items[state.head] = .text("")
            state.head += 1
            if case .close = item { break }
        }
        state.bytes -= bytes
        if state.head == state.items.count || state.head > 1024 {
            state.items.removeSubrange(0..<state.head)
            state.head = 0
        }
        return batch
    }
}
