import SwitchboardCore

/// What a ``LoadRun`` measured: completed requests in the measured window, their latencies, and
/// the replies that were not a clean `200` (with one of them, to show what went wrong).
struct LoadResult: Sendable {
    let requests: Int
    let seconds: Double
    let latencies: LatencySummary
    let failures: Int
    let failureSample: String?

    var requestsPerSecond: Double { Double(requests) / seconds }
}

/// Drives one GraphQL request over `connections` keep-alive connections, each sending the next
/// request as soon as the previous reply arrived (closed loop), for a warm-up and then a
/// measured window; the requests completed in the window are counted.
struct LoadRun: Sendable {
    let endpoint: BenchEndpoint
    let headers: [(String, String)]
    /// The JSON request body: `{"query": …, "variables": …}`.
    let body: String
    let connections: Int
    let warmUp: Duration
    let duration: Duration

    func run() async throws -> LoadResult {
        var clients: [HTTPPostClient] = []
        for _ in 0..<connections { clients.append(try await HTTPPostClient.connect(to: endpoint, headers: headers)) }
        let start = ContinuousClock.now + warmUp
        let end = start + duration
        let sample = Locked<String?>(nil)
        let perConnection = try await withThrowingTaskGroup(of: ([Double], Int).self) { group in
            for client in clients {
                group.addTask { try await Self.drive(client, body: body, start: start, end: end, sample: sample) }
            }
            var all: [([Double], Int)] = []
            for try await result in group { all.append(result) }
            return all
        }
        for client in clients { await client.close() }
        let latencies = perConnection.flatMap(\.0)
        return LoadResult(
            requests: latencies.count, seconds: (end - start).milliseconds / 1e3, latencies: LatencySummary(latencies),
            failures: perConnection.reduce(0) { $0 + $1.1 }, failureSample: sample.withLock { $0 })
    }

    /// One connection's loop: the latencies (ms) of the requests completed in `start...end`, and
    /// how many of those failed.
    private static func drive(
        _ client: HTTPPostClient, body: String, start: ContinuousClock.Instant, end: ContinuousClock.Instant,
        sample: Locked<String?>
    ) async throws -> ([Double], Int) {
        let request = client.request(body: body)
        var latencies: [Double] = []
        latencies.reserveCapacity(65_536)
        var failures = 0
        while true {
            let sent = ContinuousClock.now
            if sent >= end { break }
            let reply = try await client.exchange(request)
            let done = ContinuousClock.now
            guard done >= start && done <= end else { continue }
            latencies.append((done - sent).milliseconds)
            if reply.status != 200 || reply.hasGraphQLErrors {
                failures += 1
                let text = "HTTP \(reply.status): \(String(decoding: reply.body.prefix(300), as: UTF8.self))"
                sample.withLock { $0 = $0 ?? text }
            }
        }
        return (latencies, failures)
    }
}
