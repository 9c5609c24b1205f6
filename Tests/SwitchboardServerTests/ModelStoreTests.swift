import Foundation
import ModelTransform
import Testing

@testable import SwitchboardServer

/// Both stores behave alike: key order, partitions, sort key conditions, sparse indexes, paging
/// cursors, the 1 MB page and transactional writes.
@Suite struct ModelStoreTests {
    static let schema = """
        type Post @model {
          id: ID!
          title: String!
          rating: Int
          category: String @index(name: "byCategory", sortKeyFields: ["rating"])
          tags: [String]
        }
        type Track @model {
          album: String! @primaryKey(sortKeyFields: ["disc", "number"])
          disc: Int!
          number: Int!
          title: String
        }
        """

    /// `sqliteFile` is a database file (WAL journaling, unlike `:memory:`).
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case memory, sqlite, sqliteFile
        var testDescription: String { rawValue }
    }

    static func layouts(_ sdl: String = schema) throws -> [TableLayout] {
        try ModelTransformer.transform(sdl).catalog.models.map(TableLayout.init(model:))
    }

    static func makeStore(_ kind: Kind, layouts: [TableLayout]) throws -> any ModelStore {
        switch kind {
        case .memory: return InMemoryStore(layouts: layouts)
        case .sqlite: return try SQLiteStore(path: ":memory:", layouts: layouts)
        case .sqliteFile:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "sb-store-\(UUID().uuidString)")
            return try SQLiteStore.open(directory: directory, layouts: layouts)
        }
    }

    static func put(_ store: any ModelStore, _ table: String, _ item: JSONObject, key: ItemKey) async throws {
        _ = try await store.write(in: table, key: key) { _ in .put(item) }
    }

    static func post(_ id: String, rating: Int?, category: String?) -> JSONObject {
        var item: JSONObject = ["id": .string(id), "title": .string("Post \(id)"), "tags": ["a", "b"]]
        if let rating { item["rating"] = .int(rating) }
        if let category { item["category"] = .string(category) }
        return item
    }

    static func seedPosts(_ store: any ModelStore) async throws {
        for (id, rating, category) in [
            ("p3", 5, "news"), ("p1", 3, "news"), ("p2", 9, "tech"), ("p5", 3, "news"), ("p4", nil, "news"),
            ("p6", 1, nil),
        ] as [(String, Int?, String?)] {
            try await put(
                store, "Post", post(id, rating: rating, category: category), key: ItemKey(partition: .string(id)))
        }
    }

    static func ids(_ page: QueryPage) -> [String] { page.items.compactMap { $0["id"]?.stringValue } }

    /// The ids of a whole scan of `table`, page by page of `limit` items, following the cursors.
    static func scanIDs(_ store: any ModelStore, table: String = "Post", limit: Int) async throws -> [String] {
        var seen: [String] = []
        var after: [JSON]?
        repeat {
            let page = try await store.query(KeyQuery(table: table, after: after, limit: limit))
            seen += ids(page)
            after = page.cursor
        } while after != nil
        return seen
    }

    @Test(arguments: Kind.allCases) func writesReadsAndDeletes(_ kind: Kind) async throws {
        let store = try Self.makeStore(kind, layouts: Self.layouts())
        let key = ItemKey(partition: "p1")
        try await Self.put(store, "Post", Self.post("p1", rating: 4, category: "news"), key: key)
        let item = try await store.item(in: "Post", key: key)
        #expect(item?["rating"] == .int(4) && item?["tags"] == ["a", "b"] && item?["title"] == "Post p1")
        struct Refused: Error {}
        await #expect(throws: Refused.self) { _ = try await store.write(in: "Post", key: key) { _ in throw Refused() } }
        #expect(try await store.item(in: "Post", key: key)?["rating"] == .int(4))
        let deleted = try await store.write(in: "Post", key: key) { _ in .delete }
        #expect(deleted.old?["id"] == "p1" && deleted.new == nil)
        #expect(try await store.item(in: "Post", key: key) == nil)
    }

    /// Requests on every loop thread read and write at once: no write is lost, and every read
    /// sees a table in key order, each item whole.
    @Test(arguments: Kind.allCases) func concurrentReadsAndWritesStayConsistent(_ kind: Kind) async throws {
        let store = try Self.makeStore(kind, layouts: Self.layouts())
        let problems = try await withThrowingTaskGroup(of: Int.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for number in 0..<100 {
                        let id = "w\(writer)-\(String(number + 1000))"
                        try await Self.put(
                            store, "Post", Self.post(id, rating: number, category: "c"),
                            key: ItemKey(partition: .string(id)))
                    }
                    return 0
                }
            }
            for _ in 0..<4 {
                group.addTask {
                    var problems = 0
                    for _ in 0..<50 {
                        let ids = try await store.query(KeyQuery(table: "Post", limit: 1_000)).items.compactMap {
                            $0["id"]?.stringValue
                        }
                        if ids != ids.sorted() { problems += 1 }
                        if let id = ids.last,
                            try await store.item(in: "Post", key: ItemKey(partition: .string(id)))?["title"]
                                != .string("Post \(id)")
                        {
                            problems += 1
                        }
                    }
                    return problems
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(problems == 0)
        #expect(try await store.query(KeyQuery(table: "Post", limit: 1_000)).items.count == 400)
        await store.close()
    }

    @Test(arguments: Kind.allCases) func scansPageInKeyOrderWithCursors(_ kind: Kind) async throws {
        let store = try Self.makeStore(kind, layouts: Self.layouts())
        try await Self.seedPosts(store)
        let seen = try await Self.scanIDs(store, limit: 4)
        #expect(seen == ["p1", "p2", "p3", "p4", "p5", "p6"])
        // A page that fills up carries a cursor even when nothing follows (DynamoDB's LastEvaluatedKey).
        let exact = try await store.query(KeyQuery(table: "Post", after: ["p2"], limit: 4))
        #expect(Self.ids(exact) == ["p3", "p4", "p5", "p6"] && exact.cursor == ["p6"])
        let last = try await store.query(KeyQuery(table: "Post", after: ["p6"], limit: 4))
        #expect(last.items.isEmpty && last.cursor == nil)
    }

    @Test(arguments: Kind.allCases) func indexReadsOnePartitionInSortKeyOrder(_ kind: Kind) async throws {
        let store = try Self.makeStore(kind, layouts: Self.layouts())
        try await Self.seedPosts(store)
        let news = try await store.query(KeyQuery(table: "Post", index: "byCategory", partition: "news", limit: 10))
        // p4 has no rating, so it is not in the index (DynamoDB's indexes are sparse); ties keep primary key order.
        #expect(Self.ids(news) == ["p1", "p5", "p3"])
        let descending = try await store.query(
            KeyQuery(table: "Post", index: "byCategory", partition: "news", ascending: false, limit: 2))
        #expect(Self.ids(descending) == ["p3", "p5"])
        let rest = try await store.query(
            KeyQuery(
                table: "Post", index: "byCategory", partition: "news", ascending: false, after: descending.cursor,
                limit: 2))
        #expect(Self.ids(rest) == ["p1"] && rest.cursor == nil)
        let conditions: [(SortKeyCondition, [String])] = [
            (.eq(3), ["p1", "p5"]), (.lt(5), ["p1", "p5"]), (.le(5), ["p1", "p5", "p3"]), (.gt(3), ["p3"]),
            (.ge(3), ["p1", "p5", "p3"]), (.between(4, 9), ["p3"]), (.eq("3"), []),
        ]
        for (condition, expected) in conditions {
            let page = try await store.query(
                KeyQuery(table: "Post", index: "byCategory", partition: "news", sortCondition: condition, limit: 10))
            #expect(Self.ids(page) == expected, "\(condition)")
        }
    }

    @Test(arguments: Kind.allCases) func compositeSortKeysAreJoinedStrings(_ kind: Kind) async throws {
        let store = try Self.makeStore(kind, layouts: Self.layouts())
        for (disc, number) in [(1, 2), (1, 10), (2, 1), (1, 1)] {
            let item: JSONObject = [
                "album": "a", "disc": .int(disc), "number": .int(number), "title": .string("\(disc)-\(number)"),
            ]
            try await Self.put(store, "Track", item, key: ItemKey(partition: "a", sort: .string("\(disc)#\(number)")))
        }
        let all = try await store.query(KeyQuery(table: "Track", partition: "a", limit: 10))
        // "1#10" sorts before "1#2": the joined key is a string, as in DynamoDB.
        #expect(all.items.compactMap { $0["title"]?.stringValue } == ["1-1", "1-10", "1-2", "2-1"])
        let disc1 = try await store.query(
            KeyQuery(table: "Track", partition: "a", sortCondition: .beginsWith("1#"), limit: 10))
        #expect(disc1.items.count == 3)
        let exact = try await store.item(in: "Track", key: ItemKey(partition: "a", sort: "2#1"))
        #expect(exact?["title"] == "2-1")
    }

    @Test(arguments: Kind.allCases) func pagesStopAfterAboutOneMegabyte(_ kind: Kind) async throws {
        let store = try Self.makeStore(kind, layouts: Self.layouts())
        let big = String(repeating: "x", count: 300_000)
        for index in 0..<5 {
            var item = Self.post("p\(index)", rating: index, category: "c")
            item["title"] = .string(big)
            try await Self.put(store, "Post", item, key: ItemKey(partition: .string("p\(index)")))
        }
        let page = try await store.query(KeyQuery(table: "Post", limit: 100))
        #expect(page.items.count == 4 && page.cursor == ["p3"])
    }

    @Test func sqliteKeepsItemsSecretAndMigratesAddedFieldsAndIndexes() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sb-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try SQLiteStore.open(directory: directory, layouts: Self.layouts())
        try await Self.seedPosts(first)
        let secret = try await first.paginationSecret()
        await first.close()

        let grown = Self.schema.replacingOccurrences(
            of: "tags: [String]",
            with: "tags: [String]\n  author: String @index(name: \"byAuthor\", sortKeyFields: [\"rating\", \"title\"])")
        let second = try SQLiteStore.open(directory: directory, layouts: Self.layouts(grown))
        #expect(try await second.paginationSecret() == secret)
        #expect(try await second.item(in: "Post", key: ItemKey(partition: "p2"))?["rating"] == .int(9))
        var item = Self.post("p7", rating: 2, category: "news")
        item["author"] = "ann"
        try await Self.put(second, "Post", item, key: ItemKey(partition: "p7"))
        let byAuthor = try await second.query(
            KeyQuery(table: "Post", index: "byAuthor", partition: "ann", sortCondition: .beginsWith("2#"), limit: 10))
        #expect(Self.ids(byAuthor) == ["p7"])
        let news = try await second.query(KeyQuery(table: "Post", index: "byCategory", partition: "news", limit: 10))
        #expect(Self.ids(news) == ["p7", "p1", "p5", "p3"])

        let rekeyed = Self.schema.replacingOccurrences(
            of: "id: ID!\n  title: String!", with: "id: ID!\n  title: String! @primaryKey")
        #expect(throws: StoreError.self) {
            _ = try SQLiteStore.open(directory: directory, layouts: Self.layouts(rekeyed))
        }
    }
}
