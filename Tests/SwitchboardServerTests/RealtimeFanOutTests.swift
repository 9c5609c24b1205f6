import Foundation
import SwitchboardNet
import Testing

@testable import SwitchboardServer

/// Publishing to many connections at once: the events go out from the loops that drive the
/// connections' sockets, written straight to an idle socket or queued behind what waits, and
/// every subscription still gets every event once, in the order the mutations were answered.
@Suite struct RealtimeFanOutTests {
    @Test func everySubscriptionOfManyConnectionsGetsEveryEventOnceAndInOrder() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        var clients: [(client: RealtimeClient, ids: [String], selection: String)] = []
        for index in 0..<12 {
            let client = try await RealtimeClient.appSync(harness.server)
            _ = try await client.initialize()
            // Two selections, so that events are shaped once per selection, not once in all.
            let selection = index % 3 == 0 ? "id" : "id title"
            let ids = index % 2 == 0 ? ["a", "b"] : ["a"]
            for id in ids {
                try await client.start(
                    id: id, query: "subscription { onCreatePost { \(selection) } }", server: harness.server)
                #expect(try await client.next() == ["type": "start_ack", "id": .string(id)])
            }
            clients.append((client, ids, selection))
        }
        let count = 25
        for number in 0..<count {
            try await RealtimeProtocolTests.createPost(harness, "p\(number)", "title \(number)")
        }
        for (client, ids, selection) in clients {
            var received: [String: [JSON]] = [:]
            for _ in 0..<(count * ids.count) {
                let message = try #require(try await client.next())
                #expect(message["type"] == "data")
                received[message["id"]?.stringValue ?? "?", default: []].append(message["payload"] ?? nil)
            }
            for id in ids {
                let expected: [JSON] = (0..<count).map { number in
                    let post: JSON =
                        selection == "id"
                        ? ["id": .string("p\(number)")]
                        : ["id": .string("p\(number)"), "title": .string("title \(number)")]
                    return ["data": ["onCreatePost": post]]
                }
                #expect(received[id] == expected, "subscription \(id) of a client selecting \(selection)")
            }
            await client.close()
        }
    }

    /// The server keeps each field's subscribers arranged for publishing between events; a
    /// subscription started or stopped between two events changes who gets the second.
    @Test func subscriptionsStartedAndStoppedBetweenEventsGetExactlyTheEventsOfTheirTime() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        let first = try await RealtimeClient.appSync(harness.server)
        let second = try await RealtimeClient.appSync(harness.server)
        for client in [first, second] { _ = try await client.initialize() }
        func start(_ client: RealtimeClient, _ id: String, selecting selection: String) async throws {
            try await client.start(
                id: id, query: "subscription { onCreatePost { \(selection) } }", server: harness.server)
            #expect(try await client.next() == ["type": "start_ack", "id": .string(id)])
        }
        func event(_ id: String, _ post: JSON) -> JSON {
            ["type": "data", "id": .string(id), "payload": ["data": ["onCreatePost": post]]]
        }
        try await start(first, "a", selecting: "id")
        try await RealtimeProtocolTests.createPost(harness, "p0", "zero")
        #expect(try await first.next() == event("a", ["id": "p0"]))

        // A new connection with the same selection, and a new selection on a known connection.
        try await start(second, "c", selecting: "id")
        try await start(first, "b", selecting: "id title")
        try await RealtimeProtocolTests.createPost(harness, "p1", "one")
        var received = [try await first.next(), try await first.next()]
        #expect(received.contains(event("a", ["id": "p1"])))
        #expect(received.contains(event("b", ["id": "p1", "title": "one"])))
        #expect(try await second.next() == event("c", ["id": "p1"]))

        // A stopped subscription gets nothing more; the others still do.
        try await first.send(["type": "stop", "id": "a"])
        #expect(try await first.next() == ["type": "complete", "id": "a"])
        try await RealtimeProtocolTests.createPost(harness, "p2", "two")
        #expect(try await first.next() == event("b", ["id": "p2", "title": "two"]))
        #expect(try await second.next() == event("c", ["id": "p2"]))
        await second.close()
        try await RealtimeProtocolTests.createPost(harness, "p3", "three")
        received = [try await first.next()]
        #expect(received == [event("b", ["id": "p3", "title": "three"])])
        await first.close()
    }

    /// A mutation that several subscription fields follow reaches each of them, on one connection
    /// and on others, and only the fields that follow it.
    @Test func aMutationReachesEverySubscriptionFieldThatFollowsIt() async throws {
        let schema = """
            type Post @model {
              id: ID!
              title: String!
            }
            type Subscription {
              onPostChange: Post @aws_subscribe(mutations: ["createPost", "updatePost"])
            }
            """
        let harness = try await ServerHarness.start(schema)
        defer { Task { await harness.stop() } }
        let both = try await RealtimeClient.appSync(harness.server)
        let one = try await RealtimeClient.appSync(harness.server)
        for (client, id, field) in [
            (both, "a", "onCreatePost"), (both, "b", "onPostChange"), (one, "c", "onPostChange"),
        ] {
            if id != "b" { _ = try await client.initialize() }
            try await client.start(id: id, query: "subscription { \(field) { id title } }", server: harness.server)
            #expect(try await client.next() == ["type": "start_ack", "id": .string(id)])
        }
        func event(_ id: String, _ field: String, _ title: String) -> JSON {
            ["type": "data", "id": .string(id), "payload": ["data": [field: ["id": "p0", "title": .string(title)]]]]
        }
        _ = try await harness.data(#"mutation { createPost(input: {id: "p0", title: "new"}) { id title } }"#)
        let received = [try await both.next(), try await both.next()]
        #expect(received.contains(event("a", "onCreatePost", "new")))
        #expect(received.contains(event("b", "onPostChange", "new")))
        #expect(try await one.next() == event("c", "onPostChange", "new"))
        _ = try await harness.data(#"mutation { updatePost(input: {id: "p0", title: "changed"}) { id title } }"#)
        #expect(try await both.next() == event("b", "onPostChange", "changed"))
        #expect(try await one.next() == event("c", "onPostChange", "changed"))
        await both.close()
        await one.close()
    }
}
