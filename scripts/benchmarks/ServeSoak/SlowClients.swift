import SwitchboardCore
import SwitchboardNet

/// Slowloris: connections that send a request head a line at a time, one line a second, forever.
/// The server must answer each `408` or close it once its head timeout (10 s by default) passes,
/// whatever the trickle, so that such clients cannot hold its connections.
struct SlowClients: Sendable {
    let port: Int
    let ledger: SoakLedger
    /// How many connections trickle at once.
    let count: Int
    /// How long the server may take to end each one.
    let allowed: Duration

    /// Trickles `count` connections until the server ends them; returns the longest any one lasted.
    func run() async -> Duration {
        await withTaskGroup(of: Duration.self) { group in
            for index in 0..<count { group.addTask { await trickle(index) } }
            var longest = Duration.zero
            for await lasted in group { longest = max(longest, lasted) }
            return longest
        }
    }

    private func trickle(_ index: Int) async -> Duration {
        ledger.count("slow head")
        let start = ContinuousClock.now
        guard let connection = try? await TCPConnection.connect(host: "127.0.0.1", port: port) else {
            ledger.fail("slow head \(index): could not connect")
            return .zero
        }
        defer { connection.closeNow() }
        let ended = Locked(false)
        let trickler = Task {
            try? await connection.write(Array("POST /graphql HTTP/1.1\r\nHost: soak\r\n".utf8))
            var line = 0
            while !ended.withLock({ $0 }) && ContinuousClock.now - start < allowed + .seconds(5) {
                try? await Task.sleep(for: .seconds(1))
                line += 1
                try? await connection.write(Array("X-Slow-\(line): a\r\n".utf8))
            }
        }
        // Whatever comes first, an answer or the end of the stream, ends the connection's hold.
        let answer = (try? await connection.read(maxBytes: 4096)) ?? []
        ended.withLock { $0 = true }
        trickler.cancel()
        let lasted = ContinuousClock.now - start
        if lasted > allowed {
            ledger.fail("slow head \(index): the server held it \(lasted), more than \(allowed)")
        } else if !answer.isEmpty && !String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 408") {
            ledger.fail("slow head \(index): answered \(String(decoding: answer.prefix(60), as: UTF8.self))")
        }
        return lasted
    }
}
