import Foundation
import SwitchboardAPI
import SwitchboardCore
import SwitchboardNet
import TestSupport
import Testing

/// The model-based requests example, compiled and run against the in-test AppSync-style store.
@Suite struct ModelRequestExampleTests {
    @Test func readmeExampleRuns() async throws {
        let store = AppSyncModelStore(types: ModelStoreEndToEndTests.types)
        let server = try await HTTPServer.start { request in await store.respond(to: request) }
        defer { Task { await server.stop() } }
        await store.seed("Blog", items: [["id": "b1", "name": "Engineering"]])
        await store.seed("Comment", items: [["id": "c1", "content": "First!", "postId": "p1"]])
        let json = """
            {"api":{"plugins":{"awsAPIPlugin":{"store":{"endpointType":"GraphQL",
            "endpoint":"\(server.url.appendingPathComponent("graphql").absoluteString)",
            "authorizationType":"API_KEY","apiKey":"da2-storekey"}}}}}
            """
        let printed = Locked<[String]>([])
        @Sendable func print(_ text: String) { printed.withLock { $0.append(text) } }
        try await AsyncGate.hub.run {
            await Switchboard.reset()
            try Switchboard.add(plugin: APIPlugin())
            try Switchboard.configure(Data(json.utf8))

            // --- the example ---
            let blog = Blog(id: "b1", name: "Engineering")
            let post = Post(id: "p1", title: "Hello", status: .published, blog: blog)
            _ = try await Switchboard.API.mutate(request: .create(post)).get()

            var page = try await Switchboard.API.query(
                request: .list(Post.self, where: Post.keys.status == PostStatus.published, limit: 100)
            ).get()
            while page.hasNextPage() { page = try await page.getNextPage() }

            if let loaded = try await Switchboard.API.query(request: .get(Post.self, byId: post.id)).get(),
                let comments = loaded.comments
            {
                for try await comment in comments.allElements { print(comment.content) }  // one filtered list query
                if let blog = try await loaded.blog { print(blog.name) }  // LazyReference → getBlog
            }
            // --- end ---

            #expect(page.map(\.id) == ["p1"])
            await Switchboard.reset()
        }
        #expect(printed.withLock { $0 } == ["First!", "Engineering"])
    }
}
