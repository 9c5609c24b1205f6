import SwitchboardCore
import SwitchboardNet

/// What a ``LoadRun`` measured: completed requests in the measured window, their latencies, the
/// replies that failed their ``RequestStream`` check (with one of them, to show what went
/// wrong), and the CPU seconds the server process used in the window, when it was given.
struct LoadResult: Sendable {
    let requests: Int
    let seconds: Double
    let latencies: LatencySummary
    let failures: Int
    let failureSample: String?
    let serverCPUSeconds: Double?

    var requestsPerSecond: Double { Double(requests) / seconds }
}

/// Drives one operation over `connections` keep-alive connections, each sending the next
/// request as soon as the previous reply arrived (closed loop), for a warm-up and then a
/// measured window; the requests completed in the window are counted. Every reply is checked,
/// warm-up's too.
struct LoadRun: Sendable {
    let endpoint: BenchEndpoint
    let headers: [(String, String)]
    /// Each connection's requests: `stream(lane)` for connection number `lane`.
    let stream: @Sendable (Int) -> RequestStream
    let connections: Int
    let warmUp: Duration
    let duration: Duration
    /// The server's process, whose CPU time in the measured window is reported (Linux only).
    let serverPID: Int?

    func run() async throws -> LoadResult {
        // One loop per core, the connections dealt to them in turn, and each connection's task on
        // its socket's loop: a reply resumes its task on the thread that saw it arrive, with no
        // hand-off to the cooperative pool (a futex wake-up and two context switches per
        // request, which took CPU from the server measured on a small machine).
        let loops = try EventLoop.pooled(count: EventLoop.defaultServerLoopCount)
        var clients: [HTTPPostClient] = []
        for index in 0..<connections {
            clients.append(
                try await HTTPPostClient.connect(to: endpoint, headers: headers, loop: loops[index % loops.count]))
        }
        let start = ContinuousClock.now + warmUp
        let end = start + duration
        let sample = Locked<String?>(nil)
        let cpu = Task { await Self.serverCPU(serverPID, start: start, end: end) }
        let perConnection = try await withThrowingTaskGroup(of: ([Double], Int).self) { group in
            for (lane, client) in clients.enumerated() {
                let requests = stream(lane)
                group.addTask(onLoop: loops[lane % loops.count]) {
                    try await Self.drive(client, requests, start: start, end: end, sample: sample)
                }
            }
            var all: [([Double], Int)] = []
            for try await result in group { all.append(result) }
            return all
        }
        for client in clients { await client.close() }
        let latencies = perConnection.flatMap(\.0)
        return LoadResult(
            requests: latencies.count, seconds: (end - start).milliseconds / 1e3, latencies: LatencySummary(latencies),
            failures: perConnection.reduce(0) { $0 + $1.1 }, failureSample: sample.withLock { $0 },
            serverCPUSeconds: await cpu.value)
    }

    /// The CPU seconds (user + system) process `pid` used from `start` to `end`, read from its
    /// /proc/PID/stat at both instants.
    private static func serverCPU(_ pid: Int?, start: ContinuousClock.Instant, end: ContinuousClock.Instant) async
        -> Double?
    {
        guard let pid else { return nil }
        try? await Task.sleep(until: start, clock: .continuous)
        let before = ProcessCPU.seconds(pid: pid)
        try? await Task.sleep(until: end, clock: .continuous)
        guard let before, let after = ProcessCPU.seconds(pid: pid) else { return nil }
        return after - before
    }

    /// One connection's loop: the latencies (ms) of the requests completed in `start...end`, and
    /// how many of those failed.
    private static func drive(
        _ client: HTTPPostClient, _ stream: RequestStream, start: ContinuousClock.Instant,
        end: ContinuousClock.Instant, sample: Locked<String?>
    ) async throws -> ([Double], Int) {
        var stream = stream
        // Operations that send the same body every time build its bytes once.
        var body = stream.nextBody()
        var request = client.request(body: body)
        var latencies: [Double] = []
        latencies.reserveCapacity(65_536)
        var failures = 0
        while true {
            let sent = ContinuousClock.now
            if sent >= end { break }
            let reply = try await client.exchange(request)
            let done = ContinuousClock.now
            if let problem = stream.check(reply) {
                failures += 1
                let text = "\(problem): \(String(decoding: reply.body.prefix(300), as: UTF8.self))"
                sample.withLock { $0 = $0 ?? text }
            }
            let next = stream.nextBody()
            if next != body {
                body = next
                request = client.request(body: body)
            }
            guard done >= start && done <= end else { continue }
            latencies.append((done - sent).milliseconds)
        }
        return (latencies, failures)
    }
}
