import Foundation
import Switchboard
import SwitchboardAPI
import SwitchboardServer
import Testing

/// The client's model-based reads (`.list` with predicates, `.get`, `List` paging, custom
/// requests decoding into `List<M>`) against ``LocalServer`` over real sockets, with the models
/// generated from `Tests/Fixtures/models/server-tests.graphql`.
@Suite struct ClientModelQueryTests {
    static let posts = [
        Post(
            id: "p1", title: "Apple pie", rating: 5, score: 4.5, published: true, status: .published,
            tags: ["swift", "ios"], category: "news"),
        Post(
            id: "p2", title: "Banana", rating: 3, score: 2.0, published: false, status: .draft, tags: ["kotlin"],
            category: "news"),
        Post(
            id: "p3", title: "Cherry tart", rating: 1, score: 1.0, published: true, status: .archived, tags: ["swift"],
            category: "food"),
        Post(id: "p4", title: "Apricot", category: "food"),
        Post(
            id: "p5", title: "Blueberry", rating: 4, score: 3.5, published: true, status: .published, tags: [],
            category: "news"),
    ]

    static func ids(_ harness: ModelClientHarness, _ predicate: any QueryPredicate, limit: Int? = nil) async throws
        -> Set<String>
    {
        Set(try await harness.all(.list(Post.self, where: predicate, limit: limit)).map(\.id))
    }

    @Test func everyOperatorKindAndAndOrNotFilterLikeDynamoDB() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        try await harness.create(Self.posts)
        let post = Post.keys
        let cases: [(String, any QueryPredicate, Set<String>)] = [
            ("gt", post.rating > 3, ["p1", "p5"]),
            ("ge", post.rating >= 3, ["p1", "p2", "p5"]),
            ("lt: a missing attribute fails a comparison", post.rating < 3, ["p3"]),
            ("le", post.rating <= 3, ["p2", "p3"]),
            ("eq", post.rating == 5, ["p1"]),
            ("ne: a missing attribute is not equal", post.rating != 5, ["p2", "p3", "p4", "p5"]),
            ("between is inclusive", post.rating.between(start: 2, end: 4), ["p2", "p5"]),
            ("beginsWith", post.title.beginsWith("Ap"), ["p1", "p4"]),
            ("contains on a string", post.title ~= "rr", ["p3", "p5"]),
            ("notContains", post.title.notContains("a"), ["p1", "p4", "p5"]),
            ("enum eq", post.status == PostStatus.published, ["p1", "p5"]),
            ("enum ne", post.status != PostStatus.published, ["p2", "p3", "p4"]),
            ("Boolean", post.published == true, ["p1", "p3", "p5"]),
            ("Float", post.score > 2.0, ["p1", "p5"]),
            ("contains on a list is membership", post.tags ~= "swift", ["p1", "p3"]),
            ("attributeExists", post.rating.attributeExists(false), ["p4"]),
            ("and", post.rating > 3 && post.published == true, ["p1", "p5"]),
            ("or", post.status == PostStatus.draft || post.title.beginsWith("C"), ["p2", "p3"]),
            ("not", QueryPredicateGroup(type: .not, predicates: [post.rating >= 3]), ["p3", "p4"]),
            ("nested", post.published == true && (post.rating < 2 || post.tags ~= "ios"), ["p1", "p3"]),
        ]
        for (name, predicate, expected) in cases {
            #expect(try await Self.ids(harness, predicate) == expected, "\(name)")
            // The same filter read two items at a time finds the same items.
            #expect(try await Self.ids(harness, predicate, limit: 2) == expected, "\(name), limit 2")
        }
    }

    @Test func limitAndNextTokenPageThroughEveryItemOnceAndATamperedTokenIsRefused() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        try await harness.create((1...7).map { Post(id: "p\($0)", title: "Post \($0)") })
        var page = try await harness.api.query(request: .list(Post.self, limit: 3)).get()
        var sizes = [page.count]
        var ids = page.map(\.id)
        while page.hasNextPage() {
            page = try await page.getNextPage()
            sizes.append(page.count)
            ids += page.map(\.id)
        }
        #expect(sizes == [3, 3, 1])
        #expect(ids.sorted() == (1...7).map { "p\($0)" })

        let document =
            "query L($limit: Int, $nextToken: String) { listPosts(limit: $limit, nextToken: $nextToken) "
            + "{ items { id title } nextToken } }"
        let first = try await harness.api.query(
            request: GraphQLRequest(
                document: document, variables: ["limit": 3], responseType: JSONValue.self, decodePath: "listPosts")
        ).get()
        let token = try #require(first["nextToken"]?.stringValue)
        let tampered = String(token.dropLast(2)) + (token.hasSuffix("AA") ? "BB" : "AA")
        let resumed = GraphQLRequest<List<Post>>(
            document: document, variables: ["limit": 3, "nextToken": .string(tampered)],
            responseType: List<Post>.self, decodePath: "listPosts")
        let errors = harness.errors(try await harness.api.query(request: resumed))
        #expect(errors.first?.errorType == "DynamoDB:UserIllegalArgumentException")
        #expect(errors.first?.message.hasSuffix("Invalid pagination token given.") == true)
    }

    @Test func compositeKeysAddressOneItemAndListsTakeKeyConditionsAndSortDirection() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        var tracks: [Track] = []
        for disc in 1...2 {
            for number in 1...3 {
                tracks.append(Track(album: "a", disc: disc, number: number, title: "\(disc)-\(number)"))
            }
        }
        tracks.append(Track(album: "b", disc: 1, number: 1, title: "other album"))
        try await harness.create(tracks)

        let identifier = Track.IdentifierProtocol.identifier(album: "a", disc: 2, number: 1)
        var track = try #require(try await harness.api.query(request: .get(Track.self, byIdentifier: identifier)).get())
        #expect(track.title == "2-1")
        track.title = "renamed"
        #expect(try await harness.api.mutate(request: .update(track)).get().title == "renamed")
        _ = try await harness.api.mutate(request: .delete(track)).get()
        #expect(try await harness.api.query(request: .get(Track.self, byIdentifier: identifier)).get() == nil)

        let document = """
            query ListTracks($album: ID, $discNumber: ModelTrackPrimaryCompositeKeyConditionInput, \
            $sortDirection: ModelSortDirection, $limit: Int, $nextToken: String) {
              listTracks(album: $album, discNumber: $discNumber, sortDirection: $sortDirection, limit: $limit, \
            nextToken: $nextToken) {
                items { album disc number title createdAt updatedAt }
                nextToken
              }
            }
            """
        func titles(_ variables: [String: JSONValue]) async throws -> [String?] {
            try await harness.all(
                GraphQLRequest<List<Track>>(
                    document: document, variables: variables, responseType: List<Track>.self,
                    decodePath: "listTracks")
            ).map(\.title)
        }
        #expect(try await titles(["album": "a", "limit": 2]) == ["1-1", "1-2", "1-3", "2-2", "2-3"])
        #expect(
            try await titles(["album": "a", "sortDirection": "DESC", "limit": 2])
                == ["2-3", "2-2", "1-3", "1-2", "1-1"])
        #expect(try await titles(["album": "a", "discNumber": ["beginsWith": ["disc": 2]]]) == ["2-2", "2-3"])
        #expect(
            try await titles([
                "album": "a", "discNumber": ["between": [["disc": 1, "number": 2], ["disc": 2, "number": 2]]],
            ])
                == ["1-2", "1-3", "2-2"])
        let misuse = GraphQLRequest<List<Track>>(
            document: document, variables: ["sortDirection": "ASC"], responseType: List<Track>.self,
            decodePath: "listTracks")
        let errors = harness.errors(try await harness.api.query(request: misuse))
        #expect(errors.first?.errorType == "InvalidArgumentsError")
        #expect(
            errors.first?.message == "When providing argument 'sortDirection' you must also provide argument 'album'.")
    }

    /// `.list(_:index:partitionKey:…)` with the generated `ModelIndexQuery.byCategory`: the
    /// document validates against the transformed schema, results come in sort-key order in both
    /// directions, and pages follow by `nextToken`.
    /// `get` declares each key variable with the key field's type in the transformed schema
    /// (`AWSEmail!`, `String!`, `ID!`), which AppSync and the local server both insist on.
    @Test func getDeclaresKeysWithTheSchemasExactTypes() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        _ = try await harness.api.mutate(request: .create(Member(email: "ann@example.com", name: "Ann"))).get()
        _ = try await harness.api.mutate(request: .create(Handle(handle: "ann", memberEmail: "ann@example.com"))).get()
        _ = try await harness.api.mutate(request: .create(Enrollment(courseId: "c1", studentId: "s1", grade: 5))).get()

        let member = GraphQLRequest<Member?>.get(
            Member.self, byIdentifier: Member.IdentifierProtocol.identifier(email: "ann@example.com"))
        #expect(member.document.contains("query GetMember($email: AWSEmail!)"))
        #expect(try await harness.api.query(request: member).get()?.name == "Ann")

        let handle = GraphQLRequest<Handle?>.get(
            Handle.self, byIdentifier: Handle.IdentifierProtocol.identifier(handle: "ann"))
        #expect(handle.document.contains("query GetHandle($handle: String!)"))
        #expect(try await harness.api.query(request: handle).get()?.memberEmail == "ann@example.com")

        let enrollment = GraphQLRequest<Enrollment?>.get(
            Enrollment.self, byIdentifier: Enrollment.IdentifierProtocol.identifier(courseId: "c1", studentId: "s1"))
        #expect(enrollment.document.contains("query GetEnrollment($courseId: ID!, $studentId: ID!)"))
        #expect(try await harness.api.query(request: enrollment).get()?.grade == 5)
    }

    @Test func indexQueriesDecodeIntoListsAndPageInSortKeyOrder() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        try await harness.create(Self.posts)
        func ids(
            _ category: String, sortKey: ModelKeyCondition? = nil, direction: ModelSortDirection? = nil,
            where predicate: (any QueryPredicate)? = nil, limit: Int? = nil
        ) async throws -> [String] {
            try await harness.all(
                .list(
                    Post.self, index: .byCategory, partitionKey: category, sortKey: sortKey, sortDirection: direction,
                    where: predicate, limit: limit)
            ).map(\.id)
        }
        #expect(try await ids("news", limit: 1) == ["p2", "p5", "p1"])
        #expect(try await ids("news", direction: .ascending, limit: 2) == ["p2", "p5", "p1"])
        #expect(try await ids("news", direction: .descending, limit: 2) == ["p1", "p5", "p2"])
        #expect(try await ids("news", sortKey: .ge(4)) == ["p5", "p1"])
        #expect(try await ids("news", sortKey: .between(start: 3, end: 4), direction: .descending) == ["p5", "p2"])
        #expect(try await ids("news", where: Post.keys.published == true) == ["p5", "p1"])
        // An item without the sort key is not in the index.
        #expect(try await ids("food") == ["p3"])
        let request = GraphQLRequest<List<Post>>.list(Post.self, index: .byCategory, partitionKey: "news")
        #expect(
            request.document.hasPrefix("query PostsByCategory($category: String!, $rating: ModelIntKeyConditionInput"))
    }

    @Test func anIndexWithTwoSortFieldsTakesOneValuePerField() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        try await harness.create([
            Track(album: "a1", disc: 1, number: 2, title: "Intro"),
            Track(album: "a2", disc: 1, number: 1, title: "Intro"),
            Track(album: "a3", disc: 2, number: 1, title: "Intro"),
            Track(album: "a4", disc: 1, number: 1, title: "Outro"),
        ])
        func albums(_ sortKey: ModelKeyCondition?, _ direction: ModelSortDirection? = nil) async throws -> [String] {
            try await harness.all(
                .list(Track.self, index: .byTitle, partitionKey: "Intro", sortKey: sortKey, sortDirection: direction)
            ).map(\.album)
        }
        #expect(try await albums(nil) == ["a2", "a1", "a3"])
        #expect(try await albums(nil, .descending) == ["a3", "a1", "a2"])
        #expect(try await albums(.eq(1, 2)) == ["a1"])
        #expect(try await albums(.between(start: [1, 2], end: [2, 1])) == ["a1", "a3"])
        #expect(try await albums(.gt(1, 1)) == ["a1", "a3"])

        // Three values for two sort fields: refused before any request.
        await #expect {
            _ = try await harness.api.query(
                request: .list(Track.self, index: .byTitle, partitionKey: "Intro", sortKey: .eq(1, 2, 3)))
        } throws: { error in
            "\(error)".contains("3 values for 2 sort key fields")
        }
    }

    @Test func hasManyLoadsLazilyAndBelongsToSelectsTheParentsKey() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        let blog = try await harness.api.mutate(request: .create(Blog(id: "b1", name: "Engineering"))).get()
        let other = try await harness.api.mutate(request: .create(Blog(id: "b2", name: "Cooking"))).get()
        try await harness.create((1...5).map { Post(id: "e\($0)", title: "Engineering \($0)", blog: blog) })
        try await harness.create([Post(id: "c1", title: "Soup", blog: other), Post(id: "orphan", title: "Alone")])

        let loaded = try #require(try await harness.api.query(request: .get(Blog.self, byId: "b1")).get())
        let posts = try #require(loaded.posts)
        #expect(!posts.isLoaded)
        var titles: [String] = []
        for try await post in posts.allElements { titles.append(post.title) }
        #expect(titles.sorted() == (1...5).map { "Engineering \($0)" })

        let soup = try #require(try await harness.api.query(request: .get(Post.self, byId: "c1")).get())
        #expect(soup.blog?.id == "b2")
        let orphan = try #require(try await harness.api.query(request: .get(Post.self, byId: "orphan")).get())
        #expect(orphan.blog == nil)
        let cooking = try await harness.all(.list(Post.self, where: Post.keys.blog == "b2"))
        #expect(cooking.map(\.id) == ["c1"])
    }
}
