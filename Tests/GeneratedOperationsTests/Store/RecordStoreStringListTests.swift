import Foundation
import Switchboard
import SwitchboardAPI
import SwitchboardSQLitePersistence
import Testing

/// Lists of strings, which the store keeps as the strings themselves, read back in every shape a
/// response could be decoded into; and reads marking records as recently used.
@Suite struct RecordStoreStringListTests {
    enum Label: String, Decodable, Sendable { case red, green }

    struct Labelled: Decodable, Sendable, Equatable {
        let id: String
        let tags: [String]
        let labels: [Label]
        let optionalTags: [String?]?
        let mixed: JSONValue
        let empty: [String]
    }

    struct LabelledQuery: GraphQLQuery {
        static let operationName = "Labelled"
        static let document = "query Labelled { item { __typename id tags labels optionalTags mixed empty } }"
        struct Data: Decodable, Sendable, Equatable { let item: Labelled }
    }

    struct LabelledJSONQuery: GraphQLQuery {
        static let operationName = "Labelled"
        static let document = LabelledQuery.document
        typealias Data = JSONValue
    }

    static func item(
        tags: JSONValue = ["swift", "graphql \"quoted\" \u{1F600}"], labels: JSONValue = ["red", "green"]
    )
        -> JSONValue
    {
        [
            "item": [
                "__typename": "Item", "id": "i1", "tags": tags, "labels": labels,
                "optionalTags": ["a", nil], "mixed": ["a", 1, true], "empty": [],
            ]
        ]
    }

    @Test func stringListsReadBackAsEveryShapeTheResponseDecodesInto() async throws {
        let store = RecordStore()
        try await store.write(data: Self.item(), for: LabelledQuery())
        let read = try await store.read(operation: LabelledQuery())
        #expect(read == (try Self.item().decode(as: LabelledQuery.Data.self)))
        #expect(read.item.tags == ["swift", "graphql \"quoted\" \u{1F600}"])
        #expect(read.item.labels == [.red, .green])
        #expect(read.item.optionalTags == ["a", nil])
        #expect(read.item.empty == [])
        #expect(try await store.read(operation: LabelledJSONQuery()) == Self.item())
        // Users see the list as they always did: a list of string scalars.
        let record = try #require(await store.record(for: "Item:i1"))
        #expect(record["tags"] == .list([.scalar("swift"), .scalar("graphql \"quoted\" \u{1F600}")]))
        #expect(record["mixed"] == .list([.scalar("a"), .scalar(1), .scalar(true)]))
    }

    @Test func aStringListThatIsNotAnEnumsValuesFailsAsTheResponseWould() async throws {
        let store = RecordStore()
        try await store.write(data: Self.item(labels: ["red", "blue"]), for: LabelledJSONQuery())
        await #expect(throws: DecodingError.self) { try await store.read(operation: LabelledQuery()) }
    }

    @Test func aListGivenByHandEqualsTheSameListFromAResponse() async throws {
        let store = RecordStore()
        try await store.write(data: Self.item(), for: LabelledQuery())
        let watcher = try await store.watch(operation: LabelledQuery())
        var iterator = watcher.makeAsyncIterator()
        _ = try await iterator.next()
        // The same strings given as a record's list, then as a response: neither is a change.
        var record = try #require(await store.record(for: "Item:i1"))
        record["tags"] = .list([.scalar("swift"), .scalar("graphql \"quoted\" \u{1F600}")])
        await store.merge([record])
        try await store.write(data: Self.item(), for: LabelledQuery())
        // A changed element is.
        try await store.write(data: Self.item(tags: ["swift", "changed"]), for: LabelledQuery())
        #expect(try await iterator.next()?.item.tags == ["swift", "changed"])
        watcher.cancel()
    }

    @Test func stringListsSurviveARelaunch() async throws {
        let path = RecordStorePersistenceTests.temporaryPath()
        defer { RecordStorePersistenceTests.removeFiles(at: path) }
        do {
            let store = try RecordStore(persistence: SQLiteRecordPersistence(path: path))
            try await store.write(data: Self.item(), for: LabelledQuery())
        }
        let relaunched = try RecordStore(persistence: SQLiteRecordPersistence(path: path))
        #expect(
            try await relaunched.read(operation: LabelledQuery())
                == (try Self.item().decode(as: LabelledQuery.Data.self)))
    }

    @Test func aRecordReadRecentlyOutlivesOlderOnesUnderTheMemoryBudget() async throws {
        var configuration = RecordStoreConfiguration()
        configuration.memoryBudget = 8_000
        let store = RecordStore(configuration: configuration)
        try await store.write(data: RecordStoreExpiryTests.human(1), for: HumanQuery(id: "1"))
        try await store.write(data: RecordStoreExpiryTests.human(2), for: HumanQuery(id: "2"))
        for id in 3...200 {
            // Reading the first human keeps it among the most recently used records.
            _ = try await store.read(operation: HumanQuery(id: "1"))
            try await store.write(data: RecordStoreExpiryTests.human(id), for: HumanQuery(id: String(id)))
        }
        #expect(await store.estimatedSize <= 8_000)
        #expect(try await store.read(operation: HumanQuery(id: "1")).human?.name == "Human 1")
        #expect(await store.record(for: #"QUERY_ROOT.human({"id":"2"})"#) == nil)
    }
}
