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
}
