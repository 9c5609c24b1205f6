import Foundation
import Switchboard
import SwitchboardStore
import Testing

/// Reads decoded straight from the records: custom scalars, untyped data, repeated fields, large
/// records, record sizes, and the errors of incomplete or mismatched data.
@Suite struct RecordDecoderTests {
    struct Settings: Decodable, Sendable, Equatable {
        let id: String
        let preferences: JSONValue
        let homepage: URL
        let balance: Decimal
        let tags: [String]
    }

    struct SettingsQuery: GraphQLQuery {
        static let operationName = "Settings"
        static let document = "query Settings { settings { __typename id preferences homepage balance tags } }"
        struct Data: Decodable, Sendable, Equatable { let settings: Settings }
    }

    /// The same fields, untyped.
    struct SettingsJSONQuery: GraphQLQuery {
        static let operationName = "Settings"
        static let document = SettingsQuery.document
        typealias Data = JSONValue
    }

    static func settings(tags: JSONValue = ["a", "b\"quoted\""], extra: [String: JSONValue] = [:]) -> JSONValue {
        var settings: [String: JSONValue] = [
            "__typename": "Settings", "id": "s1", "preferences": ["theme": "dark", "sizes": [1, 2.5], "beta": nil],
            "homepage": "https://example.com/a?b=1", "balance": 12.5, "tags": tags,
        ]
        settings.merge(extra) { _, new in new }
        return ["settings": .object(settings)]
    }

    static let settings = settings()

    @Test func customScalarsAndFoundationTypesReadBackAsTheResponseDecodes() async throws {
        let store = RecordStore()
        try await store.write(data: Self.settings, for: SettingsQuery())
        let read = try await store.read(operation: SettingsQuery())
        #expect(read == (try Self.settings.decode(as: SettingsQuery.Data.self)))
        #expect(read.settings.preferences["sizes"] == [1, 2.5])
        #expect(read.settings.balance == Decimal(string: "12.5"))
        #expect(read.settings.tags == ["a", "b\"quoted\""])
    }

    @Test func untypedDataReadsBackOnlyTheSelectedFields() async throws {
        let store = RecordStore()
        try await store.write(data: Self.settings(extra: ["unselected": "not stored"]), for: SettingsJSONQuery())
        #expect(try await store.read(operation: SettingsJSONQuery()) == Self.settings)
    }

    struct TwoAliasesQuery: GraphQLQuery {
        static let operationName = "TwoAliases"
        static let document = "query TwoAliases { settings { __typename id first: homepage second: homepage } }"
        struct Data: Decodable, Sendable, Equatable {
            let settings: Aliased
            struct Aliased: Decodable, Sendable, Equatable {
                let id: String
                let first: String
                let second: String
            }
        }
    }

    @Test func aliasesOfOneFieldShareItsStorage() async throws {
        let store = RecordStore()
        let data: JSONValue = [
            "settings": ["__typename": "Settings", "id": "s1", "first": "https://a", "second": "https://b"]
        ]
        try await store.write(data: data, for: TwoAliasesQuery())
        let record = try #require(await store.record(for: "Settings:s1"))
        // One storage key, the later value winning, as a server would never send two.
        #expect(record.fields.keys.sorted() == ["__typename", "homepage", "id"])
        #expect(record["homepage"] == .scalar("https://b"))
        let read = try await store.read(operation: TwoAliasesQuery())
        #expect(read.settings.first == "https://b" && read.settings.second == "https://b")
    }

    /// Forty root fields, so the root record outgrows a plain search and gets an index.
    struct ManyPostsQuery: GraphQLQuery {
        static let count = 40
        static let operationName = "ManyPosts"
        static let document =
            "query ManyPosts { "
            + (0..<count).map { #"p\#($0): getPost(id: "\#($0)") { __typename id title }"# }.joined(separator: " ")
            + " }"
        typealias Data = JSONValue
    }

    struct PostQuery: GraphQLQuery {
        static let operationName = "Post"
        static let document = #"query Post { getPost(id: "7") { __typename id title } }"#
        struct Data: Decodable, Sendable, Equatable {
            let getPost: Post?
            struct Post: Decodable, Sendable, Equatable { let title: String }
        }
    }

    @Test func aRecordWithManyFieldsIsReadUpdatedAndTrimmed() async throws {
        let store = RecordStore()
        var members: [String: JSONValue] = [:]
        for index in 0..<ManyPostsQuery.count {
            members["p\(index)"] = ["__typename": "Post", "id": .string("\(index)"), "title": .string("Post \(index)")]
        }
        try await store.write(data: .object(members), for: ManyPostsQuery())
        #expect(try await store.read(operation: ManyPostsQuery()) == .object(members))

        try await store.write(
            data: ["getPost": ["__typename": "Post", "id": "7", "title": "Edited"]], for: PostQuery())
        #expect(try await store.read(operation: ManyPostsQuery())["p7"]?["title"] == "Edited")

        // The record too: with `Post:3` still there, `getPost(id: "3")` would find it by redirect.
        await store.removeField(#"getPost({"id":"3"})"#, of: .queryRoot)
        _ = await store.removeRecord(for: "Post:3")
        await #expect(
            throws: RecordStoreError.missingField(record: .queryRoot, field: #"getPost({"id":"3"})"#, path: "p3")
        ) {
            try await store.read(operation: ManyPostsQuery())
        }
        #expect(try await store.read(operation: PostQuery()).getPost?.title == "Edited")
    }

    @Test func recordSizesCountedOnAFirstWriteMatchTheRecount() async throws {
        let store = RecordStore()
        try await store.write(data: Self.settings, for: SettingsQuery())
        let counted = await store.estimatedSize
        #expect(counted > 0)
        // A changed value makes the store count the record again from its fields.
        try await store.write(data: Self.settings(tags: ["c"]), for: SettingsQuery())
        #expect(await store.estimatedSize != counted)
        try await store.write(data: Self.settings, for: SettingsQuery())
        #expect(await store.estimatedSize == counted)
    }

    struct PartialSettingsQuery: GraphQLQuery {
        static let operationName = "PartialSettings"
        static let document = "query PartialSettings { settings { __typename id homepage } }"
        typealias Data = JSONValue
    }

    @Test func aFieldTheRecordLacksIsACacheMissNamingIt() async throws {
        let store = RecordStore()
        try await store.write(
            data: ["settings": ["__typename": "Settings", "id": "s1", "homepage": "https://a"]],
            for: PartialSettingsQuery())
        let error = await #expect(throws: RecordStoreError.self) { try await store.read(operation: SettingsQuery()) }
        #expect(error == .missingField(record: "Settings:s1", field: "preferences", path: "settings.preferences"))
        #expect(error?.isCacheMiss == true)
    }

    struct SettingsObjectQuery: GraphQLQuery {
        static let operationName = "SettingsObject"
        static let document = "query SettingsObject { settings { __typename id homepage { url } } }"
        typealias Data = JSONValue
    }

    @Test func aLeafWhereTheSelectionHasAnObjectIsACacheMiss() async throws {
        let store = RecordStore()
        try await store.write(
            data: ["settings": ["__typename": "Settings", "id": "s1", "homepage": "https://a"]],
            for: PartialSettingsQuery())
        let error = await #expect(throws: RecordStoreError.self) {
            try await store.read(operation: SettingsObjectQuery())
        }
        #expect(
            error
                == .unexpectedValue(
                    record: "Settings:s1", field: "homepage", path: "settings.homepage", found: "a leaf value"))
        #expect(error?.isCacheMiss == true)
    }

    struct MistypedQuery: GraphQLQuery {
        static let operationName = "Mistyped"
        static let document = "query Mistyped { settings { __typename id balance } }"
        struct Data: Decodable, Sendable {
            let settings: Mistyped
            struct Mistyped: Decodable, Sendable {
                let id: String
                let balance: String
                let notSelected: String?
            }
        }
    }

    struct MissingKeyQuery: GraphQLQuery {
        static let operationName = "Mistyped"
        static let document = MistypedQuery.document
        struct Data: Decodable, Sendable {
            let settings: Strict
            struct Strict: Decodable, Sendable { let notSelected: String }
        }
    }

    @Test func dataTypesThatDoNotFitTheStoredValuesFailAsTheyDoOnAResponse() async throws {
        let store = RecordStore()
        try await store.write(data: Self.settings, for: SettingsQuery())
        let mismatch = await #expect(throws: DecodingError.self) { try await store.read(operation: MistypedQuery()) }
        guard case .typeMismatch(let type, let context)? = mismatch else {
            Issue.record("expected a type mismatch, got \(String(describing: mismatch))")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(String.self))
        #expect(context.codingPath.map(\.stringValue) == ["settings", "balance"])

        let missing = await #expect(throws: DecodingError.self) { try await store.read(operation: MissingKeyQuery()) }
        guard case .keyNotFound(let key, _)? = missing else {
            Issue.record("expected a missing key, got \(String(describing: missing))")
            return
        }
        #expect(key.stringValue == "notSelected")
    }
}
