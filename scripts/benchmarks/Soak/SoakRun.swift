import Foundation
import SwitchboardAPI
import SwitchboardCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One soak set up end to end: the mock, `Switchboard` configured with one API per real-time
/// connection (all pointing at the mock), the load, and the subscribers; and its teardown.
final class SoakRun: Sendable {
    let options: SoakOptions
    let server: SoakServer
    let transport = ChaosTransport()
    let realtimeLog = RealtimeLog()
    let log: PublishLog
    let phase = Locked(SoakPhase.warmUp)
    let outages = OutageClock()
    let load: LoadGenerator
    let subscribers: [Subscriber]
    /// One HTTP transport for the process, as an app has: the platform's default
    /// (`HTTPClientTransport` on Linux), with idle connections kept 1 s instead of 30 s so that the
    /// descriptor count after the run sees them closed rather than pooled.
    static let httpTransport: any HTTPTransport = {
        #if os(Linux)
            HTTPClientTransport(idleTimeout: .seconds(1))
        #else
            URLSessionTransport()
        #endif
    }()
    private let tasks = Locked<[Task<Void, Never>]>([])

    /// Starts the mock, configures `Switchboard` and subscribes every subscriber.
    init(options: SoakOptions) async throws {
        self.options = options
        server = try await SoakServer(options: options)
        log = PublishLog(mutators: options.mutators)
        let apiNames = (0..<options.connections).map { "soak\($0)" }
        let plugin = try APIPlugin(
            transport: Self.httpTransport, logHandler: realtimeLog,
            realtimeTransport: transport,
            realtimeConfiguration: RealtimeConfiguration(
                reconnectAttempts: options.reconnectAttempts, maximumBufferedEvents: options.bufferedEvents))
        let endpoint = await server.graphQLURL.absoluteString
        var apis: [String: Any] = [:]
        for name in apiNames {
            apis[name] = [
                "endpointType": "GraphQL", "endpoint": endpoint, "region": "us-east-1", "authorizationType": "API_KEY",
                "apiKey": "da2-soak",
            ]
        }
        try Switchboard.add(plugin: plugin)
        try Switchboard.configure(JSONSerialization.data(withJSONObject: ["api": ["plugins": ["awsAPIPlugin": apis]]]))
        load = LoadGenerator(options: options, apiNames: apiNames, log: log, outages: outages)
        subscribers = (0..<options.subscriptions).map { [log, phase] index in
            let pace: Subscriber.Pace =
                index < options.stallingSubscribers
                ? .stalling : index < options.stallingSubscribers + options.slowSubscribers ? .slow : .eager
            return Subscriber(
                index: index, apiName: apiNames[index % apiNames.count], pace: pace, log: log, phase: phase,
                mutators: options.mutators)
        }
        let started = subscribers.map { subscriber in Task { await subscriber.run() } }
        tasks.withLock { $0 = started }
    }

    /// Subscribers whose stream is connected now.
    var connectedCount: Int { subscribers.count { $0.ledger.withLock { $0.isConnected } } }

    /// Waits until every subscriber is connected; `false` after `timeout`.
    func waitUntilAllConnected(timeout: Duration) async -> Bool {
        await waitUntil(timeout: timeout) { connectedCount == subscribers.count }
    }

    /// Waits until every subscriber has every event up to `final` its connection owes it.
    func waitUntilCaughtUp(final: [Int], timeout: Duration) async -> Bool {
        await waitUntil(timeout: timeout) {
            subscribers.allSatisfy { subscriber in subscriber.ledger.withLock { $0.isCaughtUp(final: final) } }
        }
    }

    private func waitUntil(timeout: Duration, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return condition()
    }

    /// Cancels every subscription, resets `Switchboard` (closing its real-time connections),
    /// and stops the mock: nothing of the run should stay open.
    func tearDown() async {
        let running = tasks.withLock { tasks in
            defer { tasks = [] }
            return tasks
        }
        for task in running { task.cancel() }
        for task in running { await task.value }
        await Switchboard.reset()
        await server.stop()
        // Connections the HTTP pool kept to the stopped server are closed once idle for 1 s.
        try? await Task.sleep(for: .seconds(2.5))
    }
}
