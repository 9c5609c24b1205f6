import Foundation
import SwitchboardAPI
import SwitchboardNet
import Testing

/// The models `switchboard codegen models` generated into `GeneratedModels/LazyLoad` (from
/// `Tests/Fixtures/models/model-tests-lazy-load.graphql`) driving requests end to end over HTTP on
/// 127.0.0.1: a composite key, an `@index` query, a lazy `hasMany` that takes several pages and a
/// `LazyReference` load.
@Suite struct GeneratedModelsEndToEndTests {
    static let types: [AppSyncModelStore.TypeInfo] = [
        .init(name: "Blog", plural: "Blogs", keyFields: ["id"], belongsTo: [:], hasMany: ["posts": ("Post", "blogId")]),
        .init(
            name: "Post", plural: "Posts", keyFields: ["id"], belongsTo: ["blog": ("Blog", "blogId")],
            indexQueries: ["postsByBlog": "blogId"]),
        .init(name: "Comment", plural: "Comments", keyFields: ["id"], belongsTo: ["post": ("Post", "postId")]),
        .init(name: "Track", plural: "Tracks", keyFields: ["albumId", "trackNumber"], belongsTo: [:]),
    ]

    /// A store whose pages hold at most two items, whatever the request's limit.
    static func start() async throws -> (AppSyncModelStore, HTTPServer, APIPlugin) {
        let store = AppSyncModelStore(types: types, pageSizeLimit: 2)
        let server = try await HTTPServer.start { request in await store.respond(to: request) }
        let endpoint = server.url.appendingPathComponent("graphql").absoluteString
        let json = """
            {"api":{"plugins":{"awsAPIPlugin":{"store":{"endpointType":"GraphQL","endpoint":"\(endpoint)",
            "region":"us-east-1","authorizationType":"API_KEY","apiKey":"da2-storekey"}}}}}
            """
        let plugin = try APIPlugin()
        try plugin.configure(using: SwitchboardConfiguration(data: Data(json.utf8)))
        return (store, server, plugin)
    }

    @Test func compositeKeyGetUpdateAndDeleteByIdentifier() async throws {
        let (store, server, plugin) = try await Self.start()
        defer { Task { await server.stop() } }
        for number in 1...3 {
            _ = try await plugin.mutate(
                request: .create(Track(albumId: "a1", trackNumber: number, title: "t\(number)"))
            )
            .get()
        }
        let identifier = Track.IdentifierProtocol.identifier(albumId: "a1", trackNumber: 2)
        var track = try #require(try await plugin.query(request: .get(Track.self, byIdentifier: identifier)).get())
        #expect(track.title == "t2" && track.createdAt != nil)
        #expect(await store.operations(named: "getTrack").last == ["albumId": "a1", "trackNumber": 2])

        track.seconds = 215
        let updated = try await plugin.mutate(request: .update(track)).get()
        #expect(updated.seconds == 215)
        #expect(await store.operations(named: "updateTrack").last?["input"]?["trackNumber"] == 2)

        let deleted = try await plugin.mutate(request: .delete(updated)).get()
        #expect(deleted.trackNumber == 2)
        #expect(await store.operations(named: "deleteTrack").last == ["input": ["albumId": "a1", "trackNumber": 2]])
        #expect(try await plugin.query(request: .get(Track.self, byIdentifier: identifier)).get() == nil)
        let remaining = try await plugin.query(request: .list(Track.self, where: Track.keys.albumId == "a1")).get()
        var numbers = remaining.map(\.trackNumber)
        var page = remaining
        while page.hasNextPage() {
            page = try await page.getNextPage()
            numbers += page.map(\.trackNumber)
        }
        #expect(numbers.sorted() == [1, 3])
    }

    /// Amplify has no builder for `@index` queries; its documentation writes a `GraphQLRequest` for
    /// the query field, which decodes into `List<Post>` and pages with the same document.
    @Test func indexQueryThroughACustomRequestPagesWithItsOwnDocument() async throws {
        let (store, server, plugin) = try await Self.start()
        defer { Task { await server.stop() } }
        let blog = try await plugin.mutate(request: .create(Blog(id: "b1", name: "Engineering"))).get()
        for index in 0..<5 {
            _ = try await plugin.mutate(
                request: .create(Post(id: "p\(index)", title: "Post \(index)", status: .published, blog: blog))
            ).get()
        }
        _ = try await plugin.mutate(request: .create(Post(id: "other", title: "Elsewhere", status: .draft))).get()

        let request = GraphQLRequest<List<Post>>(
            document: """
                query PostsByBlog($blogId: ID!, $limit: Int, $nextToken: String) {
                  postsByBlog(blogId: $blogId, limit: $limit, nextToken: $nextToken) {
                    items { id title status blog { id __typename } createdAt updatedAt __typename }
                    nextToken
                    __typename
                  }
                }
                """,
            variables: ["blogId": "b1", "limit": 100], responseType: List<Post>.self, decodePath: "postsByBlog")
        var page = try await plugin.query(request: request).get()
        var titles = page.map(\.title)
        while page.hasNextPage() {
            page = try await page.getNextPage()
            titles += page.map(\.title)
        }
        #expect(titles.sorted() == (0..<5).map { "Post \($0)" })
        let calls = await store.operations(named: "postsByBlog")
        #expect(calls.count == 3)
        #expect(calls.allSatisfy { $0["blogId"] == "b1" && $0["limit"] == 100 })
        #expect(calls[0]["nextToken"] == nil && calls[2]["nextToken"] != nil)
        // Each post's blog is a not-loaded reference holding the key.
        #expect(page.first?._blog.identifiers == [LazyReferenceIdentifier(name: "id", value: "b1")])
    }

    @Test func lazyHasManyLoadsPageAfterPageAndReferencesLoadWithOneGet() async throws {
        let (store, server, plugin) = try await Self.start()
        defer { Task { await server.stop() } }
        let blog = try await plugin.mutate(request: .create(Blog(id: "b1", name: "Engineering"))).get()
        for index in 0..<5 {
            _ = try await plugin.mutate(
                request: .create(Post(id: "p\(index)", title: "Post \(index)", status: .draft, blog: blog))
            ).get()
        }
        let fetched = try #require(try await plugin.query(request: .get(Blog.self, byId: "b1")).get())
        let posts = try #require(fetched.posts)
        #expect(!posts.isLoaded)

        try await posts.fetch()
        #expect(posts.count == 2 && posts.hasNextPage())
        let second = try await posts.getNextPage()
        #expect(second.count == 2 && second.hasNextPage())
        var titles: [String] = []
        for try await post in posts.allElements { titles.append(post.title) }
        #expect(titles.sorted() == (0..<5).map { "Post \($0)" })
        let listCalls = await store.operations(named: "listPosts")
        #expect(listCalls.allSatisfy { $0["filter"] == ["blogId": ["eq": "b1"]] })
        // fetch, getNextPage, then allElements: the loaded first page and two more.
        #expect(listCalls.count == 4)

        // belongsTo: the post holds the blog's key and loads it with one getBlog.
        let post = try #require(posts.first)
        let getsBefore = await store.operations(named: "getBlog").count
        let loaded = try #require(try await post.blog)
        #expect(loaded.name == "Engineering")
        #expect(await store.operations(named: "getBlog").dropFirst(getsBefore) == [["id": "b1"]])
        #expect(try await post.blog?.id == "b1")
        #expect(await store.operations(named: "getBlog").count == getsBefore + 1)  // loaded once
    }
}
