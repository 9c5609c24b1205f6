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

    /// The response is written as text and read back for the event: a selection nested deeper
    /// than request bodies may be (128 levels) still reaches its subscribers.
    @Test func aDeeplyNestedMutationResultStillMakesItsEvent() async throws {
        let server = try await LocalServer.start(
            schema: ServerHarness.blogSchema, configuration: .init(apiKeys: [.init("da2-test")]))
        defer { Task { await server.stop() } }
        let context = RequestContext(identity: .apiKey, now: AppSyncClock.nowISO8601())
        _ = await server.service.execute(
            query: #"mutation { createBlog(input: {id: "b1", name: "B"}) { id } }"#, variables: [:],
            operationName: nil, context: context)
        server.service.listenerCountChanged("onCreatePost", by: 1)
        // Each repetition nests four levels of JSON (blog, posts, items, the item).
        let depth = 40
        let selection =
            String(repeating: "blog { posts { items { ", count: depth) + "id"
            + String(repeating: " } } }", count: depth)
        let (result, events) = await server.service.execute(
            query: #"mutation { createPost(input: {id: "p1", title: "T", blogPostsId: "b1"}) { "# + selection + " } }",
            variables: [:], operationName: nil, context: context)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(events.map(\.mutation) == ["createPost"])
        var value = events.first?.payload
        for _ in 0..<depth { value = value?["blog"]?["posts"]?["items"]?[0] }
        #expect(value?["id"] == "p1")
    }
}
