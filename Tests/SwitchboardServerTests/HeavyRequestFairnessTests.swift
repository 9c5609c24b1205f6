import Foundation
import SwitchboardNet
import Testing

@testable import SwitchboardServer

/// A request that runs thousands of resolvers shares its event loop: the loop's other connections
/// are served between its resolvers, not once it is done.
struct HeavyRequestFairnessTests {
    @Test func aMutationOnAnotherConnectionRunsWhileHeavyQueriesHoldTheOnlyLoop() async throws {
        let server = try await OneLoopServer.start(seeded: true)
        defer { server.stop() }
        // About 8,200 resolvers each (under the limit of 10,000), then the posts as they are when
        // the last root field runs; six pipelined on one connection, which the server reads
        // together and runs one after another without waiting for the network in between.
        let heavy = RequestLimitTests.doublingFragments(levels: 11, alsoSelecting: "posts: listPosts { items { id } }")
        let count = 6
        var heavyReader = HTTPResponseReader(stream: server.heavy)
        // Once the first has been answered, the loop is running the second: a post created then,
        // on the other connection, is there when the last one lists the posts.
        let replies = try await Self.pipelined(
            [[UInt8]](repeating: Self.post(heavy), count: count), on: server, reader: &heavyReader)
        #expect(Self.postIDs(replies[0]) == ["p1"])
        #expect(Self.postIDs(replies[count - 1]) == ["light", "p1"], "the mutation waited for every heavy query")
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func aMutationOnAnotherConnectionRunsWhileLongDocumentsAreValidated() async throws {
        // The client runs on a loop of its own: on the cooperative pool, which the parallel
        // suite keeps busy, a write that waits for room could be held back past the server's
        // head timeout.
        try await withTaskExecutorPreference(try EventLoop()) {
            let server = try await OneLoopServer.start(seeded: true)
            defer { server.stop() }
            // Distinct documents of 20,000 fields (about 60 KB), each parsed and validated: tens of
            // milliseconds in a release build, while executing one is a single list. Pipelined, the
            // server reads them together.
            let selections = String(repeating: "id ", count: 20_000)
            let count = 4
            let heavy = (0..<count).map { "{ posts: listPosts { items { \(selections)} } request\($0): __typename }" }
            var heavyReader = HTTPResponseReader(stream: server.heavy)
            // Once the first is answered the loop is on the second document; were it validated
            // on the loop, the mutation would wait for every document before it was read.
            let replies = try await Self.pipelined(heavy.map { Self.post($0) }, on: server, reader: &heavyReader)
            #expect(Self.postIDs(replies[0]) == ["p1"])
            #expect(Self.postIDs(replies[count - 1]) == ["light", "p1"], "the mutation waited for every long document")
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func aMutationOnAnotherConnectionRunsWhileLongFilteredPagesAreRead() async throws {
        // The client runs on a loop of its own: on the cooperative pool, which the parallel
        // suite keeps busy, a write that waits for room could be held back past the server's
        // head timeout.
        try await withTaskExecutorPreference(try EventLoop()) {
            let server = try await OneLoopServer.start(seeded: false)
            defer { server.stop() }
            var heavyReader = HTTPResponseReader(stream: server.heavy)
            // 600 posts, pipelined 50 at a time: written all at once while no answer is read, the
            // creates once waited in the client past the server's head timeout under the parallel
            // suite's load.
            for batch in 0..<12 {
                let creates = (0..<50).map { index in
                    let id = 1000 + batch * 50 + index
                    return Self.post(#"mutation { createPost(input: {id: "p\#(id)", title: "T"}) { id } }"#)
                }
                try await server.heavy.write(Array(creates.joined()))
                for _ in 0..<50 { _ = try await Self.reply(from: &heavyReader) }
            }

            // One resolver each, but every post read is tested against a filter of 299 operators
            // (DynamoDB's most is 300); the document is short and the same each time, so it is
            // parsed once, on the loop.
            let anyOf: [JSON] = (0..<149).map { ["title": ["contains": .string("zz\($0)")]] } + [["title": ["eq": "L"]]]
            let heavy = Self.post(
                "query Q($filter: ModelPostFilterInput) { posts: listPosts(limit: 1000, filter: $filter) { items { id } } }",
                variables: ["filter": ["or": .array(anyOf)]])
            let count = 8
            // Once the first is answered the loop is reading the second page; were the filter
            // tested without turns, the mutation would wait for every page.
            let replies = try await Self.pipelined(
                [[UInt8]](repeating: heavy, count: count), on: server, reader: &heavyReader)
            #expect(Self.postIDs(replies[0]).isEmpty)
            #expect(Self.postIDs(replies[count - 1]) == ["light"], "the mutation waited for every filtered page")
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func aMutationOnAnotherConnectionRunsWhileALongBodyIsRead() async throws {
        let server = try await OneLoopServer.start(seeded: true)
        defer { server.stop() }
        let heavyConnection = server.heavy
        // About 90 KB of variables: a filter of 3,500 conditions to read and coerce before the
        // request runs (then refused, past DynamoDB's 300 operators), and the posts as they are
        // when it runs. After a short request, so that its answer says the long one has begun,
        // and together small enough for the kernel to take at once: the server reads the long
        // body without waiting for the network.
        let conditions = (0..<3_500).map { _ in JSON.object(["title": ["eq": "x"]]) }
        let long = Self.post(
            "query Q($filter: ModelPostFilterInput) { posts: listPosts { items { id } } "
                + "filtered: listPosts(filter: $filter) { items { id } } }",
            variables: ["filter": ["or": .array(conditions)]])
        #expect(long.count > HTTPRouter.offLoopBodyLength)
        // The client runs on a loop of its own: on the cooperative pool, which the parallel suite
        // keeps busy, it could be held back for longer than the long request takes.
        let reply = try await withTaskExecutorPreference(try EventLoop()) {
            try await heavyConnection.write(Self.post("{ __typename }") + long)
            var heavyReader = HTTPResponseReader(stream: heavyConnection)
            _ = try await Self.reply(from: &heavyReader)
            // Were the long body read on the loop, the mutation would wait for the whole request.
            try await Self.createLightPost(on: server)
            return try await Self.reply(from: &heavyReader)
        }
        #expect(reply["errors"]?[0]?["message"]?.stringValue?.contains("too many operators") == true)
        #expect(Self.postIDs(reply) == ["light", "p1"], "the mutation waited for the long body")
    }

    /// A server of one event loop, seeded with blog b1 and its post p1 when `seeded`, and a
    /// connection to it for the heavy requests; the light mutation gets its own when it is sent.
    private struct OneLoopServer {
        let harness: ServerHarness
        let heavy: TCPConnection
        let port: Int

        static func start(seeded: Bool) async throws -> OneLoopServer {
            var configuration = LocalServer.Configuration(apiKeys: [.init("da2-test")])
            configuration.threads = 1
            let harness = try await ServerHarness.start(configuration: configuration)
            if seeded { try await RequestLimitTests.seedBlogWithPost(harness) }
            let port = try #require(harness.server.graphQLEndpoint.port)
            return OneLoopServer(
                harness: harness, heavy: try await TCPConnection.connect(host: "127.0.0.1", port: port), port: port)
        }

        func stop() {
            heavy.closeNow()
            Task { [harness] in await harness.stop() }
        }
    }

    /// Writes `requests` pipelined on the heavy connection and, once the first is answered,
    /// creates post "light" on the other; then reads the rest. The replies, each checked for
    /// errors, in order.
    private static func pipelined(
        _ requests: [[UInt8]], on server: OneLoopServer, reader: inout HTTPResponseReader
    ) async throws -> [JSON] {
        try await server.heavy.write(Array(requests.joined()))
        var replies = [try await reply(from: &reader)]
        try await createLightPost(on: server)
        for _ in 1..<requests.count { replies.append(try await reply(from: &reader)) }
        for reply in replies { #expect(reply["errors"] == nil, "\(reply.text.prefix(300))") }
        return replies
    }

    /// Creates post "light" over a connection of its own, checking that it was. Opened only now:
    /// one opened with the heavy connection waits for its first request as long as the first heavy
    /// answer takes, which under the parallel suite's load has passed the server's 10 s head
    /// timeout. Accepting it is work for the loop as well, so it too must not wait for the heavy
    /// requests.
    private static func createLightPost(on server: OneLoopServer) async throws {
        let connection = try await TCPConnection.connect(host: "127.0.0.1", port: server.port)
        defer { connection.closeNow() }
        try await connection.write(Self.post(#"mutation { createPost(input: {id: "light", title: "L"}) { id } }"#))
        var reader = HTTPResponseReader(stream: connection)
        let created = try await Self.reply(from: &reader)
        #expect(created["data"]?["createPost"]?["id"] == "light", "\(created.text)")
    }

    /// The ids of the posts a reply lists under `posts`, sorted.
    private static func postIDs(_ reply: JSON) -> [String] {
        (reply["data"]?["posts"]?["items"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }.sorted()
    }

    private static func post(_ query: String, variables: JSONObject = JSONObject()) -> [UInt8] {
        let body = Array(JSON.object(["query": .string(query), "variables": .object(variables)]).text.utf8)
        let head =
            "POST /graphql HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nx-api-key: da2-test\r\n"
            + "Content-Length: \(body.count)\r\n\r\n"
        return Array(head.utf8) + body
    }

    private static func reply(from reader: inout HTTPResponseReader) async throws -> JSON {
        let response = try await reader.readResponse(method: "POST", maximumHeadSize: 16_384, maximumBodySize: 8 << 20)
        #expect(response.status == 200)
        return try JSONReader.read(response.body)
    }
}
