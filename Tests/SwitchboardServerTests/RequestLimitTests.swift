import Foundation
import Testing

@testable import SwitchboardServer

/// The limits that keep one request from taking the server down or hogging it: nesting through
/// fragment spreads, AppSync's resolver count limit (counted before and while running) and its
/// query depth limit, over HTTP against the local server.
struct RequestLimitTests {
    /// `fragment F0 on Post { id ...F1 }` … a chain of `length` fragments under `getPost`.
    static func fragmentChain(_ length: Int) -> String {
        var text = #"query { getPost(id: "p1") { ...F0 } }"# + "\n"
        for index in 0..<length { text += "fragment F\(index) on Post { id ...F\(index + 1) }\n" }
        return text + "fragment F\(length) on Post { title }\n"
    }

    /// Fragments that double at every level over Post.blog (a belongsTo) and Blog.posts, under
    /// `getPost`, then the root fields `alsoSelecting`.
    static func doublingFragments(levels: Int, alsoSelecting: String = "") -> String {
        var text = #"query { getPost(id: "p1") { ...P0 } "# + alsoSelecting + " }\n"
        for level in 0..<levels {
            text += "fragment P\(level) on Post { a: blog { ...B\(level) } b: blog { ...B\(level) } }\n"
            text += "fragment B\(level) on Blog { posts { items { ...P\(level + 1) } } }\n"
        }
        return text + "fragment P\(levels) on Post { id }\n"
    }

    /// Blog `b1` ("B") with post `p1` in it.
    static func seedBlogWithPost(_ harness: ServerHarness) async throws {
        _ = try await harness.data(#"mutation { createBlog(input: {id: "b1", name: "B"}) { id } }"#)
        _ = try await harness.data(
            #"mutation { createPost(input: {id: "p1", title: "T", blogPostsId: "b1"}) { id } }"#)
    }

    @Test func aChainOfThousandsOfFragmentsIsRefusedAndTheServerKeepsServing() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        _ = try await harness.data(#"mutation { createPost(input: {id: "p1", title: "One"}) { id } }"#)

        let (status, body) = try await harness.post(Self.fragmentChain(6_000))
        #expect(status == 200)
        let message = body["errors"]?[0]?["message"]?.stringValue ?? ""
        #expect(message.contains("nests selections 6003 levels deep through its fragment spreads"), "\(message)")
        #expect(message.contains("the most allowed is 256"), "\(message)")
        #expect(body["data"] == .null)

        // A chain within the limit runs, and the server is unharmed.
        let chained = try await harness.data(Self.fragmentChain(200))
        #expect(chained["id"] == "p1")
        #expect(chained["title"] == "One")
    }

    @Test func fragmentsThatDoubleAtEveryLevelAreRefusedBeforeTheyRun() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        try await Self.seedBlogWithPost(harness)

        // 30 levels would be 2^30 fields; the count stops at the limit without expanding them.
        let (_, body) = try await harness.post(Self.doublingFragments(levels: 30))
        #expect(body["data"] == .null)
        #expect(body["errors"]?[0]?["errorType"] == "ResolverExecutionLimitReached")
        let message = body["errors"]?[0]?["message"]?.stringValue ?? ""
        #expect(message.contains("more than 10 times the limit of 10000"), "\(message)")

        // Four levels select 2 + 2·(… ) resolvers, well under the limit: they run.
        let (_, small) = try await harness.post(Self.doublingFragments(levels: 4))
        #expect(small["errors"] == nil, "\(small.text)")
        #expect(small["data"]?["getPost"]?["a"]?["posts"]?["items"]?[0]?["b"]?["posts"] != nil)
    }

    @Test func theResolverLimitNullsTheFieldsPastItWhileRunning() async throws {
        var configuration = LocalServer.Configuration(apiKeys: [.init("da2-test")])
        configuration.resolverCountLimit = 5
        let harness = try await ServerHarness.start(configuration: configuration)
        defer { Task { await harness.stop() } }
        for index in 0..<8 {
            _ = try await harness.data(#"mutation { createBlog(input: {id: "b\#(index)", name: "B"}) { id } }"#)
            _ = try await harness.data(
                #"mutation { createPost(input: {id: "p\#(index)", title: "T", blogPostsId: "b\#(index)"}) { id } }"#)
        }
        // listPosts and one blog per post: 2 selected, 9 run. The first 5 run; 4 blogs are null.
        let (_, body) = try await harness.post("{ listPosts { items { id blog { id } } } }")
        let items = body["data"]?["listPosts"]?["items"]?.arrayValue ?? []
        #expect(items.count == 8)
        #expect(items.filter { $0["blog"]?["id"] != nil }.count == 4)
        let errors = body["errors"]?.arrayValue ?? []
        #expect(errors.count == 4)
        #expect(errors.allSatisfy { $0["errorType"] == "ResolverExecutionLimitReached" })
        #expect(errors.first?["message"] == "Resolver invocation limit reached.")
        #expect(errors.first?["path"]?.arrayValue?.last == "blog")
    }

    @Test func theQueryDepthLimitNullsDeeperFields() async throws {
        var configuration = LocalServer.Configuration(apiKeys: [.init("da2-test")])
        configuration.queryDepthLimit = 3
        let harness = try await ServerHarness.start(configuration: configuration)
        defer { Task { await harness.stop() } }
        try await Self.seedBlogWithPost(harness)

        // listPosts (1) › items (2) › blog (3) › name (4): name is past the limit, and being
        // non-null it takes blog with it.
        let (_, body) = try await harness.post("{ listPosts { items { id blog { name } } } }")
        #expect(body["data"]?["listPosts"]?["items"]?[0]?["id"] == "p1")
        #expect(body["data"]?["listPosts"]?["items"]?[0]?["blog"] == .null)
        #expect(body["errors"]?[0]?["errorType"] == "QueryDepthLimitReached")
        #expect(body["errors"]?[0]?["path"] == ["listPosts", "items", 0, "blog", "name"])
        // getPost (1) › blog (2) › name (3) is within it.
        let shallow = try await harness.data(#"{ getPost(id: "p1") { blog { name } } }"#)
        #expect(shallow["blog"]?["name"] == "B")
    }

    @Test func limitsOutsideAppSyncsRangesAreRefusedAtStart() async throws {
        for (resolvers, depth) in [(-1, nil), (10_001, nil), (10, -1), (10, 76)] as [(Int, Int?)] {
            var configuration = LocalServer.Configuration()
            configuration.resolverCountLimit = resolvers
            configuration.queryDepthLimit = depth
            await Self.expectRefusedAtStart(
                configuration, naming: depth == nil ? "resolverCountLimit" : "queryDepthLimit")
        }
    }

    @Test func threadsOutsideOneToSixteenAreRefusedAtStartAndOneThreadServes() async throws {
        for threads in [0, 17] {
            var configuration = LocalServer.Configuration()
            configuration.threads = threads
            await Self.expectRefusedAtStart(configuration, naming: "threads is \(threads)")
        }
        var configuration = LocalServer.Configuration(apiKeys: [.init("da2-test")])
        configuration.threads = 1
        let harness = try await ServerHarness.start(configuration: configuration)
        defer { Task { await harness.stop() } }
        try await Self.seedBlogWithPost(harness)
        #expect(try await harness.data(#"{ getPost(id: "p1") { id } }"#)["id"] == "p1")
    }

    @Test func aBusyPollOutsideZeroToTenMillisecondsIsRefusedAtStart() async throws {
        for window in [Duration.microseconds(-1), .microseconds(10_001)] {
            var configuration = LocalServer.Configuration()
            configuration.busyPoll = window
            await Self.expectRefusedAtStart(configuration, naming: "busyPoll is \(window)")
        }
    }

    /// Expects a server started with `configuration` to be refused with an invalid-configuration
    /// error whose reason contains `naming`.
    private static func expectRefusedAtStart(_ configuration: LocalServer.Configuration, naming: String) async {
        await #expect {
            _ = try await LocalServer.start(schema: ServerHarness.blogSchema, configuration: configuration)
        } throws: { error in
            guard case .invalidConfiguration(let reason)? = error as? LocalServerError else { return false }
            return reason.contains(naming)
        }
    }

    @Test func zeroMeansAppSyncsDefaultForBothLimits() async throws {
        var configuration = LocalServer.Configuration(apiKeys: [.init("da2-test")])
        configuration.resolverCountLimit = 0
        configuration.queryDepthLimit = 0
        let harness = try await ServerHarness.start(configuration: configuration)
        defer { Task { await harness.stop() } }
        try await Self.seedBlogWithPost(harness)
        let deep = try await harness.data(#"{ getPost(id: "p1") { blog { posts { items { blog { name } } } } } }"#)
        #expect(deep["blog"]?["posts"]?["items"]?[0]?["blog"]?["name"] == "B")
    }

    /// Colocated fragments that select the same fields merge when they run, and count once:
    /// twenty levels of two fragments sharing a field are twenty resolvers, not 2^20.
    @Test func overlappingFragmentsCountAsTheFieldsThatRun() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        try await Self.seedBlogWithPost(harness)
        var text = #"{ getPost(id: "p1") { ...A0 ...B0 } }"# + "\n"
        for level in 0..<20 {
            let type = level % 2 == 0 ? "Post" : "Blog"
            let field = level % 2 == 0 ? "blog" : "posts { items"
            let close = level % 2 == 0 ? "}" : "} }"
            for name in ["A", "B"] {
                text +=
                    "fragment \(name)\(level) on \(type) { id \(field) { ...A\(level + 1) ...B\(level + 1) \(close) }\n"
            }
        }
        text += "fragment A20 on Post { id }\nfragment B20 on Post { id }\n"
        let (_, body) = try await harness.post(text)
        #expect(body["errors"] == nil, "\(body.text)")
        #expect(body["data"]?["getPost"]?["blog"]?["posts"]?["items"]?[0]?["id"] == "p1")
    }

    /// Past the resolver limit every further resolver field would add an error: a response
    /// stops at 1,000 and says so, and the rest is null without more work.
    @Test func errorsStopAtOneThousand() async throws {
        var configuration = LocalServer.Configuration(apiKeys: [.init("da2-test")])
        configuration.resolverCountLimit = 10
        let harness = try await ServerHarness.start(configuration: configuration)
        defer { Task { await harness.stop() } }
        _ = try await harness.data(#"mutation { createBlog(input: {id: "b1", name: "B"}) { id } }"#)
        for index in 0..<30 {
            _ = try await harness.data(
                #"mutation { createPost(input: {id: "p\#(index)", title: "T", blogPostsId: "b1"}) { id } }"#)
        }
        // 30 posts × 50 aliased blogs: 51 selected (within ten times the limit, so it runs), and
        // about 1,500 resolver fields past the limit of 10 while running.
        let blogs = (0..<50).map { "b\($0): blog { id }" }.joined(separator: " ")
        let (_, body) = try await harness.post("{ listPosts { items { id \(blogs) } } }")
        let errors = body["errors"]?.arrayValue ?? []
        #expect(errors.count == 1_001)
        #expect(errors.dropLast().allSatisfy { $0["errorType"] == "ResolverExecutionLimitReached" })
        #expect(
            errors.last?["message"]?.stringValue?.hasPrefix("Too many errors: execution stopped after 1000") == true)
        let items = body["data"]?["listPosts"]?["items"]?.arrayValue ?? []
        #expect(items.count == 30)
        // The first item ran until the limit; items reached after the stop are null.
        #expect(items.first?["b0"]?["id"] == "b1")
        #expect(items.first?["b49"] == .null)
        #expect(items.last == .null)
    }
}
