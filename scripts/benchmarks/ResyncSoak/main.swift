// The resync soak, run by scripts/soak after the soak: subscriptions with a resync against the
// in-process local server while their real-time connection flaps (dropped every few hundred
// milliseconds, and now and then refused for up to 1.5 s) and mutators create items without a
// pause. At the end every subscriber must hold every item of every mutator exactly once and in
// order, and no resync may have failed. Exits 1 otherwise.
//
// resync-soak [SECONDS] (default 30): SUBSCRIBERS=50, SOURCES=4, RATE=25 items/s per source.
import Foundation
import SwitchboardAPI
import SwitchboardCore
import SwitchboardServer

func progress(_ line: String) {
    print(line)
    fflush(nil)
}

func fail(_ reason: String) -> Never {
    progress("resync-soak: FAILED: \(reason)")
    exit(1)
}

let seconds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 30
let subscriberCount = 50
let sources = 4
let ratePerSource = 25.0

let watchdog = Thread {
    Thread.sleep(forTimeInterval: Double(seconds + 180))
    fail("still running \(seconds + 180) s after it started (hung?)")
}
watchdog.start()

let server = try await LocalServer.start(
    schema: "type Item @model @auth(rules: [{allow: public}]) { id: ID! source: Int! seq: Int! }",
    configuration: .init(apiKeys: [.init("da2-resync-soak")]))
let transport = FlappingTransport()
let plugin = try APIPlugin(
    realtimeTransport: transport,
    realtimeConfiguration: RealtimeConfiguration(
        reconnectBase: .milliseconds(10), reconnectCap: .milliseconds(200), acknowledgementTimeout: .seconds(10),
        followsNetworkChanges: false))
try plugin.configure(using: SwitchboardConfiguration(data: Data(server.amplifyConfiguration().utf8)))
progress(
    "resync-soak: \(seconds) s, \(subscriberCount) subscriptions with a resync, \(sources) sources at "
        + "\(Int(ratePerSource)) items/s each, the real-time connection flapping")

let subscribers = (0..<subscriberCount).map { _ in ResyncSubscriber(sources: sources) }
let connected = Locked(0)
for subscriber in subscribers { subscriber.start(plugin) { connected.withLock { $0 += 1 } } }
let setupDeadline = ContinuousClock.now + .seconds(30)
while connected.withLock({ $0 }) < subscriberCount {
    if ContinuousClock.now > setupDeadline { fail("the subscriptions did not connect within 30 s") }
    try await Task.sleep(for: .milliseconds(20))
}

struct Created: Decodable, Sendable { let id: String }

/// Creates the items of `source` one after another until `end`; returns how many it created. The
/// mutation selects every field the subscription does: subscribers get only those (as on AppSync).
@Sendable func mutate(source: Int, until end: ContinuousClock.Instant) async -> Int {
    var seq = 0
    let pause = Duration.milliseconds(Int(1000 / ratePerSource))
    while ContinuousClock.now < end {
        let id = "s\(source)-" + String(format: "%06d", seq + 1)
        let request = GraphQLRequest(
            document: "mutation C($input: CreateItemInput!) { createItem(input: $input) { id source seq createdAt } }",
            variables: [
                "input": ["id": .string(id), "source": .number(Double(source)), "seq": .number(Double(seq + 1))]
            ],
            responseType: Created.self, decodePath: "createItem")
        do {
            _ = try await plugin.mutate(request: request).get()
            seq += 1
        } catch {
            fail("creating \(id) failed: \(error)")
        }
        try? await Task.sleep(for: pause)
    }
    return seq
}

let end = ContinuousClock.now + .seconds(seconds)
let chaos = Task {
    var flaps = 0
    while ContinuousClock.now < end {
        try? await Task.sleep(for: .milliseconds(Int.random(in: 100...600)))
        flaps += 1
        if flaps.isMultiple(of: 5) {
            await transport.refuse(for: .milliseconds(Int.random(in: 100...1500)))
        } else {
            await transport.drop()
        }
    }
}
let created = await withTaskGroup(of: (Int, Int).self) { group in
    for source in 0..<sources { group.addTask { (source, await mutate(source: source, until: end)) } }
    var counts = Array(repeating: 0, count: sources)
    for await (source, count) in group { counts[source] = count }
    return counts
}
await chaos.value
let total = created.reduce(0, +)
progress(
    "resync-soak: created \(total) items; \(transport.drops) drops, \(transport.refusedConnects) connects refused; "
        + "waiting for every subscriber to catch up")

// Quiet: every subscriber must come to hold every item.
let quietDeadline = ContinuousClock.now + .seconds(60)
func caughtUp() -> Bool {
    subscribers.allSatisfy { subscriber in subscriber.account.withLock { $0.lastSeq == created } }
}
while !caughtUp() && ContinuousClock.now < quietDeadline { try await Task.sleep(for: .milliseconds(50)) }

var lost = 0
var duplicated = 0
var gapStates = 0
var reconnects = 0
var violations: [String] = []
for subscriber in subscribers {
    let account = subscriber.account.withLock { $0 }
    lost += zip(created, account.lastSeq).map { max(0, $0 - $1) }.reduce(0, +) + account.gaps
    duplicated += account.duplicated
    gapStates += account.gapStates
    reconnects += account.reconnects
    if let violation = account.firstViolation { violations.append(violation) }
    if let ended = account.ended { violations.append(ended) }
}
for subscriber in subscribers { subscriber.stop() }
await server.stop()
progress(
    "resync-soak: \(subscriberCount) subscribers × \(total) items: \(lost) lost, \(duplicated) duplicated, "
        + "\(reconnects) reconnects caught up, \(gapStates) resyncs failed")
if let first = violations.first { fail("\(violations.count) subscribers saw a violation; the first: \(first)") }
if lost > 0 || duplicated > 0 { fail("events were lost or duplicated") }
if gapStates > 0 { fail("\(gapStates) resyncs failed") }
if reconnects < subscriberCount { fail("only \(reconnects) reconnects: the connection did not flap") }
progress("resync-soak: ok")
exit(0)
