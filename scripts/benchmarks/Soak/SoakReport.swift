import Foundation

/// The figures of a run, the checks on them, and the summary table.
struct SoakReport {
    struct Check {
        let name: String
        let passed: Bool
        let detail: String
    }

    var options: SoakOptions
    var seconds: Double = 0
    var start: ResourceSample
    var baseline: ResourceSample
    var warm = ResourceSample(descriptors: nil, residentKiB: nil)
    var loadEnd = ResourceSample(descriptors: nil, residentKiB: nil)
    var end = ResourceSample(descriptors: nil, residentKiB: nil)
    var peakKiB = 0
    var chaos = ChaosSchedule.Counters()
    var load = LoadGenerator.Counters()
    var transport = ChaosTransport.Counters()
    var openSocketsAtEnd = 0
    var serverAccepted = 0
    var ledgers: [DeliveryLedger] = []
    var resumed = 0
    var realtimeLog: [String: RealtimeLog.Entry] = [:]
    var reconnectedAfterChaos: Duration?
    var caughtUp = false

    var received: Int { ledgers.reduce(0) { $0 + $1.received } }
    var lost: Int { ledgers.reduce(0) { $0 + $1.lost } }
    var duplicated: Int { ledgers.reduce(0) { $0 + $1.duplicated } }
    var disruptions: Int { ledgers.reduce(0) { $0 + $1.disruptions } }
    var overflows: Int { ledgers.reduce(0) { $0 + $1.overflows } }
    var decodeFailures: Int { ledgers.reduce(0) { $0 + $1.decodeFailures } }
    var terminations: Int { ledgers.reduce(0) { $0 + $1.terminations } }
    /// The distinct last reasons (numbers masked), most frequent first.
    var terminationReasons: String {
        var counts: [String: Int] = [:]
        for reason in ledgers.compactMap(\.lastTermination) {
            counts[String(reason.prefix(200).map { $0.isNumber ? "#" : $0 }), default: 0] += 1
        }
        return counts.sorted { $0.value > $1.value }.prefix(3).map { "\($0.value)× \($0.key)" }.joined(separator: "; ")
    }
    var violations: [String] { Array(ledgers.flatMap(\.violations).prefix(5)) }

    var checks: [Check] {
        let count = options.subscriptions
        var checks = [
            Check(
                name: "every subscription resumed", passed: resumed == count && caughtUp,
                detail: "\(resumed)/\(count) received events sent after the last restart"
                    + (caughtUp ? "" : "; some never caught up with the final events")),
            Check(name: "no event lost", passed: lost == 0, detail: "\(lost) lost in undisrupted windows"),
            Check(
                name: "no event duplicated", passed: duplicated == 0, detail: "\(duplicated) duplicated or reordered"),
            Check(
                name: "streams end only by overflow", passed: terminations == 0,
                detail: terminations == 0
                    ? "\(overflows) consumerTooSlow, resubscribed"
                    : "\(terminations) ended (subscribers' last reasons: \(terminationReasons))"),
            Check(
                name: "every event decoded", passed: decodeFailures == 0, detail: "\(decodeFailures) failed to decode"),
            Check(
                name: "no unexpected request failure", passed: load.unexpectedFailures == 0,
                detail: load.unexpectedFailures == 0
                    ? "\(load.expectedFailures) failed during restarts"
                    : "\(load.unexpectedFailures): " + load.firstUnexpected.joined(separator: "; ")),
        ]
        if let endCount = end.descriptors, let baseCount = baseline.descriptors {
            checks.append(
                Check(
                    name: "no descriptor leaked", passed: endCount <= baseCount && openSocketsAtEnd == 0,
                    detail: "\(endCount) open at the end, \(baseCount) after the calibration run; "
                        + "\(openSocketsAtEnd) client sockets not closed"))
        }
        if let warmKiB = warm.residentKiB, let endKiB = loadEnd.residentKiB {
            let allowed = warmKiB + options.rssGrowthMiB * 1024
            checks.append(
                Check(
                    name: "RSS flat under load", passed: endKiB <= allowed,
                    detail: "\(mib(endKiB)) MiB at the end of the load, \(mib(warmKiB)) after warm-up "
                        + "(+\(options.rssGrowthMiB) MiB allowed)"))
        }
        if options.schedule.chaos >= .seconds(30) {
            let exercised =
                chaos.restarts == options.restarts && chaos.clientDrops > 0 && chaos.serverDrops > 0
                && disruptions > 0
            checks.append(
                Check(
                    name: "disruptions happened", passed: exercised,
                    detail: "\(chaos.restarts)/\(options.restarts) restarts, \(chaos.clientDrops) client drops, "
                        + "\(chaos.serverDrops) server drops"))
        }
        checks.append(
            Check(
                name: "events flowed", passed: received > 0 && load.mutations > 0,
                detail: "\(received) events, \(load.mutations) mutations"))
        return checks
    }

    var passed: Bool { checks.allSatisfy(\.passed) }

    func printSummary() {
        func cell(_ value: Int?) -> String { value.map(String.init) ?? "n/a" }
        func rss(_ sample: ResourceSample) -> String { sample.residentKiB.map { mib($0) } ?? "n/a" }
        let reconnects = max(0, transport.opened - options.connections)
        let rate = { (count: Int) in String(format: "%.1f/s", Double(count) / max(1, seconds)) }
        print("")
        print(
            String(
                format: "soak: %.0f s, %d subscriptions on %d connections", seconds, options.subscriptions,
                options.connections))
        print("                      start  calibrated   warm-up   load end      end")
        print(
            "open descriptors  "
                + [
                    cell(start.descriptors), cell(baseline.descriptors), cell(warm.descriptors),
                    cell(loadEnd.descriptors), cell(end.descriptors),
                ].map(pad).joined())
        print(
            "RSS MiB           " + [rss(start), rss(baseline), rss(warm), rss(loadEnd), rss(end)].map(pad).joined()
                + "   (peak \(mib(peakKiB)))")
        let rows: [(String, String)] = [
            ("events delivered", "\(received)"),
            (
                "mutations / queries",
                "\(load.mutations) / \(load.queries) (\(rate(load.mutations)) / \(rate(load.queries)); "
                    + "\(load.expectedFailures) failed during restarts)"
            ),
            ("events per second", rate(received)),
            ("restarts", "\(chaos.restarts)"),
            ("client drops / server drops", "\(chaos.clientDrops) / \(chaos.serverDrops)"),
            (
                "stalled connections",
                "\(chaos.stalls) (\(transport.stalledCutByServer) cut by the server, "
                    + "\(transport.slowConsumerErrors) LimitExceededError)"
            ),
            ("reconnects (sockets opened)", "\(reconnects) (\(transport.opened) client, \(serverAccepted) server)"),
            ("disruptions seen by subscribers", "\(disruptions)"),
            ("buffer overflows (consumerTooSlow)", "\(overflows)"),
            ("all reconnected after disruptions", reconnectedAfterChaos.map { "in \($0)" } ?? "no"),
        ]
        for (name, value) in rows { print(name.padding(toLength: 36, withPad: " ", startingAt: 0) + value) }
        print("")
        for check in checks {
            print(
                (check.passed ? "ok    " : "FAIL  ") + check.name.padding(toLength: 32, withPad: " ", startingAt: 0)
                    + check.detail)
        }
        for violation in violations { print("      \(violation)") }
        if let endCount = end.descriptors, let baseCount = baseline.descriptors, endCount > baseCount {
            let kinds = Set(end.kinds.keys).union(baseline.kinds.keys).sorted()
            let extra = kinds.compactMap { kind -> String? in
                let difference = (end.kinds[kind] ?? 0) - (baseline.kinds[kind] ?? 0)
                return difference == 0 ? nil : "\(kind) \(difference > 0 ? "+" : "")\(difference)"
            }
            print("      descriptors against the calibration run: \(extra.joined(separator: ", "))")
        }
        for (level, entry) in realtimeLog.sorted(by: { $0.key < $1.key }) {
            print("      client log, \(level): \(entry.count) messages, e.g. \(entry.samples.joined(separator: " | "))")
        }
    }

    private func pad(_ text: String) -> String { String(repeating: " ", count: max(0, 10 - text.count)) + text }
}

func mib(_ kib: Int) -> String { String(format: "%.1f", Double(kib) / 1024) }
