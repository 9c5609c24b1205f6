import SwitchboardCore

/// When the mock was down, so that a query or mutation failing because of a restart is told
/// apart from one failing for no reason.
final class OutageClock: Sendable {
    private struct State {
        var generation = 0
        var isDown = false
        var lastUp = ContinuousClock.now
    }

    private let state = Locked(State())
    /// Failures this soon after the mock came back still count as the restart's (a pooled HTTP
    /// connection to the old instance).
    static let grace = Duration.seconds(2)

    func wentDown() {
        state.withLock {
            $0.generation += 1
            $0.isDown = true
        }
    }

    func cameUp() {
        state.withLock {
            $0.generation += 1
            $0.isDown = false
            $0.lastUp = .now
        }
    }

    /// A mark taken before an operation.
    var mark: Int { state.withLock { $0.generation } }

    /// Whether an operation that started at `mark` and failed now overlapped an outage.
    func explains(failureSince mark: Int) -> Bool {
        state.withLock { $0.generation != mark || $0.isDown || ContinuousClock.now - $0.lastUp < Self.grace }
    }
}
