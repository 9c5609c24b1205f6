/// The loop's pending timers: a binary min-heap of deadlines, and the actions of the timers not yet
/// cancelled.
///
/// Most timers are cancelled long before they are due (a request deadline, a write stall timeout),
/// so cancelling only forgets the action; the heap drops such entries when they reach its top, and
/// is rebuilt from the live ones when they outnumber those, so that a run of cancelled timers
/// costs amortized constant time and bounded memory.
struct TimerQueue {
    private struct Entry {
        let deadline: ContinuousClock.Instant
        let id: UInt64
    }

    private var heap: [Entry] = []
    private var actions: [UInt64: @Sendable () -> Void] = [:]
    private var lastID: UInt64 = 0

    /// How many timers are scheduled and not cancelled.
    var count: Int { actions.count }

    /// Adds a timer; the returned number cancels it.
    mutating func schedule(at deadline: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        lastID &+= 1
        actions[lastID] = action
        heap.append(Entry(deadline: deadline, id: lastID))
        siftUp(from: heap.count - 1)
        return lastID
    }

    /// Forgets the timer `id` and returns its action (for the caller to release outside its lock:
    /// what the action holds may have a deinitializer that takes it); `nil` when the timer already
    /// fired or was cancelled.
    mutating func cancel(_ id: UInt64) -> (@Sendable () -> Void)? {
        guard let action = actions.removeValue(forKey: id) else { return nil }
        if heap.count > 64 && heap.count > 2 * actions.count { rebuild() }
        return action
    }

    /// The earliest deadline of a live timer.
    mutating func nextDeadline() -> ContinuousClock.Instant? {
        dropCancelledTop()
        return heap.first?.deadline
    }

    /// Removes the timers due at `now` and returns their actions, earliest first.
    mutating func takeDue(at now: ContinuousClock.Instant) -> [@Sendable () -> Void] {
        var due: [@Sendable () -> Void] = []
        while let top = heap.first, top.deadline <= now {
            removeTop()
            if let action = actions.removeValue(forKey: top.id) { due.append(action) }
        }
        return due
    }

    private mutating func dropCancelledTop() {
        while let top = heap.first, actions[top.id] == nil { removeTop() }
    }

    private mutating func rebuild() {
        heap.removeAll { actions[$0.id] == nil }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(from: index) }
    }

    private mutating func removeTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(from: 0)
    }

    private mutating func siftUp(from start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].deadline < heap[parent].deadline else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var smallest = left
            if left + 1 < heap.count && heap[left + 1].deadline < heap[left].deadline { smallest = left + 1 }
            guard heap[smallest].deadline < heap[parent].deadline else { return }
            heap.swapAt(smallest, parent)
            parent = smallest
        }
    }
}
