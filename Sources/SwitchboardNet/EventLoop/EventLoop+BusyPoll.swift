extension EventLoop {
    /// Keeps the loop's thread collecting readiness without sleeping for `window` after it last
    /// had work (a job or a readiness report), at least; the longest window asked for holds.
    ///
    /// A thread that sleeps in the poller as soon as it is idle must be woken for a client's next
    /// request. On a virtual machine that wake-up (the idle processor halted, then sent an
    /// interrupt) took about as long as answering a `get` itself: one client sending requests one
    /// after another got 7,400–9,300 answers per second with the thread sleeping between them,
    /// 14,400–18,300 with it polling for 100 µs. A thread with no work for longer than the window sleeps
    /// as before, so an idle server costs nothing; a busy one spends at most the window per pause
    /// in polling.
    ///
    /// Servers set it on their loops, which the process's servers share; clients never do.
    package func keepPolling(for window: Duration) {
        schedule.withLock { schedule in schedule.busyPoll = max(schedule.busyPoll, window) }
    }

    /// How many times the thread has collected readiness without sleeping because of the busy-poll
    /// window, and how many times it has gone to sleep in the poller.
    package var pollingCounts: (busyPolls: Int, sleeps: Int) {
        schedule.withLock { schedule in (schedule.busyPolls, schedule.sleeps) }
    }
}
