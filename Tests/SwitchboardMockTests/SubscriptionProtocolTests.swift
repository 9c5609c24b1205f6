import Foundation
import Switchboard
import SwitchboardMock
import SwitchboardNet
import SwitchboardRealtimeProtocol
import Testing

/// The mock's real-time endpoints spoken to frame by frame, as a client library would.
@Suite struct SubscriptionProtocolTests {
    static let configuration = """
        subscription:
          - operations: [OnTick]
            headers: {x-api-key: "*"}
            events:
              - data: {onTick: {n: 1}}
              - data: {onTick: {n: 2}}
                delay: 20ms
              - errors: [{message: late, errorType: Late}]
              - complete: true
        """

    /// The next message other than AppSync's `ka`, which may arrive at any time (one follows
    /// `connection_ack` at once).
    static func nextJSON(_ socket: WebSocket) async throws -> JSONValue {
        while true {
            guard case .text(let text)? = try await socket.receive() else { throw WebSocketClosed() }
            let message = try JSONValue(parsing: Data(text.utf8))
            if message["type"] != "ka" { return message }
        }
    }

    struct WebSocketClosed: Error {}

    @Test func appSyncProtocolScriptFromAConfigurationFile() async throws {
        let endpoints = try MockConfiguration.parse(
            Self.configuration, file: "mock.yaml", baseDirectory: URL(fileURLWithPath: "/"))
        let server = try await MockServer(endpoints: endpoints)
        defer { Task { await server.stop() } }
        let socket = try await WebSocket.connect(
            to: server.realtimeURL, headers: [("x-api-key", "da2-test")], subprotocols: ["graphql-ws"])
        #expect(socket.subprotocol == "graphql-ws")
        try await socket.send(text: #"{"type":"connection_init"}"#)
        #expect(
            try await Self.nextJSON(socket) == ["type": "connection_ack", "payload": ["connectionTimeoutMs": 300_000]])

        let data = JSONValue.object(["query": "subscription OnTick { onTick { n } }", "variables": [:]]).jsonText
        try await socket.send(
            text: JSONValue.object([
                "type": "start", "id": "s1",
                "payload": ["data": .string(data), "extensions": ["authorization": ["x-api-key": "da2-test"]]],
            ]).jsonText)
        #expect(try await Self.nextJSON(socket) == ["type": "start_ack", "id": "s1"])
        #expect(
            try await Self.nextJSON(socket) == ["type": "data", "id": "s1", "payload": ["data": ["onTick": ["n": 1]]]])
        #expect(
            try await Self.nextJSON(socket) == ["type": "data", "id": "s1", "payload": ["data": ["onTick": ["n": 2]]]])
        let errors = try await Self.nextJSON(socket)
        #expect(errors["payload"]?["errors"] == [["message": "late", "errorType": "Late"]])
        #expect(try await Self.nextJSON(socket) == ["type": "complete", "id": "s1"])
        await socket.close()
    }

    @Test func unmatchedAndUnauthorizedStartsGetErrorsForThatIDOnly() async throws {
        let endpoints = try MockConfiguration.parse(
            Self.configuration, file: "mock.yaml", baseDirectory: URL(fileURLWithPath: "/"))
        let server = try await MockServer(endpoints: endpoints)
        defer { Task { await server.stop() } }
        let socket = try await WebSocket.connect(to: server.realtimeURL, subprotocols: ["graphql-ws"])
        try await socket.send(text: #"{"type":"connection_init"}"#)
        _ = try await Self.nextJSON(socket)

        func start(_ id: String, _ query: String) async throws {
            let data = JSONValue.object(["query": .string(query)]).jsonText
            try await socket.send(
                text: JSONValue.object(["type": "start", "id": .string(id), "payload": ["data": .string(data)]])
                    .jsonText)
        }
        try await start("other", "subscription OnOther { onOther { id } }")
        let unmatched = try await Self.nextJSON(socket)
        #expect(unmatched["id"] == "other")
        #expect(unmatched["payload"]?["errors"]?[0]?["errorType"] == "UnmatchedSubscription")
        #expect(unmatched["payload"]?["errors"]?[0]?["message"]?.stringValue?.contains("OnTick") == true)

        try await start("tick", "subscription OnTick { onTick { n } }")
        let unauthorized = try await Self.nextJSON(socket)
        #expect(unauthorized["id"] == "tick")
        #expect(unauthorized["payload"]?["errors"]?[0]?["errorType"] == "UnauthorizedException")
        #expect(server.realtimeStatistics.activeSubscriptions == 0)
        await socket.close()
    }

    @Test func publishedEventsReachEverySubscriptionOnEveryConnectionInOrder() async throws {
        let server = try await MockServer(endpoints: [SubscriptionEndpoint(.operations("OnTick"))])
        defer { Task { await server.stop() } }
        var sockets: [WebSocket] = []
        for connection in ["a", "b"] {
            let socket = try await WebSocket.connect(to: server.realtimeURL, subprotocols: ["graphql-ws"])
            try await socket.send(text: #"{"type":"connection_init"}"#)
            _ = try await Self.nextJSON(socket)
            for id in ["\(connection)1", "\(connection)2"] {
                let data = JSONValue.object(["query": "subscription OnTick { onTick { n } }"]).jsonText
                try await socket.send(
                    text: JSONValue.object(["type": "start", "id": .string(id), "payload": ["data": .string(data)]])
                        .jsonText)
                #expect(try await Self.nextJSON(socket) == ["type": "start_ack", "id": .string(id)])
            }
            sockets.append(socket)
        }
        for n in 1...3 {
            #expect(await server.publish(["onTick": ["n": .number(Double(n))]], toSubscriptionsOf: "OnTick") == 4)
        }
        for socket in sockets {
            var received: [String: [JSONValue]] = [:]
            for _ in 0..<6 {
                let message = try await Self.nextJSON(socket)
                #expect(message["type"] == "data")
                received[message["id"]?.stringValue ?? "?", default: []].append(
                    message["payload"]?["data"]?["onTick"]?["n"] ?? .null)
            }
            #expect(received.count == 2)
            for events in received.values { #expect(events == [1, 2, 3]) }
            await socket.close()
        }
    }

    @Test func graphQLTransportWSWithoutTheSubprotocolIsRefusedClearly() async throws {
        let server = try await MockServer()
        defer { Task { await server.stop() } }
        do {
            _ = try await WebSocket.connect(to: RealtimeURL.graphQLTransportWS(for: server.graphQLURL))
            Issue.record("the upgrade should have been refused")
        } catch {
            #expect("\(error)".contains("400"), "\(error)")
        }
    }
}
