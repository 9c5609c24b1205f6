import SwitchboardCore

/// Holds a mutation's events in the fan-out queue until the mutation's answer is written, for at
/// most a short head start: publishing queues writes on the loops that the answer would otherwise
/// wait behind, yet events keep the order the mutations committed in, and a client slow to take
/// its answer delays the events behind it by no more than the head start.
final class AnswerGate: Sendable {
    private struct State {
        var isOpen = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Locked(State())

    /// The longest the events wait for the answer (default 10 ms).
    static let headStart: Duration = .milliseconds(10)

    init() {}

    /// The answer is written (or its write failed): the events may go.
    func open() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.isOpen = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns once the gate is open or `limit` has passed, whichever comes first.
    func wait(upTo limit: Duration = AnswerGate.headStart) async {
        if state.withLock({ $0.isOpen }) { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.opened() }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Returns once the gate opens, or at once when the task is cancelled.
    private func opened() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.isOpen || Task.isCancelled { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
