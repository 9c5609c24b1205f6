#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension EventLoop {
    /// Calls `body` with each of `elements` in order, giving way after every `turn` of them: the
    /// thread offers its processor to other threads waiting for one (`sched_yield`, which returns
    /// at once when none waits), and the task gives way (``giveWay()``), so that a task running on
    /// a loop lets the loop collect readiness and run what was queued meanwhile before it goes on.
    ///
    /// For bulk work on a loop thread, such as a fan-out of one event to a thousand connections:
    /// without giving way it keeps the loop, and on a small machine every processor, busy for
    /// milliseconds, while a request that arrived on the loop waits behind it, and a thread woken
    /// meanwhile (the mutation's client on the same machine) waits for the scheduler's next tick,
    /// 4 ms on this kind of kernel, to run.
    package static func forEach<Elements: Sequence>(
        _ elements: Elements, givingWayEvery turn: Int, _ body: (Elements.Element) -> Void
    ) async {
        var count = 0
        for element in elements {
            if count > 0 && count.isMultiple(of: max(1, turn)) {
                _ = sched_yield()
                await EventLoop.giveWay()
            }
            body(element)
            count += 1
        }
    }
}
