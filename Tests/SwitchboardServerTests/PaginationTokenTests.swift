import Foundation
import SwitchboardSigV4
import Testing

@testable import SwitchboardServer

/// `nextToken`s over HTTP: opaque (encrypted, nothing of the read readable in them), refused when
/// any byte changes or when used on another read, and still valid after a restart.
@Suite struct PaginationTokenTests {
    static let list = ListResolverTests.list
    static let byCategory = """
        query Q($category: String!, $t: String) {
          postsByCategory(category: $category, limit: 1, nextToken: $t) { items { id } nextToken }
        }
        """

    /// The bytes a token carries.
    static func decoded(_ token: String) throws -> [UInt8] {
        try #require(Data(base64Encoded: token).map(Array.init))
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard needle.count <= bytes.count else { return false }
        return (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<($0 + needle.count)]) == needle }
    }

    static func expectRefused(_ body: JSON, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            body["errors"]?[0]?["errorType"] == "DynamoDB:UserIllegalArgumentException", sourceLocation: sourceLocation)
        #expect(
            body["errors"]?[0]?["message"]?.stringValue?.hasSuffix(
                "InvalidPaginationTokenException: Invalid pagination token given.") == true,
            "\(body.text)", sourceLocation: sourceLocation)
    }

    @Test func tokensRevealNeitherTheTableNorTheIndexNorTheKeyValues() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        try await ListResolverTests.seedPosts(harness, count: 3, category: { _ in "sensitive-category" })
        let listed = try await harness.data(Self.list, variables: ["limit": 1])
        let listToken = try #require(listed["nextToken"]?.stringValue)
        let queried = try await harness.data(Self.byCategory, variables: ["category": "sensitive-category"])
        let indexToken = try #require(queried["nextToken"]?.stringValue)
        for token in [listToken, indexToken] {
            let bytes = try Self.decoded(token)
            for text in ["Post", "byCategory", "sensitive-category", "p000", "\"k\""] {
                #expect(!Self.contains(bytes, text), "the token shows \(text)")
            }
            #expect(bytes.first != UInt8(ascii: "{") && (try? JSONReader.read(bytes)) == nil)
        }
        // A fresh nonce per token: the same position never gives the same token twice.
        let again = try await harness.data(Self.list, variables: ["limit": 1])
        #expect(again["nextToken"]?.stringValue != listToken)
        let resumed = try await harness.data(Self.list, variables: ["limit": 1, "nextToken": .string(listToken)])
        #expect(resumed["items"]?[0]?["id"] == "p001")
    }

    @Test func changingAnyByteOfATokenIsRefused() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        try await ListResolverTests.seedPosts(harness, count: 3)
        let page = try await harness.data(Self.list, variables: ["limit": 1])
        let bytes = try Self.decoded(try #require(page["nextToken"]?.stringValue))
        var forgeries: [[UInt8]] = [Array(bytes.dropLast()), Array(bytes.dropFirst()), bytes + [0]]
        for index in bytes.indices {
            var forged = bytes
            forged[index] ^= 0x01
            forgeries.append(forged)
        }
        for forged in forgeries {
            let token = Data(forged).base64EncodedString()
            let (_, body) = try await harness.post(Self.list, variables: ["nextToken": .string(token)])
            #expect(body["data"] == ["listPosts": nil])
            Self.expectRefused(body)
        }
    }

    @Test func aTokenOfOneReadDoesNotResumeAnother() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        try await ListResolverTests.seedPosts(harness, count: 4, category: { $0 % 2 == 0 ? "news" : "tech" })
        _ = try await harness.data(
            "mutation { createLabel(input: {id: \"l1\", name: \"a\"}) { id } createLabel2: createLabel(input: {id: \"l2\", name: \"b\"}) { id } }"
        )
        let news = try await harness.data(Self.byCategory, variables: ["category": "news"])
        let newsToken = try #require(news["nextToken"]?.stringValue)
        let listed = try await harness.data(Self.list, variables: ["limit": 1])
        let listToken = try #require(listed["nextToken"]?.stringValue)
        // Another partition of the same index.
        let (_, otherPartition) = try await harness.post(
            Self.byCategory, variables: ["category": "tech", "t": .string(newsToken)])
        Self.expectRefused(otherPartition)
        // The table's token on the index, and the index's on the table.
        let (_, onIndex) = try await harness.post(
            Self.byCategory, variables: ["category": "news", "t": .string(listToken)])
        Self.expectRefused(onIndex)
        let (_, onTable) = try await harness.post(Self.list, variables: ["nextToken": .string(newsToken)])
        Self.expectRefused(onTable)
        // Another table.
        let (_, otherTable) = try await harness.post(
            "query Q($t: String) { listLabels(nextToken: $t) { items { id } } }", variables: ["t": .string(listToken)])
        Self.expectRefused(otherTable)
        // The right read still resumes.
        let resumed = try await harness.data(Self.byCategory, variables: ["category": "news", "t": .string(newsToken)])
        #expect(resumed["items"]?.arrayValue?.count == 1)
    }

    @Test func tokensOfAnotherSecretOrOfTheReadableFormatAreRefused() throws {
        let secret = (0..<32).map { UInt8($0) }
        let tokens = PaginationToken(secret: secret)
        let scope = PaginationToken.Scope(table: "Post", index: nil, partition: nil)
        let token = tokens.encode(["p1"], scope: scope)
        #expect(try tokens.decode(token, scope: scope) == ["p1"])
        #expect(throws: ExecutionError.self) {
            try PaginationToken(secret: secret.reversed()).decode(token, scope: scope)
        }
        // The format before encryption: the JSON payload followed by HMAC(secret, payload).
        let payload = Array(#"{"v":1,"t":"Post","i":null,"p":null,"k":["p1"]}"#.utf8)
        let signed = payload + HMACSHA256.authenticationCode(for: payload, key: secret).bytes
        #expect(throws: ExecutionError.self) {
            try tokens.decode(Data(signed).base64EncodedString(), scope: scope)
        }
    }

    /// What the execution fuzz target compares tokens by: two tokens of the same page differ, but
    /// open to the same scope and cursor; another secret's token does not open.
    @Test func tokensOfTheSamePageOpenToTheSamePayload() throws {
        let secret = (0..<32).map { UInt8($0) }
        let tokens = PaginationToken(secret: secret)
        let scope = PaginationToken.Scope(table: "Post", index: "byCategory", partition: "tech")
        let first = tokens.encode([3, "p2"], scope: scope)
        let second = tokens.encode([3, "p2"], scope: scope)
        #expect(first != second)
        #expect(try tokens.payload(of: first) == tokens.payload(of: second))
        #expect(try tokens.payload(of: first) == ["t": "Post", "i": "byCategory", "p": "tech", "k": [3, "p2"]])
        #expect(try tokens.payload(of: tokens.encode([4, "p3"], scope: scope)) != tokens.payload(of: first))
        #expect(throws: ExecutionError.self) { try PaginationToken(secret: secret.reversed()).payload(of: first) }
        #expect(throws: ExecutionError.self) { try tokens.payload(of: "not a token") }
    }

    @Test func tokensResumeAfterARestartOnTheSameDataDirectory() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sb-token-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = LocalServer.Configuration(storage: .directory(directory), apiKeys: [.init("da2-test")])
        let first = try await ServerHarness.start(configuration: configuration)
        try await ListResolverTests.seedPosts(first, count: 3)
        let page = try await first.data(Self.list, variables: ["limit": 1])
        let token = try #require(page["nextToken"]?.stringValue)
        await first.stop()
        let second = try await ServerHarness.start(configuration: configuration)
        defer { Task { await second.stop() } }
        let resumed = try await second.data(Self.list, variables: ["limit": 1, "nextToken": .string(token)])
        #expect(resumed["items"]?[0]?["id"] == "p001")
    }
}
