import SwitchboardCore

/// What the mutators sent: per mutator, the highest sequence number whose mutation has been
/// started, and the numbers whose mutation failed (they may or may not have been published).
///
/// A subscriber that reads `connected` takes a snapshot of ``issued()``: every mutation numbered
/// above it was sent after the server acknowledged the subscription, so it is owed to the
/// subscriber for as long as that connection lasts.
final class PublishLog: Sendable {
    private struct State {
        var issued: [Int]
        var failed: [Set<Int>]
        var confirmed = 0
    }

    private let state: Locked<State>

    init(mutators: Int) {
        state = Locked(
            State(issued: Array(repeating: 0, count: mutators), failed: Array(repeating: [], count: mutators)))
    }

    /// The next sequence number of `mutator`, recorded as issued before its mutation is sent.
    func issue(_ mutator: Int) -> Int {
        state.withLock { state in
            state.issued[mutator] += 1
            return state.issued[mutator]
        }
    }

    func confirm() { state.withLock { $0.confirmed += 1 } }

    /// The mutation `seq` of `mutator` failed: whether it was published is unknown.
    func fail(_ mutator: Int, _ seq: Int) { _ = state.withLock { $0.failed[mutator].insert(seq) } }

    /// The highest issued sequence number of every mutator.
    func issued() -> [Int] { state.withLock { $0.issued } }

    /// Mutations that succeeded.
    var confirmed: Int { state.withLock { $0.confirmed } }

    /// How many of `range` of `mutator`'s numbers were surely published (their mutation succeeded).
    func published(_ mutator: Int, in range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        return state.withLock { state in range.count - state.failed[mutator].count { range.contains($0) } }
    }
}
