import Foundation
import SwitchboardCore
import SwitchboardNet
import TestSupport
import Testing

@testable import SwitchboardAPI

/// A subscription across a real link going down and up: the local server runs in a network
/// namespace joined by a veth pair, and the link on this side is taken down and up again.
@Suite(.serialized) struct NetworkChangeTests {
    /// Keeps the realtime log messages.
    final class LogRecorder: LogHandler {
        let level = LogLevel.info
        private let messages = Locked<[String]>([])

        func log(level: LogLevel, message: String, metadata: [String: String], source: String) {
            messages.withLock { $0.append(message) }
        }

        var all: [String] { messages.withLock { $0 } }
    }

    struct Todo: Decodable, Sendable, Equatable {
        let id: String
        let name: String
    }

    @Test func theSubscriptionReturnsWithTheLinkNotAfterItsBackoff() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        guard let namespace = try await NetworkNamespace.make() else { return }
        defer { Task { await namespace.remove() } }
        let serve = try await ServeProcess.start(
            switchboard,
            [
                "--example-schema", "--host", namespace.peerAddress, "--port", "0", "--in-memory", "--api-key",
                "da2-netns",
            ],
            networkNamespace: namespace.name)
        defer { serve.process.terminate() }

        let log = LogRecorder()
        // A back-off this long would keep the subscription away for minutes: only the network
        // monitor can bring it back within moments of the link (the bound below is wide because the
        // full suite keeps both cores busy).
        let plugin = try APIPlugin(
            logHandler: log,
            realtimeConfiguration: RealtimeConfiguration(
                reconnectBase: .seconds(300), reconnectCap: .seconds(600), acknowledgementTimeout: .seconds(10)))
        try plugin.configure(
            APICategoryConfiguration(endpoints: [
                APIEndpointConfiguration(
                    name: "todo", endpoint: try serve.graphQLEndpoint, authorizationType: .apiKey, apiKey: "da2-netns")
            ]))
        let subscription = plugin.subscribe(
            request: GraphQLRequest(
                document: "subscription { onCreateTodo { id name } }", responseType: Todo.self,
                decodePath: "onCreateTodo"))
        let events = EventLog()
        let consumer = Task {
            for try await event in subscription {
                switch event {
                case .connection(let state): events.append(state: state)
                case .data(let result): events.append(todo: try? result.get())
                }
            }
        }
        defer { consumer.cancel() }
        try await events.waitUntil("connected") { $0.states.last == .connected }
        try await Self.create("t1", plugin)
        try await events.waitUntil("the first event") { $0.todos.map(\.id) == ["t1"] }

        try await namespace.setHostLink(up: false)
        try await events.waitUntil("the connection to be dropped") { $0.states.last == .connecting }
        // The first attempt fails (no route), and the back-off wait begins. Were no network up at
        // all (here the host keeps its other interfaces), the connection would wait for one.
        try await Task.sleep(for: .milliseconds(500))
        await plugin.realtimeConnections.networkChanged(NetworkPath(addresses: []))
        try await events.waitUntil("waiting for the network") { $0.states.last == .waitingForNetwork }
        let linkUp = ContinuousClock.now
        try await namespace.setHostLink(up: true)
        try await events.waitUntil("connected again") { $0.states.last == .connectedAfterGap }
        let back = ContinuousClock.now - linkUp
        print("the subscription was back \(back) after the link")
        #expect(log.all.contains { $0.contains("the network changed; reconnecting now") }, "\(log.all)")
        #expect(log.all.contains { $0.contains("went down or lost its address") }, "\(log.all)")
        #expect(back < .seconds(30), "back \(back) after the link came up")
        #expect(log.all.contains { $0.contains("no network is up; waiting for one") }, "\(log.all)")
        #expect(Array(events.states.suffix(4)) == [.connecting, .waitingForNetwork, .connecting, .connectedAfterGap])

        try await Self.create("t2", plugin)
        try await events.waitUntil("the event after the link returned") { $0.todos.map(\.id) == ["t1", "t2"] }
    }

    static func create(_ id: String, _ plugin: APIPlugin) async throws {
        _ = try await plugin.mutate(
            request: GraphQLRequest(
                document: "mutation C($input: CreateTodoInput!) { createTodo(input: $input) { id name } }",
                variables: ["input": ["id": .string(id), "name": .string("todo \(id)"), "priority": 1, "done": false]],
                responseType: Todo.self, decodePath: "createTodo")
        ).get()
    }

    /// What the subscription delivered, in order.
    final class EventLog: Sendable {
        struct Events {
            var states: [SubscriptionConnectionState] = []
            var todos: [Todo] = []
        }

        private let events = Locked(Events())

        func append(state: SubscriptionConnectionState) { events.withLock { $0.states.append(state) } }
        var states: [SubscriptionConnectionState] { events.withLock { $0.states } }
        func append(todo: Todo?) { if let todo { events.withLock { $0.todos.append(todo) } } }

        func waitUntil(_ what: String, _ condition: (Events) -> Bool) async throws {
            let deadline = ContinuousClock.now + .seconds(30)
            while !condition(events.withLock { $0 }) {
                guard ContinuousClock.now < deadline else {
                    throw NetworkNamespace.NamespaceError(
                        message: "timed out waiting until \(what): \(events.withLock { $0 })")
                }
                try await Task.sleep(for: .milliseconds(10))
            }
        }
    }
}
