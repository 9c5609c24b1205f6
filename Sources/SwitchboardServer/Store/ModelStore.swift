import SwitchboardSQLite

/// Where model items live: the local server's resolvers read and write only through this
/// protocol, with DynamoDB's data model — items addressed by a partition key and an optional
/// sort key, read back in key order from the table or from a secondary index, and written one
/// item per transaction with a check against the stored item.
///
/// ``SQLiteStore`` keeps items on disk; ``InMemoryStore`` keeps them in memory (tests,
/// `--in-memory`). Filters, conditions and authorization are the resolvers' business: the store
/// only orders, pages and writes.
protocol ModelStore: Sendable {
    /// The secret that signs pagination tokens; it stays the same for as long as the data does,
    /// so tokens keep working after a restart.
    func paginationSecret() async throws -> [UInt8]

    /// The item of `table` with `key`, if any.
    func item(in table: String, key: ItemKey) async throws -> JSONObject?

    /// One page of items in key order (see ``KeyQuery``).
    func query(_ query: KeyQuery) async throws -> QueryPage

    /// Reads the item at `key`, asks `change` what to do with it, and applies the answer in one
    /// transaction; an error thrown by `change` leaves the item as it was. Returns the item
    /// before and after.
    func write(
        in table: String, key: ItemKey, _ change: @Sendable (JSONObject?) throws -> ItemChange
    ) async throws -> WriteResult

    /// Finishes pending work before the process exits (the SQLite store checkpoints its log).
    func close() async
}

/// The key of an item: its partition key value and, for tables with sort keys, its sort key
/// value (the `#`-joined string for composite sort keys).
///
/// Strings are equal when their UTF-8 bytes are, as in DynamoDB (and the SQLite store): Swift's
/// `==` calls a precomposed "é" and "e" + combining accent equal, which made the in-memory store
/// keep one item for two distinct ids.
struct ItemKey: Sendable, Hashable {
    /// The partition key value (a string or a number).
    var partition: JSON
    /// The sort key value, if the key schema has one.
    var sort: JSON?

    static func == (lhs: ItemKey, rhs: ItemKey) -> Bool {
        guard sameKey(lhs.partition, rhs.partition) else { return false }
        switch (lhs.sort, rhs.sort) {
        case (nil, nil): return true
        case (let left?, let right?): return sameKey(left, right)
        default: return false
        }
    }

    func hash(into hasher: inout Hasher) {
        Self.hash(partition, into: &hasher)
        if let sort { Self.hash(sort, into: &hasher) } else { hasher.combine(0 as UInt8) }
    }

    private static func sameKey(_ lhs: JSON, _ rhs: JSON) -> Bool {
        if case .string(let left) = lhs, case .string(let right) = rhs {
            return KeyOrder.compareBytes(left, right) == 0
        }
        return lhs == rhs
    }

    private static func hash(_ value: JSON, into hasher: inout Hasher) {
        guard case .string(let text) = value else {
            hasher.combine(value)
            return
        }
        hasher.combine(1 as UInt8)
        // The same bytes hash the same whether or not the string's storage is contiguous.
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        if hashed == nil { Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
        hasher.combine(text.utf8.count)
    }
}

/// What a write does with the item it read.
enum ItemChange: Sendable {
    /// Store this item (replacing any item at the key).
    case put(JSONObject)
    /// Remove the item.
    case delete
}

/// An item before and after a write.
struct WriteResult: Sendable {
    /// The item that was stored, if any.
    var old: JSONObject?
    /// The item stored now, if any.
    var new: JSONObject?
}

/// A key-ordered read: the whole table (a scan), or one partition of the table or of an index,
/// optionally narrowed by a sort key condition, resumed after a cursor.
struct KeyQuery: Sendable {
    /// The table (model) name.
    var table: String
    /// The index to read; `nil` reads the table by its primary key.
    var index: String?
    /// The partition to read; `nil` scans every partition (table reads only).
    var partition: JSON?
    /// A condition on the sort key.
    var sortCondition: SortKeyCondition?
    /// `false` reads the partition in descending sort key order.
    var ascending = true
    /// The cursor of the previous page (``QueryPage/cursor``).
    var after: [JSON]?
    /// The most items the page holds.
    var limit: Int
    /// DynamoDB stops a page once it has read 1 MB; so does the store (approximate item sizes).
    var maximumBytes = 1 << 20
}

/// DynamoDB's key condition operators on a sort key.
enum SortKeyCondition: Sendable, Hashable {
    case eq(JSON)
    case lt(JSON)
    case le(JSON)
    case gt(JSON)
    case ge(JSON)
    case between(JSON, JSON)
    case beginsWith(String)

    /// The value the condition compares with (the lower one for `between`).
    var bound: JSON {
        switch self {
        case .eq(let value), .lt(let value), .le(let value), .gt(let value), .ge(let value), .between(let value, _):
            return value
        case .beginsWith(let prefix): return .string(prefix)
        }
    }

    /// Whether a sort key value satisfies the condition (typed: strings compare with strings,
    /// numbers with numbers).
    func matches(_ value: JSON) -> Bool {
        switch self {
        case .eq(let bound): return KeyOrder.compare(value, bound).map { $0 == 0 } ?? false
        case .lt(let bound): return KeyOrder.compare(value, bound).map { $0 < 0 } ?? false
        case .le(let bound): return KeyOrder.compare(value, bound).map { $0 <= 0 } ?? false
        case .gt(let bound): return KeyOrder.compare(value, bound).map { $0 > 0 } ?? false
        case .ge(let bound): return KeyOrder.compare(value, bound).map { $0 >= 0 } ?? false
        case .between(let low, let high):
            return (KeyOrder.compare(value, low).map { $0 >= 0 } ?? false)
                && (KeyOrder.compare(value, high).map { $0 <= 0 } ?? false)
        case .beginsWith(let prefix):
            guard case .string(let text) = value else { return false }
            return text.utf8.starts(with: prefix.utf8)
        }
    }
}

/// One page of a ``KeyQuery``.
struct QueryPage: Sendable {
    /// The items in key order.
    var items: [JSONObject]
    /// Where the next page starts; `nil` when the read reached the end. Like DynamoDB's
    /// `LastEvaluatedKey`, a page that filled up has a cursor even if nothing follows.
    var cursor: [JSON]?
}

/// A store failure: what went wrong and what to do about it (the SQLite layer's error type).
typealias StoreError = StorageError
