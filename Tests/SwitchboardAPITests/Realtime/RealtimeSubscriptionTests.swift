import Foundation
import SwitchboardCore
import SwitchboardMock
import Testing

@testable import SwitchboardAPI

/// Subscriptions end to end: Switchboard's WebSocket client against the mock server's AppSync and
/// graphql-transport-ws endpoints, over loopback.
@Suite struct RealtimeSubscriptionTests {
    typealias Harness = RealtimeHarness

    static let todoEvents: [MockSubscriptionEvent] = [
        .data(["onCreateTodo": ["id": "1", "name": "First"]]),
        .data(["onCreateTodo": ["id": "2", "name": "Second"]], after: .milliseconds(5)),
    ]

    @Test(arguments: [nil, "graphql-transport-ws", "graphql-ws"])
    func subscribeReceivesScriptedEventsAndCancelFreesTheConnection(protocolName: String?) async throws {
        let server = try await MockServer(endpoints: [
            SubscriptionEndpoint(.operations("OnCreateTodo"), events: Self.todoEvents)
        ])
        defer { Task { await server.stop() } }
        let plugin = try await Harness.plugin(for: server, subscriptionProtocol: protocolName)
        let recorder = EventRecorder(plugin.subscribe(request: Harness.onCreateTodo))
        await Harness.eventually("two events") { recorder.values.count == 2 }
        #expect(recorder.values == [LiveTodo(id: "1", name: "First"), LiveTodo(id: "2", name: "Second")])
        #expect(recorder.states.prefix(2) == [.connecting, .connected])

        recorder.cancel()
        await Harness.eventually("the last subscription to close the socket") {
            let statistics = server.realtimeStatistics
            return statistics.activeSubscriptions == 0 && statistics.openConnections == 0
        }
        #expect(server.realtimeStatistics.connectionsAccepted == 1)
    }

    @Test func missingKeepAliveReconnectsAndResubscribesWithoutDuplicates() async throws {
        let server = try await MockServer(
            endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))],
            realtime: RealtimeServerOptions(connectionTimeout: .seconds(1), keepAliveInterval: .milliseconds(50)))
        defer { Task { await server.stop() } }
        let plugin = try await Harness.plugin(for: server)
        let recorder = EventRecorder(plugin.subscribe(request: Harness.onCreateTodo))
        await Harness.eventually("connected") { recorder.connectedCount == 1 }

        // Counted from here: on a loaded machine the first socket may have failed before its
        // connection_ack (the server's 1 s connection timeout), so the connection that got the
        // subscription to `connected` is not always the first the server accepted.
        let acceptedBefore = server.realtimeStatistics.connectionsAccepted
        await server.pauseKeepAlives()
        await Harness.eventually("a reconnection after the keep-alive timeout") {
            server.realtimeStatistics.connectionsAccepted > acceptedBefore
        }
        await server.pauseKeepAlives(false)
        await Harness.eventually("connected again") { recorder.connectedCount >= 2 }
        // The server may see the abandoned socket's end of stream after the new start_ack.
        await Harness.eventually("one connection carrying one subscription") {
            let statistics = server.realtimeStatistics
            return statistics.activeSubscriptions == 1 && statistics.openConnections == 1
        }

        #expect(
            await server.publish(["onCreateTodo": ["id": "3", "name": "After"]], toSubscriptionsOf: "onCreateTodo") == 1
        )
        await Harness.eventually("the event after reconnecting") { recorder.values.count == 1 }
        try await Task.sleep(for: .milliseconds(50))
        #expect(recorder.values == [LiveTodo(id: "3", name: "After")])
        // A loaded machine may add another reconnection later; the first four states are certain.
        #expect(Array(recorder.states.prefix(4)) == [.connecting, .connected, .connecting, .connectedAfterGap])
    }

    @Test func abruptCloseReconnectsAndEventsResume() async throws {
        let server = try await MockServer(endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))])
        defer { Task { await server.stop() } }
        let plugin = try await Harness.plugin(for: server)
        let recorder = EventRecorder(plugin.subscribe(request: Harness.onCreateTodo))
        await Harness.eventually("connected") { recorder.connectedCount == 1 }

        await server.dropRealtimeConnections()
        await Harness.eventually("connected again") { recorder.connectedCount == 2 }
        await server.publish(["onCreateTodo": ["id": "9", "name": "Back"]], toSubscriptionsOf: "OnCreateTodo")
        await Harness.eventually("the event after the drop") { recorder.values == [LiveTodo(id: "9", name: "Back")] }
        #expect(server.realtimeStatistics.activeSubscriptions == 1)
    }

    @Test func serverRestartOnTheSamePortResumesStreams() async throws {
        let first = try await MockServer(endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))])
        let port = first.port
        let plugin = try await Harness.plugin(for: first)
        let recorder = EventRecorder(plugin.subscribe(request: Harness.onCreateTodo))
        await Harness.eventually("connected") { recorder.connectedCount == 1 }

        await first.stop()
        await Harness.eventually("reconnecting") { recorder.states.last == .connecting }
        // The freed port can be taken for a moment as the local port of another test's connection:
        // binding it again is retried for a while rather than failing the test.
        var restarted: MockServer?
        for _ in 0..<50 where restarted == nil {
            restarted = try? await MockServer(
                endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))], port: port)
            if restarted == nil { try await Task.sleep(for: .milliseconds(100)) }
        }
        let second = try #require(restarted, "port \(port) stayed taken for 5 seconds")
        defer { Task { await second.stop() } }
        await Harness.eventually("connected to the restarted server") { recorder.connectedCount == 2 }
        await second.publish(["onCreateTodo": ["id": "r", "name": "Restarted"]], toSubscriptionsOf: "onCreateTodo")
        await Harness.eventually("the restarted server's event") { recorder.values.count == 1 }
        #expect(recorder.finished == false)
    }

    /// A mock whose `OnAdminEvent` subscription needs an `x-admin` header no client sends, and
    /// whose `OnCreateTodo` needs nothing.
    static func adminServer() async throws -> MockServer {
        try await MockServer(endpoints: [
            SubscriptionEndpoint(.operations("OnAdminEvent"), requiredHeaders: ["x-admin": "yes"]),
            SubscriptionEndpoint(.operations("OnCreateTodo")),
        ])
    }

    /// The subscription ``adminServer()`` refuses.
    static let onAdminEvent = GraphQLRequest(
        document: "subscription OnAdminEvent { onAdminEvent { id name } }", responseType: LiveTodo.self,
        decodePath: "onAdminEvent")

    @Test func unauthorizedEndsOnlyThatSubscriptionWithATypedError() async throws {
        let server = try await Self.adminServer()
        defer { Task { await server.stop() } }
        let plugin = try await Harness.plugin(for: server)
        let todos = EventRecorder(plugin.subscribe(request: Harness.onCreateTodo))
        let admin = EventRecorder(plugin.subscribe(request: Self.onAdminEvent))
        await Harness.eventually("the admin subscription to fail") { admin.finished }
        let error = try #require(admin.error as? SubscriptionError)
        #expect(error.graphQLErrors.first?.extensions?["errorType"]?.stringValue == "UnauthorizedException")
        #expect("\(error)".contains("x-admin"))

        await Harness.eventually("todos connected") { todos.connectedCount == 1 }
        await server.publish(["onCreateTodo": ["id": "1", "name": "Still here"]], toSubscriptionsOf: "onCreateTodo")
        await Harness.eventually("todos still receiving") { todos.values.count == 1 }
        #expect(todos.finished == false)
    }

    /// A user-pool token that counts how often the server's refusal had it refreshed.
    final class CountingTokenProvider: AuthTokenProvider {
        private let count = Locked(0)
        var refreshes: Int { count.withLock { $0 } }
        func latestToken() async throws -> String { "pool-token" }
        func refreshedToken() async throws -> String {
            count.withLock { $0 += 1 }
            return "pool-token"
        }
    }

    /// On graphql-transport-ws a subscribe refused with `UnauthorizedException` as soon as it is
    /// sent is refused for itself: it is no expired connection token, so the connection is not
    /// made again with a refreshed one, and the other subscriptions go on undisturbed.
    @Test func onGraphQLTransportWSASubscribeRefusedAtOnceEndsAloneWithoutAReconnect() async throws {
        let server = try await Self.adminServer()
        defer { Task { await server.stop() } }
        let provider = CountingTokenProvider()
        let plugin = try await Harness.plugin(
            for: server, subscriptionProtocol: "graphql-transport-ws", authorizationType: "AMAZON_COGNITO_USER_POOLS",
            tokenProviders: [.amazonCognitoUserPools: provider])
        let todos = EventRecorder(plugin.subscribe(request: Harness.onCreateTodo))
        await Harness.eventually("todos connected") { todos.connectedCount == 1 }
        let admin = EventRecorder(plugin.subscribe(request: Self.onAdminEvent))
        await Harness.eventually("the admin subscription to fail") { admin.finished }
        let error = try #require(admin.error as? SubscriptionError)
        #expect(error.graphQLErrors.first?.extensions?["errorType"]?.stringValue == "UnauthorizedException")

        await server.publish(["onCreateTodo": ["id": "1", "name": "Still here"]], toSubscriptionsOf: "onCreateTodo")
        await Harness.eventually("todos still receiving") { todos.values.count == 1 }
        #expect(todos.states == [.connecting, .connected], "the todos subscription went through \(todos.states)")
        #expect(provider.refreshes == 0)
        #expect(todos.finished == false)
    }

    @Test func twoHundredSubscriptionsShareOneSocket() async throws {
        // Past AppSync's 100 subscriptions per connection, which the mock enforces by default.
        let server = try await MockServer(
            endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))],
            realtime: RealtimeServerOptions(maximumSubscriptionsPerConnection: nil))
        defer { Task { await server.stop() } }
        let plugin = try await Harness.plugin(for: server)
        let recorders = (0..<200).map { _ in EventRecorder(plugin.subscribe(request: Harness.onCreateTodo)) }
        await Harness.eventually("200 connected") { recorders.allSatisfy { $0.connectedCount == 1 } }
        let statistics = server.realtimeStatistics
        #expect(statistics.openConnections == 1)
        #expect(statistics.activeSubscriptions == 200)
        #expect(
            await server.publish(["onCreateTodo": ["id": "a", "name": "All"]], toSubscriptionsOf: "onCreateTodo") == 200
        )
        await Harness.eventually("every stream received the event") { recorders.allSatisfy { $0.values.count == 1 } }
        for recorder in recorders { recorder.cancel() }
        await Harness.eventually("all cancelled") { server.realtimeStatistics.openConnections == 0 }
    }

    @Test func undecodablePayloadArrivesAsAFailureAndTheStreamContinues() async throws {
        let server = try await MockServer(endpoints: [
            SubscriptionEndpoint(
                .operations("OnCreateTodo"),
                events: [
                    .data(["onCreateTodo": ["id": 5]]),
                    .data(["onCreateTodo": ["id": "6", "name": "Fine"]], after: .milliseconds(5)),
                ])
        ])
        defer { Task { await server.stop() } }
        let plugin = try await Harness.plugin(for: server)
        let recorder = EventRecorder(plugin.subscribe(request: Harness.onCreateTodo))
        await Harness.eventually("the good event") { recorder.values.count == 1 }
        let results = recorder.events.compactMap { event -> GraphQLResponse<LiveTodo>? in
            if case .data(let result) = event { return result }
            return nil
        }
        guard case .failure(.transformationError(let raw, _)) = results.first else {
            Issue.record("expected a transformation error first, got \(results)")
            return
        }
        #expect(raw.contains("\"id\":5"))
        #expect(recorder.values == [LiveTodo(id: "6", name: "Fine")])
        #expect(recorder.finished == false)
    }
}
