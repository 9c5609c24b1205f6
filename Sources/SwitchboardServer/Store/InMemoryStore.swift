/// A ``ModelStore`` in memory: each table's items by key, and for the table and each index a
/// sorted list of entries, so reads walk key order as DynamoDB does. For tests and
/// `switchboard serve --in-memory`; everything is gone when the process ends.
actor InMemoryStore: ModelStore {
    private struct Entry {
        var cursor: [JSON]
        var key: ItemKey
    }

    private struct Table {
        let layout: TableLayout
        var items: [ItemKey: JSONObject] = [:]
        /// Entries in cursor order: `""` for the table itself, else the index name.
        var orders: [String: [Entry]] = [:]
    }

    private var tables: [String: Table]
    private let secret: [UInt8]

    /// A store for the tables `layouts` describe, with a random pagination secret.
    init(layouts: [TableLayout]) {
        var tables: [String: Table] = [:]
        for layout in layouts { tables[layout.name] = Table(layout: layout) }
        self.tables = tables
        var generator = SystemRandomNumberGenerator()
        secret = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    func paginationSecret() async throws -> [UInt8] { secret }

    func item(in table: String, key: ItemKey) async throws -> JSONObject? {
        guard let table = tables[table] else { throw StoreError("unknown table \(table)") }
        return table.items[key]
    }

    func query(_ query: KeyQuery) async throws -> QueryPage {
        guard let table = tables[query.table], let schema = table.layout.keySchema(index: query.index) else {
            throw StoreError("unknown table or index \(query.table).\(query.index ?? "")")
        }
        let entries = table.orders[query.index ?? ""] ?? []
        var low = 0
        var high = entries.count
        if let partition = query.partition {
            low = Self.firstIndex(in: entries, low, high) { KeyOrder.compareCursors([$0.cursor[0]], [partition]) >= 0 }
            high = Self.firstIndex(in: entries, low, high) { KeyOrder.compareCursors([$0.cursor[0]], [partition]) > 0 }
        }
        if let after = query.after {
            if query.ascending {
                low = Self.firstIndex(in: entries, low, high) { KeyOrder.compareCursors($0.cursor, after) > 0 }
            } else {
                high = Self.firstIndex(in: entries, low, high) { KeyOrder.compareCursors($0.cursor, after) >= 0 }
            }
        }
        var items: [JSONObject] = []
        var bytes = 0
        var last: [JSON]?
        let positions = query.ascending ? Array(low..<high) : Array((low..<high).reversed())
        for position in positions {
            let entry = entries[position]
            if let condition = query.sortCondition {
                guard schema.hasSort, entry.cursor.count > 1, condition.matches(entry.cursor[1]) else { continue }
            }
            guard let item = table.items[entry.key] else { continue }
            items.append(item)
            bytes += item.approximateSize
            last = entry.cursor
            if items.count >= query.limit || bytes >= query.maximumBytes {
                return QueryPage(items: items, cursor: last)
            }
        }
        return QueryPage(items: items, cursor: nil)
    }

    func write(
        in tableName: String, key: ItemKey, _ change: @Sendable (JSONObject?) throws -> ItemChange
    ) async throws -> WriteResult {
        // Taken out of `tables` while it changes, so that the table is not shared and changing it
        // does not copy every item and entry (it did: writes slowed down as the table grew).
        guard var table = tables.removeValue(forKey: tableName) else {
            throw StoreError("unknown table \(tableName)")
        }
        defer { tables[tableName] = table }
        let old = table.items[key]
        let decision = try change(old)
        if let old { Self.removeEntries(of: old, key: key, from: &table) }
        switch decision {
        case .put(let item):
            guard table.layout.primaryKey.key(of: item) == key else {
                throw StoreError("the item written to \(tableName) does not have the key it was written at")
            }
            table.items[key] = item
            Self.insertEntries(of: item, key: key, into: &table)
            return WriteResult(old: old, new: item)
        case .delete:
            table.items[key] = nil
            return WriteResult(old: old, new: nil)
        }
    }

    func close() async {}

    // MARK: Sorted entries

    private static func orderNames(_ layout: TableLayout) -> [String?] {
        [nil] + layout.indexes.map(\.name)
    }

    private static func insertEntries(of item: JSONObject, key: ItemKey, into table: inout Table) {
        for index in orderNames(table.layout) {
            guard let schema = table.layout.keySchema(index: index), schema.key(of: item) != nil else { continue }
            let cursor = table.layout.cursor(of: item, index: index)
            let name = index ?? ""
            let position =
                table.orders[name].map { entries in
                    firstIndex(in: entries, 0, entries.count) { KeyOrder.compareCursors($0.cursor, cursor) > 0 }
                } ?? 0
            table.orders[name, default: []].insert(Entry(cursor: cursor, key: key), at: position)
        }
    }

    private static func removeEntries(of item: JSONObject, key: ItemKey, from table: inout Table) {
        for index in orderNames(table.layout) {
            let name = index ?? ""
            let cursor = table.layout.cursor(of: item, index: index)
            // Found on a read that ends before the write, so the array is not copied.
            guard
                let position = table.orders[name].map({ entries -> Int? in
                    let position = firstIndex(in: entries, 0, entries.count) {
                        KeyOrder.compareCursors($0.cursor, cursor) >= 0
                    }
                    return position < entries.count && entries[position].key == key ? position : nil
                })
            else { continue }
            if let position {
                table.orders[name]!.remove(at: position)
            } else {
                table.orders[name]!.removeAll { $0.key == key }
            }
        }
    }

    /// The first position in `low..<high` whose entry satisfies `predicate` (which must be false
    /// then true along the range).
    private static func firstIndex(in entries: [Entry], _ low: Int, _ high: Int, _ predicate: (Entry) -> Bool) -> Int {
        var low = low
        var high = high
        while low < high {
            let middle = (low + high) / 2
            if predicate(entries[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
