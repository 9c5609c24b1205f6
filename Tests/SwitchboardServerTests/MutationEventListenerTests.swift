import Testing

@testable import SwitchboardServer

/// A mutation prepares its subscriber payload only while a subscription to it is active.
struct MutationEventListenerTests {
    @Test func eventsAreBuiltOnlyForMutationsSomeoneListensTo() async throws {
        let server = try await LocalServer.start(
            schema: ServerHarness.blogSchema, configuration: .init(apiKeys: [.init("da2-test")]))
        defer { Task { await server.stop() } }
        let context = RequestContext(identity: .apiKey, now: AppSyncClock.nowISO8601())
        func create(_ id: String) async -> [MutationEvent] {
            await server.service.execute(
                query: #"mutation { createBlog(input: {id: "\#(id)", name: "B"}) { id name } }"#, variables: [:],
                operationName: nil, context: context
            ).events
        }
        #expect(await create("b1").isEmpty)
        server.service.listenerCountChanged("onCreatePost", by: 1)
        #expect(await create("b2").isEmpty, "a listener for posts is not one for blogs")
        server.service.listenerCountChanged("onCreateBlog", by: 1)
        let events = await create("b3")
        #expect(events.map(\.mutation) == ["createBlog"])
        #expect(events.first?.payload["name"] == "B")
        server.service.listenerCountChanged("onCreateBlog", by: -1)
        #expect(await create("b4").isEmpty)
    }
}
