import Foundation
import SwitchboardCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A data task and whether its caller was cancelled, whichever happens first.
///
/// Not `session.data(for:)`: on Linux its cancellation handler cancels the `URLSessionTask`
/// synchronously on the session's queue while holding the Swift task's status lock, and the
/// session's queue, completing the request at that moment, waits for the same lock to resume the
/// caller: a deadlock that stops the process (cancelling a query just as its answer arrives was
/// enough; found by `scripts/soak`). Tasks are therefore cancelled from another queue, holding no
/// lock, and a cancellation that comes before the task exists still reaches it.
final class PendingDataTask: Sendable {
    private let state = Locked<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

    /// Runs `body` (which creates the task and calls ``start(_:)``) so that cancelling the
    /// calling Swift task cancels the data task.
    static func run<T: Sendable>(
        _ body: (PendingDataTask, CheckedContinuation<T, any Error>) -> Void
    ) async throws -> T {
        let pending = PendingDataTask()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in body(pending, continuation) }
        } onCancel: {
            pending.cancel()
        }
    }

    /// Resumes `task`, or cancels it if the caller was already cancelled.
    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        task.resume()
        if cancelled { Self.cancelElsewhere(task) }
    }

    /// Cancels the task, if started; called from the task's cancellation handler.
    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        if let task { Self.cancelElsewhere(task) }
    }

    /// `URLSessionTask.cancel()` waits for the session's queue; never under the caller's locks.
    static func cancelElsewhere(_ task: URLSessionTask) {
        DispatchQueue.global().async { task.cancel() }
    }
}
