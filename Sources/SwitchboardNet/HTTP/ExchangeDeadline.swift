import SwitchboardCore

/// The deadline of one HTTP exchange, kept without a task of its own: a timer of the event loop
/// that, when it fires, aborts whatever the exchange waits on at that moment (it closes the
/// connection the request is written to or read from, or gives up its place in the pool's queue),
/// so the exchange's own task fails at once and reports the deadline.
///
/// A task racing a sleeping task would cost two task creations and a timer-thread wake-up per
/// request; this costs a timer insertion and removal.
package final class ExchangeDeadline: Sendable {
    private struct State {
        var hasFired = false
        var abort: (@Sendable () -> Void)?
        var timer: LoopTimer?
    }

    /// When the exchange must have completed.
    package let instant: ContinuousClock.Instant
    private let state = Locked(State())

    /// Starts the clock: `limit` from now, on `loop`'s timers.
    package init(after limit: Duration, on loop: EventLoop) {
        instant = ContinuousClock.now.advanced(byClamping: limit)
        let timer = loop.schedule(at: instant) { [state] in
            let abort = state.withLock { state in
                state.hasFired = true
                return state.abort.take()
            }
            abort?()
        }
        state.withLock { $0.timer = timer }
    }

    /// Whether the deadline has passed: the timer fired, or the clock says so (a wait bounded by
    /// this deadline can end a moment before the timer runs).
    package var hasPassed: Bool {
        state.withLock { $0.hasFired } || ContinuousClock.now >= instant
    }

    /// Registers what to do if the deadline passes while the exchange waits (replacing what was
    /// registered before). When it has already passed, `abort` runs now.
    package func onExpiry(_ abort: @escaping @Sendable () -> Void) {
        let hasFired = state.withLock { state in
            if !state.hasFired { state.abort = abort }
            return state.hasFired
        }
        if hasFired { abort() }
    }

    /// Aborts `stream` if the deadline passes while the exchange uses it.
    package func guarding(_ stream: any ByteStream) {
        onExpiry { stream.closeWithoutWaiting() }
    }

    /// Forgets what ``onExpiry(_:)`` registered: the wait it guarded is over.
    package func clearExpiry() {
        state.withLock { $0.abort = nil }
    }

    /// Stops the timer once the exchange is over, whatever its outcome.
    package func finish() {
        let timer = state.withLock { state in
            state.abort = nil
            return state.timer.take()
        }
        timer?.cancel()
    }
}
