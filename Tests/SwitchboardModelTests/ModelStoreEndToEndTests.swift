import Foundation
import SwitchboardAPI
import SwitchboardNet
import Testing

/// Model-based requests end to end over real HTTP on 127.0.0.1 against ``AppSyncModelStore``.
@Suite struct ModelStoreEndToEndTests {
    static let types: [AppSyncModelStore.TypeInfo] = [
        .init(name: "Blog", plural: "Blogs", keyFields: ["id"], belongsTo: [:]),
        .init(name: "Post", plural: "Posts", keyFields: ["id"], belongsTo: ["blog": ("Blog", "blogId")]),
        .init(name: "Comment", plural: "Comments", keyFields: ["id"], belongsTo: ["post": ("Post", "postId")]),
        .init(name: "Track", plural: "Tracks", keyFields: ["albumId", "trackNumber"], belongsTo: [:]),
        .init(
            name: "Team", plural: "Teams", keyFields: ["id"], belongsTo: [:],
            hasMany: ["members": ("Member", "teamMembersId")]),
        .init(name: "Member", plural: "Members", keyFields: ["id"], belongsTo: ["team": ("Team", "teamMembersId")]),
    ]

    static func start() async throws -> (AppSyncModelStore, HTTPServer, APIPlugin) {
        let store = AppSyncModelStore(types: types)
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

    @Test func createGetPaginateLazyLoadConditionalUpdateAndDelete() async throws {
        let (store, server, plugin) = try await Self.start()
        defer { Task { await server.stop() } }

        // create
        let blog = try await plugin.mutate(request: .create(Blog(id: "b1", name: "Engineering"))).get()
        #expect(blog.name == "Engineering")
        let post = Post(
            id: "p1", title: "Lists", status: .published, rating: 5, tags: ["swift"],
            location: Location(lat: 52.5, lon: 13.25, name: "Berlin"),
            publishedAt: try Temporal.DateTime(iso8601String: "2026-11-23T09:30:00.000Z"), blog: blog)
        let created = try await plugin.mutate(request: .create(post)).get()
        #expect(created.id == "p1" && created.status == .published && created.createdAt != nil)
        for index in 0..<3 {
            _ = try await plugin.mutate(
                request: .create(Comment(id: "c\(index)", content: "comment \(index)", post: post))
            )
            .get()
        }
        _ = try await plugin.mutate(request: .create(Comment(id: "other", content: "elsewhere"))).get()

        // get
        let fetched = try #require(try await plugin.query(request: .get(Post.self, byId: "p1")).get())
        #expect(fetched.title == "Lists" && fetched.rating == 5 && fetched.location?.name == "Berlin")
        #expect(fetched.publishedAt?.iso8601String == "2026-11-23T09:30:00.000Z")
        let comments = try #require(fetched.comments)
        #expect(!comments.isLoaded)

        // list 2,500 items with limit 1000 in exactly 3 pages
        await store.seed(
            "Track",
            items: (1...2500).map {
                ["albumId": .string("album-\($0 % 7)"), "trackNumber": .number(Double($0)), "title": .string("t\($0)")]
            })
        var page = try await plugin.query(request: .list(Track.self, limit: 1000)).get()
        var pages = [page.count]
        while page.hasNextPage() {
            page = try await page.getNextPage()
            pages.append(page.count)
        }
        #expect(pages == [1000, 1000, 500])
        let listCalls = await store.operations(named: "listTracks")
        #expect(listCalls.count == 3)
        #expect(listCalls.allSatisfy { $0["limit"] == 1000 })
        #expect(listCalls[0]["nextToken"] == nil && listCalls[1]["nextToken"] != nil)

        // lazy-load the post's comments with one filtered query
        var contents: [String] = []
        for try await comment in comments.allElements { contents.append(comment.content) }
        #expect(contents.sorted() == ["comment 0", "comment 1", "comment 2"])
        let commentQueries = await store.operations(named: "listComments")
        #expect(commentQueries.count == 1)
        #expect(commentQueries.first?["filter"] == ["postId": ["eq": "p1"]])
        #expect(comments.isLoaded && comments.count == 3)

        // LazyReference load: comment → post → blog
        let loadedPost = try #require(try await comments.first?.post)
        #expect(loadedPost.title == "Lists")
        let loadedBlog = try await loadedPost._blog.require()
        #expect(loadedBlog.name == "Engineering")
        #expect(await store.operations(named: "getBlog").count == 1)

        // update with a failing condition returns the server's error
        var edited = fetched
        edited.title = "Edited"
        let failed = try await plugin.mutate(request: .update(edited, where: Post.keys.status == PostStatus.draft))
        guard case .failure(.error(let errors)) = failed else {
            Issue.record("expected the conditional check to fail, got \(failed)")
            return
        }
        #expect(errors.first?.message == "The conditional request failed")
        #expect(errors.first?.extensions?["errorType"] == "DynamoDB:ConditionalCheckFailedException")
        let updated = try await plugin.mutate(request: .update(edited, where: Post.keys.status == PostStatus.published))
            .get()
        #expect(updated.title == "Edited")

        // delete
        let deleted = try await plugin.mutate(request: .delete(updated)).get()
        #expect(deleted.id == "p1")
        #expect(try await plugin.query(request: .get(Post.self, byId: "p1")).get() == nil)
    }

    @Test func compositeKeysClassicModelsAndNestedItemsFromCustomDocuments() async throws {
        let (store, server, plugin) = try await Self.start()
        defer { Task { await server.stop() } }

        _ = try await plugin.mutate(request: .create(Track(albumId: "a1", trackNumber: 2, title: "Two"))).get()
        let track = try await plugin.query(
            request: .get(Track.self, byIdentifier: .identifier(albumId: "a1", trackNumber: 2))
        )
        .get()
        #expect(track?.title == "Two")

        // Classic form: the member's team is selected with its own fields; the team's members load lazily.
        let team = try await plugin.mutate(request: .create(Team(id: "t1", name: "Core"))).get()
        _ = try await plugin.mutate(request: .create(Member(id: "m1", name: "Ada", team: team))).get()
        _ = try await plugin.mutate(request: .create(Member(id: "m2", name: "Grace", team: team))).get()
        let member = try #require(try await plugin.query(request: .get(Member.self, byId: "m1")).get())
        #expect(member.team?.name == "Core")
        let members = try #require(try await plugin.query(request: .get(Team.self, byId: "t1")).get()?.members)
        try await members.fetch()
        #expect(members.map(\.name).sorted() == ["Ada", "Grace"])
        #expect(await store.operations(named: "listMembers").first?["filter"] == ["teamMembersId": ["eq": "t1"]])

        // A custom document that already selects nested items decodes them as loaded.
        let nested = GraphQLRequest<Team?>(
            document: """
                query { getTeam(id: "t1") { id name createdAt updatedAt __typename
                  members { items { id name role createdAt updatedAt __typename } nextToken __typename } } }
                """,
            responseType: Team?.self, decodePath: "getTeam")
        let loaded = try #require(try await plugin.query(request: nested).get()?.members)
        #expect(loaded.isLoaded)
        #expect(loaded.map(\.name) == ["Ada", "Grace"])
        #expect(!loaded.hasNextPage())
        #expect(await store.operations(named: "listMembers").count == 1)
    }

    @Test func includedBelongsToDecodesAsALoadedReference() async throws {
        let (store, server, plugin) = try await Self.start()
        defer { Task { await server.stop() } }
        await store.seed("Post", items: [["id": "p1", "title": "Lists", "status": "DRAFT"]])
        await store.seed("Comment", items: [["id": "c1", "content": "hi", "postId": "p1"]])
        let request = GraphQLRequest<Comment?>.get(Comment.self, byId: "c1", includes: { comment in [comment.post] })
        let comment = try #require(try await plugin.query(request: request).get())
        let post = try await comment._post.require()
        #expect(post.title == "Lists" && post.status == .draft)
        #expect(await store.operations(named: "getPost").isEmpty)
        // Without includes, the reference holds only the key and loads with one get.
        let plain = try #require(try await plugin.query(request: .get(Comment.self, byId: "c1")).get())
        #expect(plain._post.identifiers == [LazyReferenceIdentifier(name: "id", value: "p1")])
        #expect(try await plain.post?.title == "Lists")
        #expect(await store.operations(named: "getPost").count == 1)
    }
}
