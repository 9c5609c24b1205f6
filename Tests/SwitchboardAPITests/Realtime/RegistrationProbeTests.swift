import Foundation
import SwitchboardCore
import SwitchboardMock
import Testing

@testable import SwitchboardAPI

/// graphql-transport-ws acknowledges no subscription: after each `subscribe` the client pings,
/// naming it, and reports `.connected` when the server's pong shows it handled the `subscribe`.
/// Over real sockets against the mock server, through a transport that holds that pong back.
@Suite struct RegistrationProbeTests {
    /// What the transport does to a pong answering a registration probe.
    enum PongHandling {
        /// Holds it until ``ProbeTransport/release()``.
        case hold
        /// Rewrites it (and every other pong) without its payload, as a server that does not echo
        /// payloads sends it.
        case strip
        /// Drops it, as a server that answers no ping would.
        case drop
    }

    /// Switchboard's WebSocket transport, except for what it does to a probe's pong.
    final class ProbeTransport: RealtimeTransport {
        private struct State {
            var held = 0
            var released = false
        }

        private let state = Locked(State())
        private let inner = WebSocketRealtimeTransport()
        let handling: PongHandling

        init(_ handling: PongHandling) { self.handling = handling }

        /// How many probe pongs have been held so far.
        var held: Int { state.withLock { $0.held } }
        func release() { state.withLock { $0.released = true } }

        func connect(to url: URL, headers: [(String, String)], subprotocols: [String]) async throws
            -> any RealtimeSocket
        {
            ProbeSocket(
                inner: try await inner.connect(to: url, headers: headers, subprotocols: subprotocols), owner: self)
        }

        /// `text` as the client is to see it: `nil` to drop it.
        fileprivate func pass(_ text: String) async throws -> String? {
            guard text.contains(#""type":"pong""#) else { return text }
            // Such a server strips every pong's payload, keep-alives' included.
            if handling == .strip { return #"{"type":"pong"}"# }
            guard text.contains(GraphQLTransportWSAdapter.probeKey) else { return text }
            switch handling {
            case .strip, .drop: return nil
            case .hold:
                state.withLock { $0.held += 1 }
                while !state.withLock({ $0.released }) { try await Task.sleep(for: .milliseconds(10)) }
                return text
            }
        }
    }

    struct ProbeSocket: RealtimeSocket {
        let inner: any RealtimeSocket
        let owner: ProbeTransport

        func send(text: String) async throws { try await inner.send(text: text) }
        func receive() async throws -> String? {
            while let text = try await inner.receive() {
                if let passed = try await owner.pass(text) { return passed }
            }
            return nil
        }
        func close(code: UInt16) async { await inner.close(code: code) }
        var upgradeResponse: HTTPTransportResponse { inner.upgradeResponse }
        var closeStatus: (code: UInt16, reason: String)? { inner.closeStatus }
    }

    static func plugin(
        _ server: MockServer, transport: ProbeTransport, configuration: RealtimeConfiguration = .fastForTests
    ) throws -> APIPlugin {
        let plugin = try APIPlugin(realtimeTransport: transport, realtimeConfiguration: configuration)
        try plugin.configure(
            APICategoryConfiguration(endpoints: [
                APIEndpointConfiguration(
                    name: "todo", endpoint: server.graphQLURL, authorizationType: .apiKey, apiKey: "da2-realtimekey",
                    subscriptionProtocol: .graphQLTransportWS)
            ]))
        return plugin
    }

    @Test func connectedWaitsForTheServersAnswerToTheProbe() async throws {
        let server = try await MockServer(endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))])
        defer { Task { await server.stop() } }
        let transport = ProbeTransport(.hold)
        let plugin = try Self.plugin(server, transport: transport)
        let recorder = EventRecorder(plugin.subscribe(request: RealtimeHarness.onCreateTodo))
        await RealtimeHarness.eventually("the probe's pong held") { transport.held == 1 }
        // The server has registered the subscription, but the client has not heard so yet.
        try await Task.sleep(for: .milliseconds(100))
        #expect(recorder.states == [.connecting])

        transport.release()
        await RealtimeHarness.eventually("connected") { recorder.connectedCount == 1 }
        // Published the moment `.connected` was seen: it arrives.
        #expect(
            await server.publish(["onCreateTodo": ["id": "1", "name": "First"]], toSubscriptionsOf: "OnCreateTodo") == 1
        )
        await RealtimeHarness.eventually("the first event") { recorder.values.count == 1 }
        #expect(recorder.states == [.connecting, .connected])
    }

    /// A server that answers pings without echoing their payload still gets its subscriptions
    /// connected: its pong answers every probe sent before it.
    @Test func aPongWithoutThePayloadAnswersTheProbesToo() async throws {
        let server = try await MockServer(endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))])
        defer { Task { await server.stop() } }
        let plugin = try Self.plugin(server, transport: ProbeTransport(.strip))
        let first = EventRecorder(plugin.subscribe(request: RealtimeHarness.onCreateTodo))
        let second = EventRecorder(plugin.subscribe(request: RealtimeHarness.onCreateTodo))
        await RealtimeHarness.eventually("both connected") { first.connectedCount == 1 && second.connectedCount == 1 }
        #expect(
            await server.publish(["onCreateTodo": ["id": "1", "name": "First"]], toSubscriptionsOf: "OnCreateTodo") == 2
        )
        await RealtimeHarness.eventually("the event, twice") { first.values.count == 1 && second.values.count == 1 }
    }

    /// A server that answers no ping leaves no subscription connecting for good: after
    /// `acknowledgementTimeout` without an answer it counts as connected.
    @Test func anUnansweredProbeConnectsAfterTheAcknowledgementTimeout() async throws {
        let server = try await MockServer(endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))])
        defer { Task { await server.stop() } }
        var configuration = RealtimeConfiguration.fastForTests
        configuration.acknowledgementTimeout = .seconds(1)
        let plugin = try Self.plugin(server, transport: ProbeTransport(.drop), configuration: configuration)
        let started = ContinuousClock.now
        let recorder = EventRecorder(plugin.subscribe(request: RealtimeHarness.onCreateTodo))
        await RealtimeHarness.eventually("connected") { recorder.connectedCount == 1 }
        #expect(ContinuousClock.now - started >= .seconds(1))
        #expect(recorder.states == [.connecting, .connected])
    }
}
