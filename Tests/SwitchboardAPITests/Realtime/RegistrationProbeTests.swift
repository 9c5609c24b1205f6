import Foundation
import SwitchboardCore
import SwitchboardMock
import Testing

@testable import SwitchboardAPI

/// graphql-transport-ws acknowledges no subscription: after each `subscribe` the client pings,
/// naming it, and reports `.connected` when the server's pong shows it handled the `subscribe`.
/// Over real sockets against the mock server, through a transport that holds that pong back.
@Suite struct RegistrationProbeTests {
    /// Switchboard's WebSocket transport, except that a pong answering a registration probe is
    /// held until ``release()`` (or rewritten without its payload, as a server that does not echo
    /// the ping's payload sends it).
    final class ProbeTransport: RealtimeTransport {
        private struct State {
            var held = 0
            var released = false
        }

        private let state = Locked(State())
        private let inner = WebSocketRealtimeTransport()
        let holdsPongs: Bool

        init(holdsPongs: Bool) { self.holdsPongs = holdsPongs }

        /// How many probe pongs have been held so far.
        var held: Int { state.withLock { $0.held } }
        func release() { state.withLock { $0.released = true } }

        func connect(to url: URL, headers: [(String, String)], subprotocols: [String]) async throws
            -> any RealtimeSocket
        {
            ProbeSocket(
                inner: try await inner.connect(to: url, headers: headers, subprotocols: subprotocols), owner: self)
        }

        /// Holds `text` while it is a probe's pong and the transport holds them, or strips its payload.
        fileprivate func pass(_ text: String) async throws -> String {
            guard text.contains(#""type":"pong""#), text.contains(GraphQLTransportWSAdapter.probeKey) else {
                return text
            }
            guard holdsPongs else { return #"{"type":"pong"}"# }
            state.withLock { $0.held += 1 }
            while !state.withLock({ $0.released }) { try await Task.sleep(for: .milliseconds(10)) }
            return text
        }
    }

    struct ProbeSocket: RealtimeSocket {
        let inner: any RealtimeSocket
        let owner: ProbeTransport

        func send(text: String) async throws { try await inner.send(text: text) }
        func receive() async throws -> String? {
            guard let text = try await inner.receive() else { return nil }
            return try await owner.pass(text)
        }
        func close(code: UInt16) async { await inner.close(code: code) }
        var upgradeResponse: HTTPTransportResponse { inner.upgradeResponse }
        var closeStatus: (code: UInt16, reason: String)? { inner.closeStatus }
    }

    static func plugin(_ server: MockServer, transport: ProbeTransport) throws -> APIPlugin {
        let plugin = try APIPlugin(realtimeTransport: transport, realtimeConfiguration: .fastForTests)
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
        let transport = ProbeTransport(holdsPongs: true)
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
        let plugin = try Self.plugin(server, transport: ProbeTransport(holdsPongs: false))
        let first = EventRecorder(plugin.subscribe(request: RealtimeHarness.onCreateTodo))
        let second = EventRecorder(plugin.subscribe(request: RealtimeHarness.onCreateTodo))
        await RealtimeHarness.eventually("both connected") { first.connectedCount == 1 && second.connectedCount == 1 }
        #expect(
            await server.publish(["onCreateTodo": ["id": "1", "name": "First"]], toSubscriptionsOf: "OnCreateTodo") == 2
        )
        await RealtimeHarness.eventually("the event, twice") { first.values.count == 1 && second.values.count == 1 }
    }
}
