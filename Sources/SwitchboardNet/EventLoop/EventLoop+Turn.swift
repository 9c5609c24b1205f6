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
        guard CurrentLoop.jobsInTurn > 1, let loop = CurrentLoop.loop else { return }
        await loop.goOnNextTurn(aheadOfReadiness: true)
    }

    /// Gives way, for bulk work that would otherwise hold its thread: on a loop thread, goes on in
    /// the loop's next turn, after the jobs queued meanwhile and the work that the readiness the
    /// loop collects then brings (a request that arrived meanwhile is served first); on any other
    /// thread, `Task.yield()`.
    ///
    /// Not `Task.yield()` on a loop: that hands the task to the cooperative pool, whose thread is
    /// woken only to hand it back to the loop, a wake-up of another thread for every turn given.
    package static func giveWay() async {
        guard let loop = CurrentLoop.loop else {
            await Task.yield()
            return
        }
        await loop.goOnNextTurn(aheadOfReadiness: false)
    }

    /// Suspends the calling task until the loop's next turn resumes it, ahead of or behind the
    /// readiness the loop collects before that turn. Only on this loop's thread.
    private func goOnNextTurn(aheadOfReadiness: Bool) async {
        await withUnsafeContinuation { (task: UnsafeContinuation<Void, Never>) in
            schedule.withLock { schedule in
                if aheadOfReadiness {
                    schedule.aheadOfReadiness.append(task)
                } else {
                    schedule.behindReadiness.append(task)
                }
            }
        }
    }
}

extension EventLoop.Schedule {
    /// The tasks that gave way, for the loop to resume in its next turn (it must not sleep first).
    mutating func takeTasksThatGaveWay() -> (
        ahead: [UnsafeContinuation<Void, Never>], behind: [UnsafeContinuation<Void, Never>]
    ) {
        defer {
            aheadOfReadiness = []
            behindReadiness = []
        }
        return (aheadOfReadiness, behindReadiness)
    }
}
