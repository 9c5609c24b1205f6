import Foundation
import SwitchboardAPI

/// What `scripts/soak` runs: its length, its load and its disruptions, from the command line.
struct SoakOptions: Sendable {
    /// The whole run, warm-up and final quiet window included.
    var seconds = 1800
    /// Subscriptions held open for the whole run (each resubscribes if its stream ends).
    var subscriptions = 1000
    /// Real-time connections the subscriptions share: one API name per connection, as the client
    /// keeps one WebSocket per (API, authorization type).
    var connections = 20
    /// Tasks sending tagged mutations one after another, each with its own sequence.
    var mutators = 4
    /// Mutations per second, all mutators together; each reaches every subscription, so 4/s is
    /// 4,000 deliveries a second. On a shared 2-core machine the client decoded about 6,000 a
    /// second, and above that start_acks queue behind events past `acknowledgementTimeout`.
    var mutationRate = 4.0
    /// Tasks sending queries.
    var queriers = 4
    /// Queries per second, all queriers together.
    var queryRate = 20.0
    /// Subscribers that read in bursts with pauses of up to 2 s.
    var slowSubscribers = 50
    /// Subscribers that stop reading for long stretches of the disrupted phase, so that the
    /// client's buffer may fill (and end them with `consumerTooSlow`, after which they resubscribe).
    var stallingSubscribers = 3
    /// `RealtimeConfiguration.maximumBufferedEvents` of the client.
    var bufferedEvents = RealtimeConfiguration.defaultMaximumBufferedEvents
    /// Padding added to every event, so that a stalled connection fills the server's outbox sooner.
    var payloadBytes = 256
    /// `RealtimeServerOptions.maximumOutboundBytes` of the mock (its default is 8 MiB).
    var outboxBytes = 1 << 20
    /// Mean seconds between random disruptions (client drops, server drops, stalled connections).
    var disruptionInterval = 4.0
    /// How long the mock stays down at each restart.
    var restartDowntime = 0.5
    /// `RealtimeConfiguration.reconnectAttempts`: the soak disrupts each connection more often than
    /// the default `stableConnectionDuration` (10 s), and a restart's refused connects count too, so
    /// the default 8 would give up; a give-up fails the soak.
    var reconnectAttempts = 20
    /// How much the RSS under load may grow between the end of warm-up and the end of the run.
    var rssGrowthMiB = 64

    static let usage = """
        usage: soak [SECONDS] [--subscriptions N] [--connections N] [--mutators N] [--mutation-rate PER_S]
                    [--queriers N] [--query-rate PER_S] [--slow N] [--stalling N] [--buffer N]
                    [--payload-bytes N] [--outbox-bytes N] [--disruption-interval S] [--restart-downtime S]
                    [--reconnect-attempts N] [--rss-growth-mib N]
        """

    /// Reads `arguments` (without the program name); throws the usage text with what was wrong.
    init(arguments: [String]) throws {
        var rest = arguments[...]
        if let first = rest.first, !first.hasPrefix("--") {
            guard let value = Int(first), value > 0 else { throw SoakFailure.usage("SECONDS must be positive") }
            seconds = value
            rest = rest.dropFirst()
        }
        while let flag = rest.popFirst() {
            guard let text = rest.popFirst(), let number = Double(text), number >= 0 else {
                throw SoakFailure.usage("\(flag) needs a number (zero or more)")
            }
            let whole = Int(number)
            switch flag {
            case "--subscriptions": subscriptions = whole
            case "--connections": connections = max(1, whole)
            case "--mutators": mutators = max(1, whole)
            case "--mutation-rate": mutationRate = max(0.1, number)
            case "--queriers": queriers = whole
            case "--query-rate": queryRate = max(0.1, number)
            case "--slow": slowSubscribers = whole
            case "--stalling": stallingSubscribers = whole
            case "--buffer": bufferedEvents = max(1, whole)
            case "--payload-bytes": payloadBytes = whole
            case "--outbox-bytes": outboxBytes = max(1024, whole)
            case "--disruption-interval": disruptionInterval = max(0.1, number)
            case "--restart-downtime": restartDowntime = number
            case "--rss-growth-mib": rssGrowthMiB = whole
            case "--reconnect-attempts": reconnectAttempts = whole
            default: throw SoakFailure.usage("unknown option \(flag)")
            }
        }
        guard slowSubscribers + stallingSubscribers <= subscriptions else {
            throw SoakFailure.usage("--slow plus --stalling is more than --subscriptions")
        }
    }

    /// The phases' lengths: warm-up, disrupted and the final quiet window, which add up to the run.
    var schedule: (warmUp: Duration, chaos: Duration, quiet: Duration) {
        let total = Double(seconds)
        let warmUp = min(60, max(5, total / 10))
        let quiet = min(60, max(10, total / 10))
        let chaos = max(0, total - warmUp - quiet)
        return (.seconds(warmUp), .seconds(chaos), .seconds(quiet))
    }

    /// Server restarts in the disrupted phase: two at least, then one every two minutes.
    var restarts: Int {
        let chaos = schedule.chaos
        guard chaos >= .seconds(10) else { return chaos > .zero ? 1 : 0 }
        return max(2, Int(chaos / .seconds(120)))
    }
}
