import SwitchboardNet

/// When a long stretch of work that does not suspend gives its event loop's other connections a
/// turn: at the first check after it has held the thread for ``interval``. The server answers
/// each connection's requests on that connection's loop thread, so work that runs straight
/// through (resolvers that do not suspend, a filter tested against a megabyte page) keeps every
/// other connection of the thread waiting until it is done.
struct LoopTurns: Sendable {
    /// How long work holds its loop between turns.
    static var interval: Duration { .milliseconds(2) }

    /// When the work next gives a turn, at its next check.
    private var next = ContinuousClock.now + interval

    /// Yields if the work has held the thread for ``interval`` since it started or since its
    /// last turn (a clock read, about 20 ns, when it has not).
    mutating func takeTurnIfDue() async {
        guard ContinuousClock.now >= next else { return }
        await EventLoop.giveWay()
        next = ContinuousClock.now + Self.interval
    }
}
