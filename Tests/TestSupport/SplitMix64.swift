/// A tiny deterministic random generator (SplitMix64), so that randomized tests are reproducible
/// and a failure can name its seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's state; the seed at the start.
    public var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A number in `0..<bound` (`0` when `bound` is not positive).
    public mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }

    /// One of `values`.
    public mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
