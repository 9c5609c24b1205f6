import Foundation

/// The disruptions of the disrupted phase: server restarts evenly spaced, and between them random
/// disruptions (exponentially distributed gaps): a client closing one real-time socket, the server
/// dropping every real-time connection, or a connection stalling (its client stops reading, so the
/// server's outbox fills).
struct ChaosSchedule {
    struct Counters: Sendable {
        var clientDrops = 0
        var serverDrops = 0
        var stalls = 0
        var restarts = 0
        /// The publish log's issued numbers when the last restart ended.
        var afterLastRestart: [Int] = []
    }

    let server: SoakServer
    let transport: ChaosTransport
    let outages: OutageClock
    let log: PublishLog
    let options: SoakOptions

    /// Disrupts for `duration`; throws only if the mock cannot be started again.
    func run(for duration: Duration) async throws -> Counters {
        var counters = Counters(afterLastRestart: log.issued())
        let start = ContinuousClock.now
        let end = start + duration
        let restarts = options.restarts
        var restartTimes = (1...max(1, restarts)).map { start + duration * (Double($0) / Double(restarts + 1)) }
        if restarts == 0 { restartTimes.removeAll() }
        var nextDisruption = start + randomGap()
        var attempts = 0
        while !Task.isCancelled {
            let next = min(nextDisruption, restartTimes.first ?? end, end)
            try? await Task.sleep(until: next)
            let now = ContinuousClock.now
            if now >= end { break }
            if let restartAt = restartTimes.first, now >= restartAt {
                restartTimes.removeFirst()
                outages.wentDown()
                try await server.restart(downtime: .seconds(options.restartDowntime))
                outages.cameUp()
                counters.restarts += 1
                counters.afterLastRestart = log.issued()
                continue
            }
            guard now >= nextDisruption else { continue }
            nextDisruption = now + randomGap()
            // The first three disruptions are one of each kind; then client drops are the most common.
            // A stall with no settled socket to stall becomes a client drop.
            attempts += 1
            switch attempts <= 3 ? attempts - 1 : Int.random(in: 0..<8) {
            case 0:
                await server.dropRealtimeConnections()
                counters.serverDrops += 1
            case 1 where transport.stallRandomSocket(until: min(end, now + .seconds(Double.random(in: 10...30)))):
                counters.stalls += 1
            default:
                if await transport.dropRandomSocket() { counters.clientDrops += 1 }
            }
        }
        transport.endStalls()
        return counters
    }

    private func randomGap() -> Duration {
        .seconds(-log1p(-Double.random(in: 0..<1)) * options.disruptionInterval)
    }
}
