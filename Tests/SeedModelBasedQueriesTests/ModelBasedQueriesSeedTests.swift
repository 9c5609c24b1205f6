import Foundation
import SwitchboardAPI
import SwitchboardMock
import TestSupport
import Testing

/// Every sample of the model-based-queries seed runs against a mock AppSync endpoint.
@Suite struct ModelBasedQueriesSeedTests {
    /// A GraphQL endpoint that answers only requests whose `nextToken` variable is `nextToken`.
    struct PageEndpoint: MockEndpoint {
        let base: GraphQLEndpoint
        let nextToken: String?

        init(_ operation: String, nextToken: String?, data: JSONValue) {
            base = GraphQLEndpoint(.POST, .operations(operation), response: .graphQL(data: data))
            self.nextToken = nextToken
        }

        var label: String { "\(base.label) with nextToken \(nextToken ?? "absent")" }
        var response: MockResponse { base.response }

        func match(_ request: MockRequest) -> MockMatch {
            let given = (try? request.graphQL.get())?.variables["nextToken"]?.stringValue
            guard given == nextToken else { return .mismatch("nextToken is \(given ?? "absent")") }
            return base.match(request)
        }
    }

    static let endpoints: [any MockEndpoint] = [
        GraphQLEndpoint(
            .POST, .operations("GetSimpleModel"),
            response: .graphQL(data: ["getSimpleModel": ["id": "{{variables.id}}", "__typename": "SimpleModel"]])),
        PageEndpoint(
            "ListSimpleModels", nextToken: nil,
            data: ["listSimpleModels": ["items": [["id": "s1"], ["id": "s2"]], "nextToken": "page-2"]]),
        PageEndpoint(
            "ListSimpleModels", nextToken: "page-2",
            data: ["listSimpleModels": ["items": [["id": "s3"]], "nextToken": nil]]),
        GraphQLEndpoint(
            .POST, .operations("GetPost"),
            response: .graphQL(data: ["getPost": ["id": "{{variables.id}}", "__typename": "Post"]])),
        GraphQLEndpoint(
            .POST, .operations("ListComments"),
            response: .graphQL(data: [
                "listComments": [
                    "items": [
                        ["id": "c1", "post": ["id": "p1", "__typename": "Post"], "__typename": "Comment"],
                        ["id": "c2", "post": ["id": "p1", "__typename": "Post"], "__typename": "Comment"],
                    ],
                    "nextToken": nil,
                ]
            ])),
        GraphQLEndpoint(
            .POST, .operations("getBlog"),
            response: .graphQL(data: [
                "getBlog": [
                    "id": "{{variables.id}}",
                    "post": [
                        "items": [["id": "p1", "comments": ["items": [["id": "c1"]], "nextToken": "nextToken"]]],
                        "nextToken": "nextToken",
                    ],
                ]
            ])),
    ]

    private func withHub(_ body: @Sendable (MockServer) async throws -> Void) async throws {
        let server = try await MockServer(endpoints: Self.endpoints)
        defer { Task { await server.stop() } }
        try await AsyncGate.hub.run {
            await Switchboard.reset()
            try Switchboard.add(plugin: APIPlugin())
            let configuration: JSONValue = [
                "api": [
                    "plugins": [
                        "awsAPIPlugin": [
                            "blog": [
                                "endpointType": "GraphQL", "endpoint": .string(server.graphQLURL.absoluteString),
                                "region": "us-east-1", "authorizationType": "API_KEY", "apiKey": "da2-seed",
                            ]
                        ]
                    ]
                ]
            ]
            try Switchboard.configure(Data(configuration.jsonText.utf8))
            do {
                try await body(server)
            } catch {
                await Switchboard.reset()
                throw error
            }
            await Switchboard.reset()
        }
    }

    private static func variables(_ server: MockServer, operation: String) -> [JSONValue] {
        server.receivedRequests.compactMap { request in
            guard let body = try? JSONValue(parsing: Data(request.body)),
                body["query"]?.stringValue?.contains("query \(operation)(") == true
            else { return nil }
            return body["variables"] ?? .null
        }
    }

    @Test func aSimpleModelIsRetrieved() async throws {
        try await withHub { server in
            let model = try await seedGetSimpleModel(id: "s9").get()
            #expect(model?.id == "s9")
            #expect(Self.variables(server, operation: "GetSimpleModel") == [["id": "s9"]])
        }
    }

    @Test func aListIsRetrievedWithTheDefaultLimitAndPaginates() async throws {
        try await withHub { server in
            let first = try await seedListSimpleModels()
            #expect(first.map(\.id) == ["s1", "s2"])
            #expect(first.hasNextPage())
            let next = try await first.getNextPage()
            #expect(next.map(\.id) == ["s3"])
            #expect(!next.hasNextPage())
            let sent = Self.variables(server, operation: "ListSimpleModels")
            #expect(sent.first == ["limit": 1000])
            #expect(sent.dropFirst().allSatisfy { $0 == ["limit": 1000, "nextToken": "page-2"] })
        }
    }

    @Test func associationsLoadExplicitlyAndImplicitlyWithOneFilteredQuery() async throws {
        try await withHub { server in
            let post = try #require(try await seedGetPost(id: "p1"))
            let comments = try #require(post.comments)
            #expect(!comments.isLoaded)
            #expect(comments.isEmpty)

            let (done, signal) = AsyncStream<Void>.makeStream()
            seedExplicitLoad(post: post) { signal.yield() }
            for await _ in done { break }
            #expect(comments.isLoaded)
            #expect(comments.map(\.id) == ["c1", "c2"])

            let fresh = try #require(try await seedGetPost(id: "p1"))
            #expect(try await seedImplicitLoad(post: fresh) == ["c1", "c2"])

            let listed = try await seedListCommentsOfPost(post).get()
            #expect(listed.map(\.id) == ["c1", "c2"])
            let sent = Self.variables(server, operation: "ListComments")
            #expect(sent.count == 3)
            #expect(sent.allSatisfy { $0["filter"] == ["postID": ["eq": "p1"]] })
            #expect(sent.first?["limit"] == 1000)
            #expect(sent.last?["limit"] == 100)
        }
    }

    @Test func aCustomMultiLevelDocumentDecodesLoadedListsAtEveryLevel() async throws {
        try await withHub { _ in
            let blog = try await seedGetBlogWithPostsAndComments(id: "b1")
            let posts = try #require(blog.post)
            #expect(posts.isLoaded)
            #expect(posts.hasNextPage())
            let comments = try #require(posts.first?.comments)
            #expect(comments.isLoaded)
            #expect(comments.map(\.id) == ["c1"])
            #expect(comments.hasNextPage())
        }
    }
}
