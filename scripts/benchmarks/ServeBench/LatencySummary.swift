/// Percentiles of a set of latencies, in milliseconds.
struct LatencySummary: Sendable {
    private let sorted: [Double]

    init(_ latencies: [Double]) {
        sorted = latencies.sorted()
    }

    var count: Int { sorted.count }

    /// The value below which the fraction `p` of the latencies lie (nearest rank); 0 when empty.
    func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    var maximum: Double { sorted.last ?? 0 }
}

extension Duration {
    /// The duration in milliseconds.
    var milliseconds: Double {
        Double(components.seconds) * 1e3 + Double(components.attoseconds) / 1e15
    }
}
