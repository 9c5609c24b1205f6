import Foundation
import SwitchboardNet
import Testing

@testable import SwitchboardServer

/// The legacy `graphql-ws` protocol (`subscriptions-transport-ws`) against the local server over
/// real sockets, frame by frame, as Apollo's old client and Strawberry's server speak it.
@Suite struct GraphQLWSProtocolTests {
    @Test func aClientOfferingOnlyGraphQLWSGetsTheLegacyProtocol() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        let client = try await RealtimeClient.transportWS(harness.server, subprotocols: ["graphql-ws"])
        #expect(client.socket.subprotocol == "graphql-ws")
        #expect(try await client.initialize(payload: ["x-api-key": "da2-test"]) == ["type": "connection_ack"])
        // Keep-alives start with the acknowledgement.
        #expect(try await client.next(skippingKeepAlive: false) == ["type": "ka"])

        try await client.send([
            "type": "start", "id": "1", "payload": ["query": .string(RealtimeProtocolTests.onCreate)],
        ])
        try await client.send([
            "type": "start", "id": "bad", "payload": ["query": "subscription { onCreatePost { nope } }"],
        ])
        // No acknowledgement in this protocol: the refused start's error shows both were handled.
        let refused = try await client.next()
        #expect(refused?["type"] == "error" && refused?["id"] == "bad")
        #expect(
            refused?["payload"]?["message"]?.stringValue?.contains("FieldUndefined") == true,
            "\(String(describing: refused))")

        try await RealtimeProtocolTests.createPost(harness, "p1", "Hello")
        #expect(
            try await client.next() == [
                "type": "data", "id": "1", "payload": ["data": ["onCreatePost": ["id": "p1", "title": "Hello"]]],
            ])
        try await client.send(["type": "stop", "id": "1"])
        #expect(try await client.next() == ["type": "complete", "id": "1"])
        try await client.send(["type": "connection_terminate"])
        #expect(try await client.next() == nil)
        #expect(client.socket.closeCode == 1000)
    }

    @Test func graphQLTransportWSIsPreferredWhenBothAreOffered() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        let client = try await RealtimeClient.transportWS(
            harness.server, subprotocols: ["graphql-ws", "graphql-transport-ws"])
        #expect(client.socket.subprotocol == "graphql-transport-ws")
        await client.close()
    }

    @Test func refusalsAreConnectionErrorsAndCloses() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        let wrongKey = try await RealtimeClient.transportWS(harness.server, subprotocols: ["graphql-ws"])
        let error = try await wrongKey.initialize(payload: ["x-api-key": "da2-wrong"])
        #expect(error?["type"] == "connection_error")
        #expect(error?["payload"]?["message"] != nil, "\(String(describing: error))")
        #expect(try await wrongKey.next() == nil)
        #expect(wrongKey.socket.closeCode == 1011)

        let early = try await RealtimeClient.transportWS(harness.server, subprotocols: ["graphql-ws"])
        try await early.send([
            "type": "start", "id": "1", "payload": ["query": .string(RealtimeProtocolTests.onCreate)],
        ])
        #expect(try await early.next() == nil)
        #expect(early.socket.closeCode == 4401)
    }
}
