/// A FIFO lock for async code: holders may suspend while holding it (e.g. writing a whole
/// frame to a socket) without blocking a thread. Uncontended acquisition costs one mutex round.
package final class AsyncLock: Sendable {
    private struct State {
        var isLocked = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Creates an unlocked lock.
    package init() {}

    /// Runs `body` while holding the lock.
    package func withLock<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
        await lock()
        defer { unlock() }
        return try await body()
    }

    private func lock() async {
        let acquired = state.withLock { state in
            if state.isLocked { return false }
            state.isLocked = true
            return true
        }
        if acquired { return }
        await withCheckedContinuation { continuation in
            let acquiredNow = state.withLock { state in
                if !state.isLocked {
                    state.isLocked = true
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if acquiredNow { continuation.resume() }
        }
    }

    /// Takes the lock if it is free, never waiting; the caller must then ``unlock()`` it (from any
    /// task: the lock is not tied to one).
    package func tryLock() -> Bool {
        state.withLock { state in
            if state.isLocked { return false }
            state.isLocked = true
            return true
        }
    }

    /// Releases the lock, handing it to the first waiter if there is one.
    package func unlock() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiters.isEmpty {
                state.isLocked = false
                return nil
            }
            // Ownership passes straight to the next waiter; the lock stays held.
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
