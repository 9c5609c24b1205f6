import SwitchboardCore

/// A ``ModelStore`` in memory: each table's items by key, and for the table and each index a
/// sorted list of entries (in chunks, so writes stay cheap as tables grow), so reads walk key
/// order as DynamoDB does. For tests and
/// `switchboard serve --in-memory`; everything is gone when the process ends.
///
/// The tables sit behind a reader/writer lock, not in an actor: requests on every loop thread
/// read at the same time, and a write (short, and never suspending) waits only for the reads
/// under way.
final class InMemoryStore: ModelStore {
    private struct Entry {
        var cursor: [JSON]
        /// The cursor's ``KeyOrder/head(of:)``.
        var head: UInt64?
        var key: ItemKey
        /// The item itself (shared, not copied): a page reads it without hashing its key. A
        /// write replaces every entry of the item it changes, so it is never stale.
        var item: JSONObject
        /// The item's ``JSONObject/approximateSize``, counted once when it is written rather than
        /// for every page that reads it (a page stops after about a megabyte).
        var size: Int
    }

    private struct Table {
        let layout: TableLayout
        var items: [ItemKey: JSONObject] = [:]
        /// Entries in cursor order: `""` for the table itself, else the index name.
        var orders: [String: ChunkedList<Entry>] = [:]
    }

    private let tables: ReadWriteLocked<[String: Table]>
    private let secret: [UInt8]

    /// A store for the tables `layouts` describe, with a random pagination secret.
    init(layouts: [TableLayout]) {
        var tables: [String: Table] = [:]
        for layout in layouts { tables[layout.name] = Table(layout: layout) }
        self.tables = ReadWriteLocked(tables)
        secret = SecureRandom.bytes(32)
    }

    func paginationSecret() async throws -> [UInt8] { secret }

    func item(in table: String, key: ItemKey) async throws -> JSONObject? {
        try tables.withReadLock { tables throws(StoreError) in
            guard let found = tables[table] else { throw StoreError("unknown table \(table)") }
            return found.items[key]
        }
    }

    func query(_ query: KeyQuery) async throws -> QueryPage {
        try tables.withReadLock { tables throws(StoreError) in try Self.query(query, in: tables) }
    }

    private static func query(_ query: KeyQuery, in tables: borrowing [String: Table]) throws(StoreError) -> QueryPage {
        guard let table = tables[query.table], let schema = table.layout.keySchema(index: query.index) else {
            throw StoreError("unknown table or index \(query.table).\(query.index ?? "")")
        }
        let entries = table.orders[query.index ?? ""] ?? ChunkedList()
        var low = entries.startIndex
        var high = entries.endIndex
        if let partition = query.partition {
            low = entries.partitionPoint(from: low, to: high) {
                KeyOrder.sortOrder($0.pointee.cursor[0], partition) >= 0
            }
            high = entries.partitionPoint(from: low, to: high) {
                KeyOrder.sortOrder($0.pointee.cursor[0], partition) > 0
            }
        }
        if let after = query.after {
            let head = KeyOrder.head(of: after)
            if query.ascending {
                low = entries.partitionPoint(from: low, to: high) {
                    KeyOrder.compareCursors($0.pointee.cursor, head: $0.pointee.head, after, head: head) > 0
                }
            } else {
                high = entries.partitionPoint(from: low, to: high) {
                    KeyOrder.compareCursors($0.pointee.cursor, head: $0.pointee.head, after, head: head) >= 0
                }
            }
        }
        var items: [JSONObject] = []
        var bytes = 0
        var last: [JSON]?
        // Walked in place: a page of 100 from a large table must not list every position first,
        // and an entry is read where it is (one item retained, not the whole entry copied).
        entries.walk(from: low, to: high, ascending: query.ascending) { entry in
            if let condition = query.sortCondition {
                guard schema.hasSort, entry.pointee.cursor.count > 1, condition.matches(entry.pointee.cursor[1]) else {
                    return true
                }
            }
            items.append(entry.pointee.item)
            bytes += entry.pointee.size
            guard items.count < query.limit && bytes < query.maximumBytes else {
                last = entry.pointee.cursor
                return false
            }
            return true
        }
        return QueryPage(items: items, cursor: last)
    }

    func write(
        in tableName: String, key: ItemKey, _ change: @Sendable (JSONObject?) throws -> ItemChange
    ) async throws -> WriteResult {
        try tables.withWriteLock { tables in try Self.write(in: tableName, key: key, change, tables: &tables) }
    }

    private static func write(
        in tableName: String, key: ItemKey, _ change: (JSONObject?) throws -> ItemChange,
        tables: inout [String: Table]
    ) throws -> WriteResult {
        // Taken out of `tables` while it changes, so that the table is not shared and changing it
        // does not copy every item and entry (it did: writes slowed down as the table grew).
        guard var table = tables.removeValue(forKey: tableName) else {
            throw StoreError("unknown table \(tableName)")
        }
        defer { tables[tableName] = table }
        let old = table.items[key]
        let decision = try change(old)
        if let old { removeEntries(of: old, key: key, from: &table) }
        switch decision {
        case .put(let item):
            guard table.layout.primaryKey.key(of: item) == key else {
                throw StoreError("the item written to \(tableName) does not have the key it was written at")
            }
            table.items[key] = item
            insertEntries(of: item, key: key, into: &table)
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
        let size = item.approximateSize
        for index in orderNames(table.layout) {
            guard let schema = table.layout.keySchema(index: index), schema.key(of: item) != nil else { continue }
            let cursor = table.layout.cursor(of: item, index: index)
            let head = KeyOrder.head(of: cursor)
            let name = index ?? ""
            let position =
                table.orders[name].map { entries in
                    entries.partitionPoint(from: entries.startIndex, to: entries.endIndex) {
                        KeyOrder.compareCursors($0.pointee.cursor, head: $0.pointee.head, cursor, head: head) > 0
                    }
                } ?? ChunkedList<Entry>.Index(chunk: 0, offset: 0)
            table.orders[name, default: ChunkedList()].insert(
                Entry(cursor: cursor, head: head, key: key, item: item, size: size), at: position)
        }
    }

    private static func removeEntries(of item: JSONObject, key: ItemKey, from table: inout Table) {
        for index in orderNames(table.layout) {
            let name = index ?? ""
            let cursor = table.layout.cursor(of: item, index: index)
            let head = KeyOrder.head(of: cursor)
            // Found on a read that ends before the write, so the array is not copied.
            guard
                let position = table.orders[name].map({ entries -> ChunkedList<Entry>.Index? in
                    let position = entries.partitionPoint(from: entries.startIndex, to: entries.endIndex) {
                        KeyOrder.compareCursors($0.pointee.cursor, head: $0.pointee.head, cursor, head: head) >= 0
                    }
                    return position < entries.endIndex && entries[position].key == key ? position : nil
                })
            else { continue }
            if let position {
                table.orders[name]!.remove(at: position)
            } else {
                table.orders[name]!.removeAll { $0.key == key }
            }
        }
    }
}
