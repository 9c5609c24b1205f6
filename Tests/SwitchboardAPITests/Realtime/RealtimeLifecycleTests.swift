import Foundation
import SwitchboardMock
import Testing

@testable import SwitchboardAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Triggers, handshake interceptors, subscription limits and resource use of subscriptions.
@Suite struct RealtimeLifecycleTests {
    typealias Harness = RealtimeHarness

    struct TraceHeader: RequestInterceptor {
        func intercept(_ request: URLRequest) async throws -> URLRequest {
            var request = request
            request.setValue("trace-1", forHTTPHeaderField: "x-trace")
            return request
        }
    }

    @Test(arguments: [nil, "graphql-transport-ws", "graphql-ws"])
    func aMutationThroughThePipelineTriggersTheSubscription(protocolName: String?) async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(
                .POST, .operations("CreateTodo"),
                response: .graphQL(data: ["createTodo": ["id": "{{variables.id}}", "name": "{{variables.name}}"]])),
            SubscriptionEndpoint(.operations("OnCreateTodo"), emitsOn: .operations("CreateTodo")),
        ])
        defer { Task { await server.stop() } }
        let plugin = try await Harness.plugin(for: server, subscriptionProtocol: protocolName)
        let recorder = EventRecorder(plugin.subscribe(request: Harness.onCreateTodo))
        await Harness.eventually("connected") { recorder.connectedCount == 1 }
        // graphql-transport-ws acknowledges no subscription: `.connected` means the `subscribe` was
        // sent, so the mutation waits until the server has it (AppSync's start_ack guarantees that).
        await Harness.eventually("the server's subscription") { server.realtimeStatistics.activeSubscriptions == 1 }

        let create = GraphQLRequest(
            document: "mutation CreateTodo($id: ID!, $name: String!) { createTodo(id: $id, name: $name) { id name } }",
            variables: ["id": "m1", "name": "From a mutation"], responseType: LiveTodo.self, decodePath: "createTodo")
        #expect(try await plugin.mutate(request: create).get() == LiveTodo(id: "m1", name: "From a mutation"))
        await Harness.eventually("the mutation's event") {
            recorder.values == [LiveTodo(id: "m1", name: "From a mutation")]
        }
    }

    @Test func interceptorsApplyToTheUpgradeRequest() async throws {
        let server = try await MockServer(
            endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))],
            realtime: RealtimeServerOptions(requiredHeaders: ["x-trace": "trace-1", "x-api-key": "da2-realtimekey"]))
        defer { Task { await server.stop() } }

        let without = try await Harness.plugin(for: server)
        let rejected = EventRecorder(without.subscribe(request: Harness.onCreateTodo))
        await Harness.eventually("the handshake to be refused") { rejected.finished }
        let error = try #require(rejected.error as? SubscriptionError)
        #expect(error.graphQLErrors.first?.extensions?["errorType"]?.stringValue == "UnauthorizedException")

        let with = try await Harness.plugin(for: server)
        try with.add(interceptor: TraceHeader(), for: "todo")
        let accepted = EventRecorder(with.subscribe(request: Harness.onCreateTodo))
        await Harness.eventually("connected with the interceptor's header") { accepted.connectedCount == 1 }
        let upgrade = try #require(server.receivedRequests.last { $0.headers["Upgrade"] != nil })
        #expect(upgrade.headers["x-trace"] == "trace-1")
        #expect(upgrade.queryParameters["header"] != nil)
        #expect(upgrade.queryParameters["payload"] == "e30=")
    }

    @Test func maxSubscriptionsReachedIsRetriedUntilASlotFrees() async throws {
        let server = try await MockServer(
            endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))],
            realtime: RealtimeServerOptions(maximumSubscriptionsPerConnection: 1))
        defer { Task { await server.stop() } }
        let plugin = try await Harness.plugin(for: server)
        let first = EventRecorder(plugin.subscribe(request: Harness.onCreateTodo))
        await Harness.eventually("the first connected") { first.connectedCount == 1 }
        let second = EventRecorder(plugin.subscribe(request: Harness.onCreateTodo))
        try await Task.sleep(for: .milliseconds(30))
        #expect(second.connectedCount == 0)
        #expect(second.finished == false)

        first.cancel()
        await Harness.eventually("the second connected after a retry") { second.connectedCount == 1 }
        #expect(server.realtimeStatistics.activeSubscriptions == 1)
    }

    @Test func serverErrorsInAnEventArriveAsGraphQLErrors() async throws {
        let server = try await MockServer(endpoints: [
            SubscriptionEndpoint(
                .operations("OnCreateTodo"),
                events: [.errors([["message": "Not Authorized to access onCreateTodo", "errorType": "Unauthorized"]])])
        ])
        defer { Task { await server.stop() } }
        let plugin = try await Harness.plugin(for: server)
        let recorder = EventRecorder(plugin.subscribe(request: Harness.onCreateTodo))
        await Harness.eventually("the error event") {
            recorder.events.contains { if case .data(.failure) = $0 { true } else { false } }
        }
        guard case .data(.failure(.error(let errors)))? = recorder.events.last else {
            Issue.record("expected a GraphQL error event, got \(recorder.events)")
            return
        }
        #expect(errors.first?.message == "Not Authorized to access onCreateTodo")
        #expect(recorder.finished == false)
    }

    @Test func thousandsOfSubscribeCancelCyclesLeaveNothingBehind() async throws {
        let server = try await MockServer(endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))])
        defer { Task { await server.stop() } }
        let plugin = try await Harness.plugin(for: server)
        // One long-lived subscription keeps the socket open, so every cycle exercises the
        // per-subscription bookkeeping on both sides rather than connection setup.
        let anchor = EventRecorder(plugin.subscribe(request: Harness.onCreateTodo))
        await Harness.eventually("the anchor connected") { anchor.connectedCount == 1 }
        let socketsBefore = Self.openSockets(port: server.port)
        #expect(socketsBefore == nil || socketsBefore == 2)

        for _ in 0..<3_000 {
            let stream = plugin.subscribe(request: Harness.onCreateTodo)
            for try await event in stream {
                if case .connection(.connected) = event { break }
            }
        }
        await Harness.eventually("every cycle's subscription stopped on the server") {
            server.realtimeStatistics.activeSubscriptions == 1
        }
        let statistics = server.realtimeStatistics
        #expect(statistics.subscriptionsStarted == 3_001)
        #expect(statistics.openConnections == 1)
        #expect(await plugin.realtimeSubscriptionCount() == 1)
        #expect(Self.openSockets(port: server.port) == socketsBefore)

        anchor.cancel()
        await Harness.eventually("the socket closed after the anchor") {
            server.realtimeStatistics.openConnections == 0
        }
        if socketsBefore != nil {
            await Harness.eventually("both ends of the socket released") { Self.openSockets(port: server.port) == 0 }
        }
    }

    /// Connected TCP sockets on `port` (either end; not TIME_WAIT or LISTEN), from `/proc/net/tcp` (Linux
    /// only; `nil` elsewhere). Both ends live in this process, so a leaked descriptor shows up as
    /// an ESTABLISHED or CLOSE_WAIT entry; other tests' sockets use other ports.
    static func openSockets(port: Int) -> Int? {
        let hexPort = String(format: ":%04X", port)
        var count = 0
        var readable = false
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            // /proc files report size 0; read to EOF instead of trusting the size.
            guard let handle = FileHandle(forReadingAtPath: table), let data = try? handle.readToEnd() else { continue }
            let text = String(decoding: data, as: UTF8.self)
            readable = true
            for line in text.split(separator: "\n").dropFirst() {
                let columns = line.split(separator: " ", omittingEmptySubsequences: true)
                guard columns.count > 3, columns[3] != "06", columns[3] != "0A" else { continue }  // TIME_WAIT, LISTEN
                if columns[1].hasSuffix(hexPort) || columns[2].hasSuffix(hexPort) { count += 1 }
            }
        }
        return readable ? count : nil
    }
}
