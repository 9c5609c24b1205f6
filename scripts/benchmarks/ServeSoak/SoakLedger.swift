import SwitchboardCore

/// What the soak's clients did and saw: exchanges by kind, the answers that were wrong (the
/// first few in full), and how long the well-formed requests took.
final class SoakLedger: Sendable {
    private struct State {
        var counts: [String: Int] = [:]
        var failures = 0
        var firstFailures: [String] = []
        var latencies: [Double] = []
        var slowest = 0.0
    }

    private let state = Locked(State())

    /// Counts one exchange of `kind`.
    func count(_ kind: String) { state.withLock { $0.counts[kind, default: 0] += 1 } }

    /// Records a wrong answer.
    func fail(_ reason: String) {
        state.withLock { state in
            state.failures += 1
            if state.firstFailures.count < 10 { state.firstFailures.append(reason) }
        }
    }

    /// Records how long a well-formed request took, in seconds (the first million kept for the p99).
    func took(_ seconds: Double) {
        state.withLock { state in
            state.slowest = max(state.slowest, seconds)
            if state.latencies.count < 1_000_000 { state.latencies.append(seconds) }
        }
    }

    var failures: Int { state.withLock { $0.failures } }
    var firstFailures: [String] { state.withLock { $0.firstFailures } }
    var counts: [String: Int] { state.withLock { $0.counts } }
    var slowest: Double { state.withLock { $0.slowest } }

    /// The 99th percentile of the recorded latencies, in seconds.
    var p99: Double {
        let sorted = state.withLock { $0.latencies }.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
    }
}
