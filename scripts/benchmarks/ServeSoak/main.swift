// The server soak, run by scripts/soak last: `switchboard serve` (SQLite store) left running
// under a mix of clients for SECONDS: ticket owners creating, reading, updating, deleting and
// listing through APIPlugin (every answer checked against what they wrote), subscribers coming
// and going, and hostile clients (see HostileClient and SlowClients). Exits 1 unless every answer
// was right, the server's memory stayed flat after warm-up, it let go of every connection its
// clients closed and of no other descriptor, and Ctrl-C stopped it cleanly.
//
// serve-soak SWITCHBOARD_BINARY [SECONDS] [--in-memory] (default 60 s on the SQLite store)
import Foundation
import SwitchboardAPI
import SwitchboardCore

func progress(_ line: String) {
    print("serve-soak: \(line)")
    fflush(nil)
}

func fail(_ reason: String) -> Never {
    progress("FAILED: \(reason)")
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let binary = arguments.first else { fail("usage: serve-soak SWITCHBOARD_BINARY [SECONDS] [--in-memory]") }
let seconds = max(10, arguments.dropFirst().first.flatMap(Int.init) ?? 60)
let inMemory = arguments.contains("--in-memory")
let watchdog = Thread {
    Thread.sleep(forTimeInterval: Double(seconds + 120))
    fail("still running \(seconds + 120) s after it started (hung?)")
}
watchdog.start()

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("serve-soak-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let schema = """
    type Ticket @model @auth(rules: [{allow: public}]) {
      id: ID!
      title: String!
      priority: Int
      comments: [Comment] @hasMany(indexName: "byTicket", fields: ["id"])
    }
    type Comment @model @auth(rules: [{allow: public}]) {
      id: ID!
      ticketID: ID! @index(name: "byTicket")
      body: String!
      ticket: Ticket @belongsTo(fields: ["ticketID"])
    }
    """
try schema.write(to: directory.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
let apiKey = "da2-serve-soak"
let server = try await ServerProcess.start(
    binary: binary,
    arguments: [
        "--schema", directory.appendingPathComponent("schema.graphql").path, "--port", "0",
        "--api-key", apiKey,
        "--write-config", directory.appendingPathComponent("amplifyconfiguration.json").path,
    ] + (inMemory ? ["--in-memory"] : ["--data", directory.appendingPathComponent("data").path]))
let plugin = try APIPlugin()
try plugin.configure(
    using: SwitchboardConfiguration(
        data: try Data(contentsOf: directory.appendingPathComponent("amplifyconfiguration.json"))))
let ledger = SoakLedger()

// A ticket with three comments, which the cost bomb's fragments double over.
for (field, input) in [("createTicket", "{id: \"bomb\", title: \"bomb\"}")]
    + (1...3).map({ ("createComment", "{id: \"bomb-\($0)\", ticketID: \"bomb\", body: \"b\"}") })
{
    let request = GraphQLRequest(
        document: "mutation { \(field)(input: \(input)) { id } }", responseType: JSONValue.self, decodePath: field)
    guard case .success = try await plugin.mutate(request: request) else {
        fail("could not seed the cost bomb's ticket")
    }
}
progress(
    "\(seconds) s against switchboard serve (pid \(server.pid), port \(server.port), \(inMemory ? "in memory" : "SQLite")): 4 ticket owners, "
        + "5 subscriptions at a time, hostile requests and real-time clients, 16 slow heads")

let start = ContinuousClock.now
let end = start + .seconds(seconds)
let warmUp = start + .seconds(seconds) / 4
let samples = Locked<[(at: Duration, kib: Int)]>([])
let descriptorsAfterWarmUp = Locked<(connections: Int, other: Int)?>(nil)
let sampler = Task {
    while !Task.isCancelled {
        guard let kib = server.residentKiB() else {
            fail(
                "the server exited during the soak; its last output:\n"
                    + server.output.withLock { $0.tail }.joined(separator: "\n"))
        }
        samples.withLock { $0.append((ContinuousClock.now - start, kib)) }
        if ContinuousClock.now >= warmUp, descriptorsAfterWarmUp.withLock({ $0 == nil }) {
            let now = server.descriptors()
            descriptorsAfterWarmUp.withLock { $0 = now }
        }
        try? await Task.sleep(for: .milliseconds(250))
    }
}

let workers = (0..<4).map { TicketWorker(index: $0, plugin: plugin, ledger: ledger) }
async let written = withTaskGroup(of: (Int, [String: Ticket]).self) { group in
    for worker in workers { group.addTask { (worker.index, await worker.run(until: end)) } }
    var written: [Int: [String: Ticket]] = [:]
    for await (index, tickets) in group { written[index] = tickets }
    return written
}
async let hostile: Void = HostileClient(port: server.port, apiKey: apiKey, ledger: ledger).run(until: end)
async let churn: Void = SubscriptionChurn(plugin: plugin, ledger: ledger, width: 5).run(until: end)
async let realtimeHostile: Void = RealtimeHostileClient(port: server.port, apiKey: apiKey, ledger: ledger).run(
    until: end)
async let slowest = SlowClients(port: server.port, ledger: ledger, count: 16, allowed: .seconds(15)).run()
let tickets = await written
_ = await (hostile, churn, realtimeHostile)
let longestSlowHead = await slowest
for worker in workers { await worker.list(expect: tickets[worker.index] ?? [:]) }
sampler.cancel()

// Quiet: the clients close what they opened; the server must hold no connection they closed.
await plugin.reset()
var held = server.descriptors()
let settleDeadline = ContinuousClock.now + .seconds(20)
while let now = held, now.connections > server.openClientConnections(), ContinuousClock.now < settleDeadline {
    try await Task.sleep(for: .milliseconds(100))
    held = server.descriptors()
}
// Descriptors other than connections, the fewest over a second: one the runtime opens for a
// moment (a file it reads now and then) is not held.
for _ in 0..<10 {
    try await Task.sleep(for: .milliseconds(100))
    if let now = server.descriptors(), let before = held, now.other < before.other {
        held = (before.connections, now.other)
    }
}
// Idle, the server must sleep: its threads busy-poll only for a moment after their last work.
let idleStart = server.processorSeconds()
try await Task.sleep(for: .seconds(2))
let idleEnd = server.processorSeconds()
let idleProcessor = idleStart.flatMap { start in idleEnd.map { $0 - start } }
let clientHeld = server.openClientConnections()
let heldStates = server.connectionStates()
let output = server.output.withLock { $0 }
let exitStatus = await server.interrupt()

let counts = ledger.counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
progress("exchanges: \(counts)")
progress(
    String(
        format: "well-formed requests: p99 %.1f ms, slowest %.1f ms; slow heads ended after at most %@",
        ledger.p99 * 1000, ledger.slowest * 1000, "\(longestSlowHead)"))
let series = samples.withLock { $0 }
func peak(from: Double, to: Double) -> Int {
    let total = Double(seconds)
    return series.filter { sample in
        let at = Double(sample.at.components.seconds) / total
        return at >= from && at <= to
    }.map(\.kib).max() ?? 0
}
let early = peak(from: 0.25, to: 0.5)
let late = peak(from: 0.75, to: 1.0)
let allowance = max(8 * 1024, early / 8)
progress(
    "RSS: \(series.first?.kib ?? 0) KiB at start, peak \(early) KiB in the second quarter, \(late) KiB in the last "
        + "(allowed: \(early + allowance)); server output \(output.bytes) bytes")
let warm = descriptorsAfterWarmUp.withLock { $0 }
progress(
    "descriptors: \(warm.map { "\($0.connections) connections and \($0.other) others" } ?? "?") after warm-up; "
        + "at the end \(held.map { "\($0.connections) connections and \($0.other) others" } ?? "?"), "
        + "\(clientHeld) kept alive by the client's pool")
progress("processor time idle over 2 s: \(idleProcessor.map { String(format: "%.2f s", $0) } ?? "?")")

var problems: [String] = []
if ledger.failures > 0 {
    problems.append("\(ledger.failures) wrong answers; the first: \(ledger.firstFailures.joined(separator: " | "))")
}
if late > early + allowance { problems.append("RSS grew from \(early) to \(late) KiB after warm-up") }
if let held, held.connections > clientHeld {
    problems.append(
        "the server holds \(held.connections) connections (\(heldStates)), its clients \(clientHeld)")
}
// A thread that never stopped polling would use 2 s here; the tick is 10 ms.
if let idleProcessor, idleProcessor > 0.1 {
    problems.append(String(format: "the server used %.2f s of processor time over 2 idle seconds", idleProcessor))
}
if let held, let warm, held.other > warm.other {
    problems.append("the server holds \(held.other) descriptors other than connections, \(warm.other) after warm-up")
}
if exitStatus != 0 {
    problems.append(
        "Ctrl-C \(exitStatus.map { "ended the server with status \($0)" } ?? "did not stop the server within 10 s"); "
            + "its last output:\n\(output.tail.joined(separator: "\n"))")
}
if let first = problems.first { fail(problems.count > 1 ? problems.joined(separator: "\n  ") : first) }
progress("ok")
exit(0)
