/// Exponential back-off with full jitter, as AWS recommends: the delay before a retry is drawn
/// uniformly from zero to `base × 2^exponent`, capped. The retry stage and the real-time
/// connection's reconnection both wait this way.
struct FullJitterBackoff: Sendable, Hashable {
    /// The first step.
    let base: Duration
    /// The largest delay.
    let cap: Duration

    /// A delay for the given exponent (the number of steps the ceiling has doubled).
    func delay(exponent: Int) -> Duration {
        let ceiling = min(cap, base * (1 << min(max(exponent, 0), 30)))
        let milliseconds = Double(ceiling.components.seconds) * 1000 + Double(ceiling.components.attoseconds) / 1e15
        return .milliseconds(Int64(Double.random(in: 0...max(milliseconds, 0))))
    }
}
