// scripts/soak [SECONDS]: mixed queries, mutations and 1,000 subscriptions through
// `Switchboard.API` against the in-process mock on loopback, with random disconnects on both
// sides, server restarts on the same port and slow consumers. At the end every subscription must
// have resumed, no descriptor may have leaked, RSS must be flat under load, and no subscriber
// that stayed connected may have lost or duplicated an event. Exits 1 if a check fails.
import Foundation
import SwitchboardCore

let options: SoakOptions
do {
    options = try SoakOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
let schedule = options.schedule

// A run that stops making progress (a deadlock) must fail, not hang CI: the whole run, calibration,
// reconnection and draining included, gets its length plus five minutes.
let watchdog = Thread {
    Thread.sleep(forTimeInterval: Double(options.seconds + 300))
    FileHandle.standardError.write(
        Data("soak: FAILED: still running \(options.seconds + 300) s after it started (hung?)\n".utf8))
    exit(1)
}
watchdog.start()
progress(
    "soak: \(options.seconds) s (warm-up \(schedule.warmUp), disrupted \(schedule.chaos) with \(options.restarts) restarts, "
        + "quiet \(schedule.quiet)); \(options.subscriptions) subscriptions (\(options.slowSubscribers) slow, "
        + "\(options.stallingSubscribers) stalling) on \(options.connections) connections; "
        + "\(options.mutationRate) mutations/s, \(options.queryRate) queries/s")

/// Prints a progress line at once (standard output is a file or a pipe under CI).
func progress(_ line: String) {
    print(line)
    fflush(nil)
}

/// A short run through the same setup and teardown, so that the descriptors the runtime keeps
/// afterwards (event loop, URLSession, dispatch) are the baseline the real run is held to.
func calibrate() async throws -> ResourceSample {
    var small = options
    (small.subscriptions, small.connections, small.mutators, small.queriers) = (10, 2, 1, 1)
    (small.slowSubscribers, small.stallingSubscribers, small.restartDowntime) = (0, 0, 0.1)
    let run = try await SoakRun(options: small)
    guard await run.waitUntilAllConnected(timeout: .seconds(60)) else {
        throw SoakFailure.setup("the calibration run's subscriptions did not connect within 60 s")
    }
    let load = Task { await run.load.run() }
    try await Task.sleep(for: .seconds(1))
    _ = await run.transport.dropRandomSocket()
    try await run.server.restart(downtime: .milliseconds(100))
    _ = await run.waitUntilAllConnected(timeout: .seconds(30))
    load.cancel()
    await load.value
    await run.tearDown()
    return await ResourceSample.settled(port: run.server.port)
}

let clock = ContinuousClock.now
var report = SoakReport(options: options, start: ResourceSample.now(), baseline: ResourceSample.now())
do {
    report.baseline = try await calibrate()
    let run = try await SoakRun(options: options)
    let peak = Locked(0)
    let sampler = Task {
        while !Task.isCancelled {
            if let kib = ProcessProbe.residentKiB() { peak.withLock { $0 = max($0, kib) } }
            try? await Task.sleep(for: .seconds(1))
        }
    }
    guard await run.waitUntilAllConnected(timeout: .seconds(120)) else {
        throw SoakFailure.setup("\(run.connectedCount)/\(options.subscriptions) subscriptions connected within 120 s")
    }
    let load = Task { await run.load.run() }
    try await Task.sleep(for: schedule.warmUp)
    report.warm = ResourceSample.now()
    progress("warmed up: \(options.subscriptions) subscriptions connected, \(run.log.confirmed) mutations")

    run.phase.withLock { $0 = .disrupted }
    report.chaos = try await ChaosSchedule(
        server: run.server, transport: run.transport, outages: run.outages, log: run.log, options: options
    ).run(for: schedule.chaos)
    run.phase.withLock { $0 = .quiet }
    let quietStart = ContinuousClock.now
    if await run.waitUntilAllConnected(timeout: .seconds(120)) {
        report.reconnectedAfterChaos = ContinuousClock.now - quietStart
    }
    progress("disruptions over: \(run.connectedCount)/\(options.subscriptions) connected")
    if run.connectedCount < options.subscriptions, let before = await run.server.statistics() {
        try await Task.sleep(for: .seconds(10))
        let after = await run.server.statistics()
        progress(
            "  mock: \(before.openConnections) connections, \(before.activeSubscriptions) subscriptions active, "
                + "\(before.subscriptionsStarted) started; 10 s later \(after?.activeSubscriptions ?? 0) active, "
                + "\(after?.subscriptionsStarted ?? 0) started; client: \(run.transport.openSockets) sockets open")
    }
    for subscriber in run.subscribers.filter({ !$0.ledger.withLock { $0.isConnected } }).prefix(5) {
        let ledger = subscriber.ledger.withLock { $0 }
        print(
            "  not connected: subscriber \(subscriber.index) (\(subscriber.apiName), \(subscriber.pace)), "
                + "\(ledger.terminations) ended, last: \(ledger.lastTermination ?? "none")")
    }
    try await Task.sleep(until: quietStart + schedule.quiet)
    run.load.stop()
    await load.value

    // The final events: sent once everyone is connected, so every subscriber is owed all of them.
    run.phase.withLock { $0 = .draining }
    _ = await run.waitUntilAllConnected(timeout: .seconds(60))
    await run.load.finalRound()
    let final = run.log.issued()
    report.caughtUp = await run.waitUntilCaughtUp(final: final, timeout: .seconds(60))
    report.loadEnd = ResourceSample.now()
    sampler.cancel()
    report.peakKiB = peak.withLock { $0 }

    for subscriber in run.subscribers {
        subscriber.ledger.withLock { $0.settle(final: final, log: run.log, subscriber: subscriber.index) }
    }
    report.ledgers = run.subscribers.map { $0.ledger.withLock { $0 } }
    report.resumed = report.ledgers.count { $0.resumed(after: report.chaos.afterLastRestart) }
    report.load = run.load.snapshot
    report.realtimeLog = run.realtimeLog.snapshot
    report.serverAccepted = await run.server.realtimeConnections().accepted

    await run.tearDown()
    report.transport = run.transport.counters
    report.openSocketsAtEnd = run.transport.openSockets
    report.end = await ResourceSample.settled(port: run.server.port)
    report.seconds = Double((ContinuousClock.now - clock).components.seconds)
} catch {
    FileHandle.standardError.write(Data("soak: \(error)\n".utf8))
    exit(1)
}
report.printSummary()
if !report.passed {
    print("soak: FAILED")
    exit(1)
}
print("soak: passed")
