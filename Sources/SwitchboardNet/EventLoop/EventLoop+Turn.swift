extension EventLoop {
    /// On a loop thread whose current turn runs other jobs too, goes on at the start of the loop's
    /// next turn: the jobs queued behind the caller's run first, then the loop collects readiness,
    /// then the task goes on ahead of the work that readiness brings. Alone in its turn, or on any
    /// other thread, it returns at once.
    ///
    /// A server writes its answers through it. Requests that arrive together (one readiness report
    /// each, resumed in one turn) are then all computed before any answer is written, and the
    /// answers leave in one run at the start of the next turn instead of one between each
    /// computation. Each answer wakes a client thread; on a machine shared with its clients, that
    /// thread takes the processor from the server at once, so answers written one at a time cost
    /// a switch of threads each, where a run of them lets a client read several per wake-up.
    /// A lone request is answered at once: it has nothing to wait for.
    package static func yieldToOtherJobsOfTurn() async {
        guard CurrentLoop.jobsInTurn > 1 else { return }
        await Task.yield()
    }
}
