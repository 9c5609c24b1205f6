import Foundation
import Switchboard
import SwitchboardMock

/// The mock the soak runs against, restartable on the same port: `CreateTick` mutations echo
/// their tag (mutator, sequence number, padding) and are published to every `OnTick`
/// subscription; `GetTick` queries echo their sequence number.
actor SoakServer {
    private var server: MockServer?
    private let realtime: RealtimeServerOptions
    /// The port every instance listens on.
    let port: Int
    /// Connections accepted by the instances already stopped.
    private var acceptedByStoppedInstances = 0
    private(set) var restarts = 0
    /// Whether the mock is down (between stop and start of a restart), for telling expected
    /// request failures from unexpected ones.
    private(set) var isDown = false

    static let endpoints: [any MockEndpoint] = [
        GraphQLEndpoint(
            .POST, .operations("CreateTick"),
            response: .graphQL(data: [
                "createTick": [
                    "mutator": "{{variables.mutator}}", "seq": "{{variables.seq}}", "pad": "{{variables.pad}}",
                ]
            ])),
        GraphQLEndpoint(
            .POST, .operations("GetTick"), response: .graphQL(data: ["getTick": ["seq": "{{variables.seq}}"]])),
        SubscriptionEndpoint(.operations("OnTick"), emitsOn: .operations("CreateTick")),
    ]

    init(options: SoakOptions) async throws {
        // Every subscription of the soak shares one connection, past AppSync's 100 per connection.
        realtime = RealtimeServerOptions(
            connectionTimeout: .seconds(60), keepAliveInterval: .seconds(10), maximumSubscriptionsPerConnection: nil,
            maximumOutboundBytes: options.outboxBytes, writeTimeout: .seconds(5))
        let first = try await MockServer(endpoints: Self.endpoints, realtime: realtime)
        server = first
        port = first.port
    }

    /// `http://127.0.0.1:PORT/graphql`, the same for every instance.
    var graphQLURL: URL { URL(string: "http://127.0.0.1:\(port)/graphql")! }

    /// Stops the mock (closing every connection), waits `downtime`, and starts a new one on the
    /// same port, retrying the bind for up to 10 s in case the port lingers.
    func restart(downtime: Duration) async throws {
        isDown = true
        await stop()
        try? await Task.sleep(for: downtime)
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            do {
                server = try await MockServer(endpoints: Self.endpoints, realtime: realtime, port: port)
                break
            } catch  where ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(100))
            } catch {
                throw SoakFailure.setup("the mock could not listen on port \(port) again after a restart: \(error)")
            }
        }
        restarts += 1
        isDown = false
    }

    /// Drops every real-time connection without a closing handshake (a server-side network failure).
    func dropRealtimeConnections() async { await server?.dropRealtimeConnections() }

    /// Stops the running instance, if any.
    func stop() async {
        guard let running = server else { return }
        server = nil
        acceptedByStoppedInstances += running.realtimeStatistics.connectionsAccepted
        await running.stop()
    }

    /// The current instance's real-time counters.
    func statistics() -> RealtimeServerStatistics? { server?.realtimeStatistics }

    /// Real-time connections accepted by every instance so far, and open on the current one.
    func realtimeConnections() -> (accepted: Int, open: Int) {
        let statistics = server?.realtimeStatistics
        return (acceptedByStoppedInstances + (statistics?.connectionsAccepted ?? 0), statistics?.openConnections ?? 0)
    }
}
