import Foundation
import SwitchboardCore
import SwitchboardMock
import Testing

@testable import SwitchboardAPI

/// Where a subscription's payloads are decoded: by the task that takes them from the stream, and
/// away from the main actor when the loop runs there (a SwiftUI `.task`), so that large events do
/// not block the interface.
@Suite struct SubscriptionDecodingThreadTests {
    /// Marks the main queue, where the main actor's jobs run (not always on the main thread: under
    /// the test runner on Linux they may not).
    static let mainQueueKey = DispatchSpecificKey<Bool>()

    /// A todo that notes, as it is decoded, whether that happened on the main queue.
    struct ThreadNotingTodo: Decodable, Sendable {
        static let decodedOnMainQueue = Locked<[Bool]>([])
        let id: String

        init(from decoder: any Decoder) throws {
            let onMainQueue = DispatchQueue.getSpecific(key: SubscriptionDecodingThreadTests.mainQueueKey) == true
            Self.decodedOnMainQueue.withLock { $0.append(onMainQueue) }
            id = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .id)
        }

        enum CodingKeys: String, CodingKey { case id }
    }

    @Test(.timeLimit(.minutes(1))) @MainActor func aLoopOnTheMainActorDoesNotDecodeThere() async throws {
        DispatchQueue.main.setSpecific(key: Self.mainQueueKey, value: true)
        let server = try await MockServer(endpoints: [
            SubscriptionEndpoint(
                .operations("OnCreateTodo"),
                events: [.data(["onCreateTodo": ["id": "1"]]), .data(["onCreateTodo": ["id": "2"]])])
        ])
        defer { Task { await server.stop() } }
        let plugin = try await RealtimeHarness.plugin(for: server)
        let request = GraphQLRequest(
            document: "subscription OnCreateTodo { onCreateTodo { id } }", responseType: ThreadNotingTodo.self,
            decodePath: "onCreateTodo")
        var ids: [String] = []
        for try await event in plugin.subscribe(request: request) {
            #expect(DispatchQueue.getSpecific(key: Self.mainQueueKey) == true)
            if case .data(let result) = event { ids.append(try result.get().id) }
            if ids.count == 2 { break }
        }
        #expect(ids == ["1", "2"])
        #expect(ThreadNotingTodo.decodedOnMainQueue.withLock { $0 } == [false, false])
        await plugin.reset()
    }
}
