extension EventLoop {
    /// Runs `action` on the loop thread once `delay` has passed, unless the returned timer is
    /// cancelled first. Timers cost no task and no thread: the loop's poller waits until the
    /// earliest of them.
    package func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> LoopTimer {
        schedule(at: ContinuousClock.now.advanced(byClamping: delay), action)
    }

    /// Runs `action` on the loop thread at `deadline` (at once if it has passed), unless the
    /// returned timer is cancelled first.
    package func schedule(
        at deadline: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void
    ) -> LoopTimer {
        let (id, mustWake) = schedule.withLock { schedule in
            let id = schedule.timers.schedule(at: deadline, action)
            // A loop waiting in the poller wakes for a timer due before the end of its wait.
            let isEarlier = schedule.pollDeadline.map { deadline < $0 } ?? true
            guard schedule.isPolling, !schedule.isWakeSent, isEarlier else { return (id, false) }
            schedule.isWakeSent = true
            return (id, true)
        }
        if mustWake { poller.wake() }
        return LoopTimer(loop: self, id: id)
    }

    fileprivate func cancelTimer(_ id: UInt64) -> Bool {
        let action = schedule.withLock { $0.timers.cancel(id) }
        return action != nil
    }
}

/// A timer scheduled with ``EventLoop/schedule(after:_:)``.
package struct LoopTimer: Sendable {
    fileprivate let loop: EventLoop
    fileprivate let id: UInt64

    /// Cancels the timer; `false` when its action already ran (or is running).
    @discardableResult
    package func cancel() -> Bool { loop.cancelTimer(id) }
}

extension ContinuousClock.Instant {
    /// `self + delay`, with a delay beyond a century (`.seconds(.max)` for "no limit") taken as a
    /// century rather than overflowing.
    package func advanced(byClamping delay: Duration) -> ContinuousClock.Instant {
        self + min(delay, .seconds(100 * 365 * 86_400))
    }
}
