import Foundation
import SwitchboardNet
import Testing

@testable import SwitchboardServer

/// A request that runs thousands of resolvers shares its event loop: the loop's other connections
/// are served between its resolvers, not once it is done.
struct HeavyRequestFairnessTests {
    @Test func aMutationOnAnotherConnectionRunsWhileHeavyQueriesHoldTheOnlyLoop() async throws {
        var configuration = LocalServer.Configuration(apiKeys: [.init("da2-test")])
        configuration.threads = 1
        let harness = try await ServerHarness.start(configuration: configuration)
        defer { Task { await harness.stop() } }
        try await RequestLimitTests.seedBlogWithPost(harness)
        let port = try #require(harness.server.graphQLEndpoint.port)
        let heavyConnection = try await TCPConnection.connect(host: "127.0.0.1", port: port)
        let lightConnection = try await TCPConnection.connect(host: "127.0.0.1", port: port)
        defer {
            heavyConnection.closeNow()
            lightConnection.closeNow()
        }
        // About 8,200 resolvers each (under the limit of 10,000), then the posts as they are when
        // the last root field runs; six pipelined on one connection, which the server reads
        // together and runs one after another without waiting for the network in between.
        let heavy = RequestLimitTests.doublingFragments(levels: 11, alsoSelecting: "posts: listPosts { items { id } }")
        let count = 6
        try await heavyConnection.write(Array([[UInt8]](repeating: Self.post(heavy), count: count).joined()))
        var heavyReader = HTTPResponseReader(stream: heavyConnection)
        var replies = [try await Self.reply(from: &heavyReader)]

        // The first has been answered, so the loop is running the second: a post created now,
        // on the other connection, is there when the last one lists the posts.
        try await lightConnection.write(
            Self.post(#"mutation { createPost(input: {id: "light", title: "L"}) { id } }"#))
        var lightReader = HTTPResponseReader(stream: lightConnection)
        let created = try await Self.reply(from: &lightReader)
        #expect(created["data"]?["createPost"]?["id"] == "light", "\(created.text)")
        for _ in 1..<count { replies.append(try await Self.reply(from: &heavyReader)) }

        for reply in replies { #expect(reply["errors"] == nil, "\(reply.text.prefix(300))") }
        func postIDs(_ reply: JSON) -> [String] {
            (reply["data"]?["posts"]?["items"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }.sorted()
        }
        #expect(postIDs(replies[0]) == ["p1"])
        #expect(postIDs(replies[count - 1]) == ["light", "p1"], "the mutation waited for every heavy query")
    }

    @Test func aMutationOnAnotherConnectionRunsWhileLongDocumentsAreValidated() async throws {
        var configuration = LocalServer.Configuration(apiKeys: [.init("da2-test")])
        configuration.threads = 1
        let harness = try await ServerHarness.start(configuration: configuration)
        defer { Task { await harness.stop() } }
        try await RequestLimitTests.seedBlogWithPost(harness)
        let port = try #require(harness.server.graphQLEndpoint.port)
        let heavyConnection = try await TCPConnection.connect(host: "127.0.0.1", port: port)
        let lightConnection = try await TCPConnection.connect(host: "127.0.0.1", port: port)
        defer {
            heavyConnection.closeNow()
            lightConnection.closeNow()
        }
        // Distinct documents of 20,000 fields (about 60 KB), each parsed and validated: tens of
        // milliseconds in a release build, while executing one is a single list. Pipelined, the
        // server reads them together.
        let selections = String(repeating: "id ", count: 20_000)
        let count = 4
        let heavy = (0..<count).map { "{ posts: listPosts { items { \(selections)} } request\($0): __typename }" }
        try await heavyConnection.write(Array(heavy.map { Self.post($0) }.joined()))
        var heavyReader = HTTPResponseReader(stream: heavyConnection)
        var replies = [try await Self.reply(from: &heavyReader)]

        // The loop is on the second document now; were it validated on the loop, the mutation
        // would wait for every document before it was read.
        try await lightConnection.write(
            Self.post(#"mutation { createPost(input: {id: "light", title: "L"}) { id } }"#))
        var lightReader = HTTPResponseReader(stream: lightConnection)
        let created = try await Self.reply(from: &lightReader)
        #expect(created["data"]?["createPost"]?["id"] == "light", "\(created.text)")
        for _ in 1..<count { replies.append(try await Self.reply(from: &heavyReader)) }

        for reply in replies { #expect(reply["errors"] == nil, "\(reply.text.prefix(300))") }
        func postIDs(_ reply: JSON) -> [String] {
            (reply["data"]?["posts"]?["items"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }.sorted()
        }
        #expect(postIDs(replies[0]) == ["p1"])
        #expect(postIDs(replies[count - 1]) == ["light", "p1"], "the mutation waited for every long document")
    }

    @Test func aMutationOnAnotherConnectionRunsWhileLongFilteredPagesAreRead() async throws {
        var configuration = LocalServer.Configuration(apiKeys: [.init("da2-test")])
        configuration.threads = 1
        let harness = try await ServerHarness.start(configuration: configuration)
        defer { Task { await harness.stop() } }
        let port = try #require(harness.server.graphQLEndpoint.port)
        let heavyConnection = try await TCPConnection.connect(host: "127.0.0.1", port: port)
        let lightConnection = try await TCPConnection.connect(host: "127.0.0.1", port: port)
        defer {
            heavyConnection.closeNow()
            lightConnection.closeNow()
        }
        var heavyReader = HTTPResponseReader(stream: heavyConnection)
        let posts = 600
        let creates = (0..<posts).map { index in
            Self.post(#"mutation { createPost(input: {id: "p\#(1000 + index)", title: "T"}) { id } }"#)
        }
        try await heavyConnection.write(Array(creates.joined()))
        for _ in 0..<posts { _ = try await Self.reply(from: &heavyReader) }

        // One resolver each, but every post read is tested against a filter of 299 operators
        // (DynamoDB's most is 300); the document is short and the same each time, so it is
        // parsed once, on the loop.
        let anyOf: [JSON] = (0..<149).map { ["title": ["contains": .string("zz\($0)")]] } + [["title": ["eq": "L"]]]
        let heavy = Self.post(
            "query Q($filter: ModelPostFilterInput) { posts: listPosts(limit: 1000, filter: $filter) { items { id } } }",
            variables: ["filter": ["or": .array(anyOf)]])
        let count = 8
        try await heavyConnection.write(Array([[UInt8]](repeating: heavy, count: count).joined()))
        var replies = [try await Self.reply(from: &heavyReader)]

        // The loop is reading the second page now; were the filter tested without turns, the
        // mutation would wait for every page.
        try await lightConnection.write(
            Self.post(#"mutation { createPost(input: {id: "light", title: "L"}) { id } }"#))
        var lightReader = HTTPResponseReader(stream: lightConnection)
        let created = try await Self.reply(from: &lightReader)
        #expect(created["data"]?["createPost"]?["id"] == "light", "\(created.text)")
        for _ in 1..<count { replies.append(try await Self.reply(from: &heavyReader)) }

        for reply in replies { #expect(reply["errors"] == nil, "\(reply.text.prefix(300))") }
        func postIDs(_ reply: JSON) -> [String] {
            (reply["data"]?["posts"]?["items"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        }
        #expect(postIDs(replies[0]).isEmpty)
        #expect(postIDs(replies[count - 1]) == ["light"], "the mutation waited for every filtered page")
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
