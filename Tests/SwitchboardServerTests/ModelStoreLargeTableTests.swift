import Testing

@testable import SwitchboardServer

/// Both stores over tables larger than one chunk of the in-memory store's ordered entries:
/// pages in both directions, by partition, after updates and deletes that move entries.
@Suite struct ModelStoreLargeTableTests {
    @Test(arguments: ModelStoreTests.Kind.allCases) func pagesWalkLargeTablesInKeyOrder(
        _ kind: ModelStoreTests.Kind
    ) async throws {
        let store = try ModelStoreTests.makeStore(kind, layouts: try ModelStoreTests.layouts())
        // Inserted out of order; ratings spread over two categories.
        let ids = (0..<2_000).map { ($0 * 7_919) % 2_000 }.map { String(format: "p%04d", $0) }
        for (index, id) in ids.enumerated() {
            let item = ModelStoreTests.post(id, rating: index % 50, category: index % 2 == 0 ? "even" : "odd")
            try await ModelStoreTests.put(store, "Post", item, key: ItemKey(partition: .string(id)))
        }
        // Every third item is deleted and every fifth moves to another rating.
        for (index, id) in ids.enumerated() where index % 3 == 0 {
            _ = try await store.write(in: "Post", key: ItemKey(partition: .string(id))) { _ in .delete }
        }
        var expectedIndex: [String: [(rating: Int, id: String)]] = [:]
        for (index, id) in ids.enumerated() where index % 3 != 0 {
            let rating = index % 5 == 0 ? 100 + index % 7 : index % 50
            let category = index % 2 == 0 ? "even" : "odd"
            if index % 5 == 0 {
                try await ModelStoreTests.put(
                    store, "Post", ModelStoreTests.post(id, rating: rating, category: category),
                    key: ItemKey(partition: .string(id)))
            }
            expectedIndex[category, default: []].append((rating, id))
        }
        let expectedIDs = ids.enumerated().filter { $0.offset % 3 != 0 }.map(\.element).sorted()

        #expect(try await ModelStoreTests.scanIDs(store, limit: 97) == expectedIDs)

        for category in ["even", "odd"] {
            let expected = (expectedIndex[category] ?? []).sorted { ($0.rating, $0.id) < ($1.rating, $1.id) }.map(\.id)
            for ascending in [true, false] {
                var pages: [String] = []
                var cursor: [JSON]?
                repeat {
                    let page = try await store.query(
                        KeyQuery(
                            table: "Post", index: "byCategory", partition: .string(category), ascending: ascending,
                            after: cursor, limit: 150))
                    pages += ModelStoreTests.ids(page)
                    cursor = page.cursor
                } while cursor != nil
                #expect(pages == (ascending ? expected : expected.reversed()), "\(category), ascending \(ascending)")
            }
        }
    }
}
