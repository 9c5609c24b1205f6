import Foundation
import SwitchboardNet
import Testing

@testable import SwitchboardServer

/// AppSync's real-time protocol and graphql-transport-ws against the local server over real
/// sockets: handshake authorization forms, acknowledgements, keep-alives, events shaped by the
/// mutation's selection, stop/complete, limits and errors.
@Suite struct RealtimeProtocolTests {
    static let onCreate =
        "subscription S($filter: ModelSubscriptionPostFilterInput) { onCreatePost(filter: $filter) { id title } }"

    static func createPost(_ harness: ServerHarness, _ id: String, _ title: String, rating: Int = 1) async throws {
        _ = try await harness.data(
            "mutation C($input: CreatePostInput!) { createPost(input: $input) { id title rating } }",
            variables: ["input": ["id": .string(id), "title": .string(title), "rating": .int(rating)]])
    }

    @Test func appSyncProtocolDeliversOnlyTheFieldsTheMutationSelected() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        let client = try await RealtimeClient.appSync(harness.server)
        let ack = try await client.initialize()
        #expect(ack == ["type": "connection_ack", "payload": ["connectionTimeoutMs": 300_000]])
        try await client.start(
            id: "s1", query: "subscription { onCreatePost { id title rating status } }", server: harness.server)
        #expect(try await client.next() == ["type": "start_ack", "id": "s1"])
        try await Self.createPost(harness, "p1", "Hello", rating: 4)
        // The mutation selected id, title and rating: status is not in the event.
        let event = try await client.next()
        #expect(
            event == [
                "type": "data", "id": "s1",
                "payload": ["data": ["onCreatePost": ["id": "p1", "title": "Hello", "rating": 4, "status": nil]]],
            ])
        try await client.send(["type": "stop", "id": "s1"])
        #expect(try await client.next() == ["type": "complete", "id": "s1"])
        await client.close()
    }

    @Test func aNonNullFieldTheMutationDidNotSelectIsAnErrorInTheEvent() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        let client = try await RealtimeClient.appSync(harness.server)
        _ = try await client.initialize()
        try await client.start(
            id: "s1", query: "subscription { onCreatePost { id createdAt } }", server: harness.server)
        _ = try await client.next()
        try await Self.createPost(harness, "p1", "Hello")
        let payload = try await client.next()?["payload"]
        #expect(payload?["data"] == ["onCreatePost": nil])
        #expect(
            payload?["errors"]?[0]?["message"]
                == "Cannot return null for non-nullable type: 'AWSDateTime' within parent 'Post' (/onCreatePost/createdAt)"
        )
        await client.close()
    }

    @Test func handshakeAuthorizationWorksFromTheQueryHeadersAndTheHeaderSubprotocol() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        let auth = JSON.object(
            JSONObject(RealtimeClient.apiKeyHeader(harness.server).map { ($0.key, JSON.string($0.value)) }))
        let base64URL = Data(auth.text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        var plain = URLComponents(url: harness.server.realtimeEndpoint, resolvingAgainstBaseURL: false)!
        plain.query = nil
        let viaSubprotocol = RealtimeClient(
            socket: try await SwitchboardNet.WebSocket.connect(
                to: plain.url!, subprotocols: ["graphql-ws", "header-" + base64URL]))
        #expect(try await viaSubprotocol.initialize()?["type"] == "connection_ack")
        let viaHeaders = RealtimeClient(
            socket: try await SwitchboardNet.WebSocket.connect(
                to: plain.url!, headers: [("x-api-key", "da2-test")], subprotocols: ["graphql-ws"]))
        #expect(try await viaHeaders.initialize()?["type"] == "connection_ack")
        await viaSubprotocol.close()
        await viaHeaders.close()
    }

    @Test func wrongKeysAndMissingSubprotocolsGetConnectionErrors() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        let wrongKey = try await RealtimeClient.appSync(
            harness.server, authorization: RealtimeClient.apiKeyHeader(harness.server, key: "da2-wrong"))
        let refused = try await wrongKey.initialize()
        #expect(refused?["type"] == "connection_error")
        #expect(refused?["payload"]?["errors"]?[0]?["errorType"] == "UnauthorizedException")
        #expect(refused?["payload"]?["errors"]?[0]?["errorCode"] == 401)
        #expect(try await wrongKey.next() == nil)
        let noSubprotocol = try await RealtimeClient.appSync(harness.server, subprotocols: [])
        let error = try await noSubprotocol.initialize()
        #expect(error?["payload"]?["errors"]?[0]?["errorType"] == "SubProtocolNotSupportedError")
        #expect(error?["payload"]?["errors"]?[0]?["errorCode"] == 400)
    }

    @Test func startErrorsLimitsAndDuplicates() async throws {
        let harness = try await ServerHarness.start(
            configuration: .init(apiKeys: [.init("da2-test")], realtime: .init(maximumSubscriptionsPerConnection: 2)))
        defer { Task { await harness.stop() } }
        let client = try await RealtimeClient.appSync(harness.server)
        _ = try await client.initialize()
        try await client.start(id: "bad", query: "subscription { onCreatePost { nope } }", server: harness.server)
        let invalid = try await client.next()
        #expect(invalid?["type"] == "error" && invalid?["id"] == "bad")
        #expect(invalid?["payload"]?["errors"]?[0]?["message"]?.stringValue?.contains("FieldUndefined") == true)
        try await client.start(id: "a", query: Self.onCreate, server: harness.server)
        #expect(try await client.next()?["type"] == "start_ack")
        try await client.start(id: "a", query: Self.onCreate, server: harness.server)
        #expect(try await client.next()?["payload"]?["errors"]?[0]?["errorType"] == "DuplicatedOperationError")
        try await client.start(
            id: "d", query: Self.onCreate, server: harness.server,
            authorization: RealtimeClient.apiKeyHeader(harness.server, key: "da2-wrong"))
        #expect(try await client.next()?["payload"]?["errors"]?[0]?["errorType"] == "UnauthorizedException")
        try await client.start(id: "b", query: Self.onCreate, server: harness.server)
        #expect(try await client.next()?["type"] == "start_ack")
        try await client.start(id: "c", query: Self.onCreate, server: harness.server)
        let limit = try await client.next()
        #expect(limit?["payload"]?["errors"]?[0]?["errorType"] == "MaxSubscriptionsReachedError")
        #expect(limit?["payload"]?["errors"]?[0]?["message"] == "Max number of 2 subscriptions reached")
        await client.close()
    }

    @Test func keepAlivesArriveAfterTheAcknowledgementAndOnTheInterval() async throws {
        let harness = try await ServerHarness.start(
            configuration: .init(apiKeys: [.init("da2-test")], realtime: .init(keepAliveInterval: .milliseconds(20))))
        defer { Task { await harness.stop() } }
        let client = try await RealtimeClient.appSync(harness.server)
        try await client.send(["type": "connection_init"])
        #expect(try await client.next(skippingKeepAlive: false)?["type"] == "connection_ack")
        for _ in 0..<3 { #expect(try await client.next(skippingKeepAlive: false) == ["type": "ka"]) }
        await client.close()
    }

    @Test func enhancedFiltersSelectEventsAndTheirLimitsAreChecked() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        let client = try await RealtimeClient.appSync(harness.server)
        _ = try await client.initialize()
        let filter: JSON = ["or": [["title": ["beginsWith": "A"]], ["id": ["in": ["p3", "p4"]]]]]
        try await client.start(id: "f", query: Self.onCreate, variables: ["filter": filter], server: harness.server)
        #expect(try await client.next()?["type"] == "start_ack")
        for (id, title) in [("p1", "Apple"), ("p2", "Banana"), ("p3", "Cherry"), ("p5", "Avocado")] {
            try await Self.createPost(harness, id, title)
        }
        var received: [String] = []
        for _ in 0..<3 {
            received.append(try await client.next()?["payload"]?["data"]?["onCreatePost"]?["id"]?.stringValue ?? "?")
        }
        #expect(received == ["p1", "p3", "p5"])
        let tooMany: JSON = ["title": ["in": ["a", "b", "c", "d", "e", "f"]]]
        try await client.start(id: "g", query: Self.onCreate, variables: ["filter": tooMany], server: harness.server)
        let refused = try await client.next()
        #expect(refused?["id"] == "g" && refused?["payload"]?["errors"]?[0]?["errorType"] == "BadRequestException")
        let groups = JSON.array((0..<11).map { _ in ["title": ["eq": "x"]] as JSON })
        try await client.start(
            id: "h", query: Self.onCreate, variables: ["filter": ["or": groups]], server: harness.server)
        #expect(
            try await client.next()?["payload"]?["errors"]?[0]?["message"]?.stringValue?.contains("at most 10") == true)
        // Bounds the wrong way round match nothing ever: refused when the subscription starts.
        let reversed: JSON = ["title": ["between": ["M", "A"]]]
        try await client.start(id: "i", query: Self.onCreate, variables: ["filter": reversed], server: harness.server)
        let reversedError = try await client.next()?["payload"]?["errors"]?[0]
        #expect(reversedError?["errorType"] == "BadRequestException")
        #expect(
            reversedError?["message"]?.stringValue?.hasPrefix("The between filter on title is invalid:") == true,
            "\(reversedError?.text ?? "")")
        await client.close()
    }

    @Test func notInAndBetweenFiltersTestEachEventsPayload() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        let client = try await RealtimeClient.appSync(harness.server)
        _ = try await client.initialize()
        let filter: JSON = ["title": ["between": ["B", "Date"]], "id": ["notIn": ["p3"]]]
        try await client.start(id: "f", query: Self.onCreate, variables: ["filter": filter], server: harness.server)
        #expect(try await client.next()?["type"] == "start_ack")
        let posts = [
            ("p1", "Apple"), ("p2", "Banana"), ("p3", "Cherry"), ("p4", "Date"), ("p5", "Dates"), ("p6", "Dark"),
        ]
        for (id, title) in posts { try await Self.createPost(harness, id, title) }
        var received: [String] = []
        for _ in 0..<3 {
            received.append(try await client.next()?["payload"]?["data"]?["onCreatePost"]?["id"]?.stringValue ?? "?")
        }
        #expect(received == ["p2", "p4", "p6"])
        await client.close()
    }

    @Test func graphqlTransportWSSubscribesAndCompletes() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        let client = try await RealtimeClient.transportWS(harness.server)
        #expect(try await client.initialize(payload: ["x-api-key": "da2-test"]) == ["type": "connection_ack"])
        try await client.send(["type": "ping"])
        #expect(try await client.next() == ["type": "pong"])
        try await client.send(
            ["type": "subscribe", "id": "1", "payload": ["query": "subscription { onCreatePost { id title } }"]])
        // graphql-transport-ws has no acknowledgement; a ping round trip shows the subscribe was handled.
        try await client.send(["type": "ping"])
        #expect(try await client.next() == ["type": "pong"])
        try await Self.createPost(harness, "p1", "Hello")
        #expect(
            try await client.next() == [
                "type": "next", "id": "1", "payload": ["data": ["onCreatePost": ["id": "p1", "title": "Hello"]]],
            ])
        try await client.send(["type": "complete", "id": "1"])
        await client.close()
        let refused = try await RealtimeClient.transportWS(harness.server)
        try await refused.send(["type": "connection_init", "payload": ["x-api-key": "nope"]])
        #expect(try await refused.next() == nil)
        #expect(refused.socket.closeCode == 4403)
    }
}
