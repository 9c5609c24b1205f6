import Foundation
import SwitchboardCore
import SwitchboardMock
import Testing

@testable import SwitchboardAPI

/// A `graphql-transport-ws` API whose server answers with the legacy `graphql-ws` subprotocol is
/// spoken to in the legacy protocol, over real sockets against the mock server.
@Suite struct SubprotocolNegotiationTests {
    /// Switchboard's WebSocket transport, offering the server only what `keep` allows (as a server
    /// that knows only those would choose), and recording what the client offered.
    final class FilteringTransport: RealtimeTransport {
        let keep: @Sendable (String) -> Bool
        private let offers = Locked<[[String]]>([])
        private let inner = WebSocketRealtimeTransport()

        init(keep: @escaping @Sendable (String) -> Bool) { self.keep = keep }

        var offered: [[String]] { offers.withLock { $0 } }

        func connect(to url: URL, headers: [(String, String)], subprotocols: [String]) async throws
            -> any RealtimeSocket
        {
            offers.withLock { $0.append(subprotocols) }
            return try await inner.connect(to: url, headers: headers, subprotocols: subprotocols.filter(keep))
        }
    }

    static func plugin(_ server: MockServer, protocolName: String, transport: FilteringTransport) throws -> APIPlugin {
        let plugin = try APIPlugin(realtimeTransport: transport, realtimeConfiguration: .fastForTests)
        try plugin.configure(
            APICategoryConfiguration(endpoints: [
                APIEndpointConfiguration(
                    name: "todo", endpoint: server.graphQLURL, authorizationType: .apiKey, apiKey: "da2-realtimekey",
                    subscriptionProtocol: SubscriptionProtocol(rawValue: protocolName)!)
            ]))
        return plugin
    }

    @Test func aServerThatChoosesGraphQLWSIsSpokenToInIt() async throws {
        let server = try await MockServer(endpoints: [
            SubscriptionEndpoint(.operations("OnCreateTodo"), events: RealtimeSubscriptionTests.todoEvents)
        ])
        defer { Task { await server.stop() } }
        let transport = FilteringTransport { $0 == "graphql-ws" }
        let plugin = try Self.plugin(server, protocolName: "graphql-transport-ws", transport: transport)
        let recorder = EventRecorder(plugin.subscribe(request: RealtimeHarness.onCreateTodo))
        await RealtimeHarness.eventually("two events") { recorder.values.count == 2 }
        #expect(recorder.values == [LiveTodo(id: "1", name: "First"), LiveTodo(id: "2", name: "Second")])
        #expect(transport.offered.first == ["graphql-transport-ws", "graphql-ws"])
        recorder.cancel()
    }

    @Test func aGraphQLWSAPIOffersOnlyTheLegacyProtocol() async throws {
        let server = try await MockServer(endpoints: [
            SubscriptionEndpoint(.operations("OnCreateTodo"), events: RealtimeSubscriptionTests.todoEvents)
        ])
        defer { Task { await server.stop() } }
        let transport = FilteringTransport { _ in true }
        let plugin = try Self.plugin(server, protocolName: "graphql-ws", transport: transport)
        let recorder = EventRecorder(plugin.subscribe(request: RealtimeHarness.onCreateTodo))
        await RealtimeHarness.eventually("two events") { recorder.values.count == 2 }
        #expect(transport.offered.first == ["graphql-ws"])
        recorder.cancel()
    }
}
