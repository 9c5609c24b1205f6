import Foundation
import Testing

@testable import Switchboard
@testable import SwitchboardAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Marking a body's `hasMany` lists so that models decode straight from `JSONDecoder`: the marks
/// written, the cases where the pass gives up, and — the point — that a marked body decodes into
/// exactly what the general path (``ModelFieldsDecoder``) makes of the same response.
@Suite struct NotLoadedListMarkingTests {
    /// Answers every request with one body.
    struct FixedTransport: HTTPTransport {
        let body: Data
        func send(_ request: URLRequest) async throws -> HTTPTransportResponse {
            HTTPTransportResponse(statusCode: 200, headers: ["content-type": "application/json"], body: body)
        }
    }

    static func query<R: Decodable & Sendable>(_ request: GraphQLRequest<R>, body: String) async throws
        -> GraphQLResponse<R>
    {
        let plugin = try APIPlugin(transport: FixedTransport(body: Data(body.utf8)))
        let configuration = """
            {"api":{"plugins":{"awsAPIPlugin":{"fixed":{"endpointType":"GraphQL","endpoint":"http://127.0.0.1:9/graphql",
            "region":"us-east-1","authorizationType":"API_KEY","apiKey":"da2-fixed"}}}}}
            """
        try plugin.configure(using: SwitchboardConfiguration(data: Data(configuration.utf8)))
        return try await plugin.query(request: request)
    }

    /// Whether the pass marks `body` for a result of type `R` at `path`.
    static func marks<R>(_ body: String, path: [String], as type: R.Type) -> Bool {
        NotLoadedListMarking.mark(Data(body.utf8), path: path, resultType: R.self, context: nil) != nil
    }

    /// Decodes one post, blog and team through the general path so that their plans know their
    /// `hasMany` fields are `List`s (the pass marks only model types it has seen decode).
    static func learnModelTypes() async throws {
        let post = #"{"id":"p0","title":"t","status":"DRAFT","\u0078":1}"#
        _ = try await query(.get(Post.self, byId: "p0"), body: #"{"data":{"getPost":\#(post)}}"#).get()
        let blog = #"{"id":"b0","name":"n","\u0078":1}"#
        _ = try await query(.get(Blog.self, byId: "b0"), body: #"{"data":{"getBlog":\#(blog)}}"#).get()
        let team = #"{"id":"t0","name":"n","\u0078":1}"#
        _ = try await query(.get(Team.self, byId: "t0"), body: #"{"data":{"getTeam":\#(team)}}"#).get()
    }

    @Test func missingAndPresentListsGetTheirMarks() async throws {
        try await Self.learnModelTypes()
        let body = """
            {"data":{"listPosts":{"items":[{"id":"p1","title":"a","status":"DRAFT"},\
            {"comments":{"items":[],"nextToken":null},"id":"p2","title":"b","status":"DRAFT"},\
            {"id":"p3","title":"c","status":"DRAFT","comments":null,"blog":{"id":"b1","__typename":"Blog"}},\
            {"blog":{"id":"b2","name":"B"},"id":"p4","title":"d","status":"DRAFT"},{}],"nextToken":null}}}
            """
        let (marked, session) = try #require(
            NotLoadedListMarking.mark(Data(body.utf8), path: ["listPosts"], resultType: List<Post>.self, context: nil))
        let expected = """
            {"data":{"listPosts":{"items":[{"id":"p1","title":"a","status":"DRAFT","comments":0},\
            {"comments":{"items":[],"nextToken":null,"switchboard:association":1},"id":"p2","title":"b","status":"DRAFT"},\
            {"id":"p3","title":"c","status":"DRAFT","comments":null,"blog":{"id":"b1","__typename":"Blog"}},\
            {"blog":{"id":"b2","name":"B","posts":2},"id":"p4","title":"d","status":"DRAFT","comments":3},{"comments":4}],"nextToken":null}}}
            """
        #expect(String(decoding: marked, as: UTF8.self) == expected)
        #expect(
            session.associations.map { "\($0.parentIdentifiers)/\($0.associatedFieldNames)" } == [
                #"["p1"]/["post"]"#, #"["p2"]/["post"]"#, #"["b2"]/["blog"]"#, #"["p4"]/["post"]"#,
                #"[null]/["post"]"#,
            ])
    }

    @Test func aBodyWithNothingToMarkIsDecodedAsItCame() async throws {
        // The pass follows `post` into Post, so Post must be a learned type whatever ran before.
        try await Self.learnModelTypes()
        // Comments have no hasMany lists: the pass only checks the shape.
        let body = #"{"data":{"listComments":{"items":[{"id":"c1","content":"hi","post":{"id":"p1"}}]}}}"#
        let (marked, session) = try #require(
            NotLoadedListMarking.mark(
                Data(body.utf8), path: ["listComments"], resultType: List<Comment>.self, context: nil))
        #expect(marked == Data(body.utf8) && session.associations.isEmpty && session.usesListMarkers)
        let comments = try await Self.query(GraphQLRequest<List<Comment>>.list(Comment.self), body: body).get()
        #expect(comments.map(\.content) == ["hi"])
    }

    @Test func aMarkedBodyDecodesLikeTheGeneralPath() async throws {
        try await Self.learnModelTypes()
        let posts = [
            #"{"id":"p1","title":"Lists","status":"DRAFT","createdAt":"2026-11-20T08:00:00.000Z","__typename":"Post"}"#,
            #"{"id":"p\"2","title":"Escaped id","status":"PUBLISHED","comments":null}"#,
            #"{"id":"p\u00e96","title":"Escaped key value","status":"DRAFT"}"#,
            #"{"comments":{"items":[{"id":"c1","content":"hi","post":{"id":"p3"}}],"nextToken":"n1"},"id":"p3","title":"Nested","status":"DRAFT"}"#,
            #"{"id":"p4","title":"Keys only","status":"DRAFT","blog":{"id":"b1","__typename":"Blog"}}"#,
            #"{"id":"p5","title":"Loaded blog","status":"DRAFT","blog":{"id":"b2","name":"Swift","__typename":"Blog"}}"#,
            // Fields the schema does not know do not make a reference a model.
            #"{"id":"p7","title":"Unknown field","status":"DRAFT","blog":{"id":"b3","score":1,"__typename":"Blog"}}"#,
        ]
        let markable = #"{"data":{"listPosts":{"items":[\#(posts.joined(separator: ","))],"nextToken":"next"}}}"#
        // An escaped key in a model object makes the pass give up: the same response, decoded the general way.
        let general = markable.replacingOccurrences(of: #""title":"Lists""#, with: #""title":"Lists","\u0078":1"#)
        #expect(Self.marks(markable, path: ["listPosts"], as: List<Post>.self))
        #expect(!Self.marks(general, path: ["listPosts"], as: List<Post>.self))

        let request = GraphQLRequest<List<Post>>.list(Post.self)
        let fast = try await Self.query(request, body: markable).get()
        let slow = try await Self.query(request, body: general).get()
        #expect(Self.describe(fast) == Self.describe(slow))
        #expect(
            Self.describe(fast) == [
                #"p1 comments=not loaded ["p1"] ["post"] blog=nil"#,
                // The generated initializer turns a null list into an empty one.
                #"p"2 comments=loaded [] next=nil from none blog=nil"#,
                #"pé6 comments=not loaded ["pé6"] ["post"] blog=nil"#,
                #"p3 comments=loaded ["c1"] next=n1 from ["p3"] ["post"] blog=nil"#,
                #"p4 comments=not loaded ["p4"] ["post"] blog=not loaded ["id": "b1"]"#,
                #"p5 comments=not loaded ["p5"] ["post"] blog=loaded b2 posts=not loaded ["b2"] ["blog"]"#,
                #"p7 comments=not loaded ["p7"] ["post"] blog=not loaded ["id": "b3"]"#,
            ])
        #expect(fast.nextToken == "next" && fast.hasNextPage())

        // A single model, and the classic form (a nested model rather than a lazy reference).
        let team =
            #"{"data":{"getTeam":{"id":"t1","name":"Core","members":{"items":[{"id":"m1","name":"Ada","team":{"id":"t1","name":"Core"}}]}}}}"#
        let teamGeneral = team.replacingOccurrences(of: #""name":"Ada""#, with: #""name":"Ada","\u0078":1"#)
        #expect(Self.marks(team, path: ["getTeam"], as: Team?.self))
        let fastTeam = try #require(try await Self.query(.get(Team.self, byId: "t1"), body: team).get())
        let slowTeam = try #require(try await Self.query(.get(Team.self, byId: "t1"), body: teamGeneral).get())
        let members = try #require(fastTeam.members)
        #expect(members.isLoaded && members.first?.name == "Ada")
        #expect(members.first?.team?.members?.isLoaded == false)
        #expect(Self.describe(members.first?.team?.members) == Self.describe(slowTeam.members?.first?.team?.members))
        #expect(Self.describe(fastTeam.members) == Self.describe(slowTeam.members))
    }

    @Test func shapesThePassDoesNotExpectDecodeTheGeneralWay() async throws {
        try await Self.learnModelTypes()
        let request = GraphQLRequest<List<Post>>.list(Post.self)
        // A list written as an array: no place for a marker, and still a loaded list.
        let array =
            #"{"data":{"listPosts":{"items":[{"id":"p1","title":"a","status":"DRAFT","comments":[{"id":"c1","content":"x"}]}]}}}"#
        #expect(!Self.marks(array, path: ["listPosts"], as: List<Post>.self))
        let posts = try await Self.query(request, body: array).get()
        #expect(posts.first?.comments?.map(\.id) == ["c1"])
        // A number where a list belongs is the server's mistake, reported as before.
        let number = #"{"data":{"listPosts":{"items":[{"id":"p1","title":"a","status":"DRAFT","comments":7}]}}}"#
        #expect(!Self.marks(number, path: ["listPosts"], as: List<Post>.self))
        guard case .failure(.transformationError(let raw, _)) = try await Self.query(request, body: number) else {
            Issue.record("expected a transformation error")
            return
        }
        #expect(raw.contains(#""comments":7"#))
        // Null results, missing paths and non-JSON bodies are left to the decoder.
        #expect(!Self.marks(#"{"data":{"listPosts":null}}"#, path: ["listPosts"], as: List<Post>.self))
        #expect(!Self.marks(#"{"data":{"other":{}}}"#, path: ["listPosts"], as: List<Post>.self))
        #expect(!Self.marks(#"{"data":{"listPosts":{"items":[{"id":"p1""#, path: ["listPosts"], as: List<Post>.self))
    }

    @Test func bodiesThatAreNotJSONAreReportedAgainstTheOriginalBytes() async throws {
        try await Self.learnModelTypes()
        // Valid up to the value at the path (so the pass marks it), broken after it.
        let body = #"{"data":{"listPosts":{"items":[{"id":"p1","title":"a","status":"DRAFT"}]}}, oops}"#
        #expect(Self.marks(body, path: ["listPosts"], as: List<Post>.self))
        do {
            _ = try await Self.query(GraphQLRequest<List<Post>>.list(Post.self), body: body)
            Issue.record("expected an error")
        } catch let error as APIError {
            let offset = try #require(body.range(of: "oops")).lowerBound
            #expect("\(error)".contains("byte \(body.utf8.distance(from: body.startIndex, to: offset))"))
            #expect(!"\(error)".contains("switchboard:association") && !"\(error)".contains(#""comments":"#))
        }
    }

    @Test func escapesAndMultibyteTextAtEveryAlignmentAreSkippedExactly() async throws {
        try await Self.learnModelTypes()
        // Titles whose quotes, backslashes and multibyte characters fall at every offset of the
        // pass's eight-byte steps; a missed or invented quote would shift or break the marks.
        var titles: [String] = []
        for length in 0..<20 {
            let padding = String(repeating: "a", count: length)
            titles += [padding + #"\""#, padding + #"\\"#, padding + #"é\u00e9\\\"x"#, padding + #"\\\\"#]
        }
        let items = titles.enumerated().map { index, title in
            #"{"id":"p\#(index)","title":"\#(title)","status":"DRAFT","tags":["\#(title)"]}"#
        }
        let body = #"{"data":{"listPosts":{"items":[\#(items.joined(separator: ","))]}}}"#
        #expect(Self.marks(body, path: ["listPosts"], as: List<Post>.self))
        let posts = try await Self.query(GraphQLRequest<List<Post>>.list(Post.self), body: body).get()
        let expected = try titles.map { title in
            try JSONDecoder().decode(String.self, from: Data(("\"" + title + "\"").utf8))
        }
        #expect(posts.map(\.title) == expected)
        #expect(posts.map { Self.describe($0.comments) } == titles.indices.map { #"not loaded ["p\#($0)"] ["post"]"# })
    }

    /// A model type seen for the first time, and one whose `hasMany` field is not a `List`.
    struct Shelf: Model {
        let id: String
        var books: List<Book>?
        enum CodingKeys: String, ModelKey { case id, books }
        static let keys = CodingKeys.self
        static let schema = defineSchema { model in
            model.fields(
                .field(keys.id, ofType: .string),
                .hasMany(keys.books, is: .optional, ofType: Book.self, associatedWith: Book.keys.shelf))
        }
    }

    struct Book: Model {
        let id: String
        var shelf: LazyReference<Shelf>?
        enum CodingKeys: String, ModelKey { case id, shelf }
        static let keys = CodingKeys.self
        static let schema = defineSchema { model in
            model.fields(
                .field(keys.id, ofType: .string),
                .belongsTo(keys.shelf, is: .optional, ofType: Shelf.self, targetNames: ["shelfId"]))
        }
    }

    struct Library: Model {
        let id: String
        var shelves: [Shelf]?
        enum CodingKeys: String, ModelKey { case id, shelves }
        static let keys = CodingKeys.self
        static let schema = defineSchema { model in
            model.fields(
                .field(keys.id, ofType: .string),
                .hasMany(keys.shelves, is: .optional, ofType: Shelf.self, associatedWith: Shelf.keys.id))
        }
    }

    @Test func aModelTypeIsMarkedOnceItsListsHaveDecoded() async throws {
        let body = #"{"data":{"getShelf":{"id":"s1"}}}"#
        #expect(!Self.marks(body, path: ["getShelf"], as: Shelf?.self))
        let first = try #require(try await Self.query(.get(Shelf.self, byId: "s1"), body: body).get())
        #expect(Self.marks(body, path: ["getShelf"], as: Shelf?.self))
        let second = try #require(try await Self.query(.get(Shelf.self, byId: "s1"), body: body).get())
        #expect(Self.describe(first.books) == Self.describe(second.books))
        #expect(Self.describe(second.books) == #"not loaded ["s1"] ["shelf"]"#)

        // `[Shelf]?` cannot read a marker: the type keeps decoding the general way.
        let library = #"{"data":{"getLibrary":{"id":"l1"}}}"#
        for _ in 0..<2 {
            let decoded = try await Self.query(.get(Library.self, byId: "l1"), body: library).get()
            #expect(decoded?.id == "l1" && decoded?.shelves == nil)
            #expect(!Self.marks(library, path: ["getLibrary"], as: Library?.self))
        }
    }

    // MARK: - Describing decoded state

    static func describe(_ posts: List<Post>) -> [String] {
        posts.map { post in
            var blog = "nil"
            switch post._blog.state.withLock({ $0 }) {
            case .notLoaded(nil): blog = "nil"
            case .notLoaded(let identifiers?): blog = "not loaded \(identifiers)"
            case .loaded(let model?): blog = "loaded \(model.id) posts=\(describe(model.posts))"
            case .loaded(nil): blog = "loaded nil"
            }
            return "\(post.id) comments=\(describe(post.comments)) blog=\(blog)"
        }
    }

    static func describe<M: Model>(_ list: List<M>?) -> String {
        guard let list else { return "nil" }
        switch list.state {
        case .notLoaded(let reference):
            return "not loaded \(reference.parentIdentifiers) \(reference.associatedFieldNames)"
        case .loaded(let elements, let nextToken, let source):
            let ids = elements.map(\.identifier)
            let from: String
            switch source {
            case .association(let reference): from = "\(reference.parentIdentifiers) \(reference.associatedFieldNames)"
            case .request(let page): from = "request \(page.decodePath ?? "")"
            case .none: from = "none"
            }
            return "loaded \(ids) next=\(nextToken ?? "nil") from \(from)"
        }
    }
}
