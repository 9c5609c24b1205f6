import Foundation

/// A field's value as the store keeps it: a string (decoded, so that reading it back as a
/// `String` costs no parsing, and a short one no allocation), the JSON text of another leaf, a
/// reference, or a list.
enum StoredValue: Sendable, Hashable {
    /// A JSON string's value, escapes decoded.
    case string(String)
    /// The JSON text of any other leaf value: a number as the server wrote it (`1.72`), `true`,
    /// `false`, `null`, or the JSON of a custom scalar's object or array.
    case json(String)
    /// An object, stored as its own record.
    case reference(CacheKey)
    /// A list of values, possibly nested.
    case list([StoredValue])

    static let null = StoredValue.json("null")
    static let `true` = StoredValue.json("true")
    static let `false` = StoredValue.json("false")

    /// The stored form of a value given by hand.
    init(_ value: RecordValue) {
        switch value {
        case .scalar(let scalar): self.init(leaf: scalar)
        case .reference(let key): self = .reference(key)
        case .list(let items): self = .list(items.map(StoredValue.init))
        }
    }

    /// The stored form of a leaf value.
    init(leaf: JSONValue) {
        if case .string(let string) = leaf {
            self = .string(string)
            return
        }
        var bytes: [UInt8] = []
        // A non-finite number cannot be written as JSON; it is stored as null.
        if (try? leaf.serialize(into: &bytes)) == nil { bytes = Array("null".utf8) }
        self = .json(String(decoding: bytes, as: UTF8.self))
    }

    /// The value as ``Record`` shows it.
    var recordValue: RecordValue {
        switch self {
        case .string(let string): .scalar(.string(string))
        case .json(let text): .scalar((try? JSONValue(parsing: Data(text.utf8))) ?? .null)
        case .reference(let key): .reference(key)
        case .list(let items): .list(items.map(\.recordValue))
        }
    }

    var isNull: Bool { self == .null }

    /// Appends the value's JSON text, for a leaf.
    func appendLeafText(to bytes: inout [UInt8]) {
        switch self {
        case .string(let string): JSONValue.appendQuoted(string, to: &bytes)
        case .json(let text): bytes.append(contentsOf: text.utf8)
        case .reference, .list: break
        }
    }

    /// The records this value refers to, directly or within lists.
    func forEachReference(_ body: (CacheKey) -> Void) {
        switch self {
        case .string, .json: return
        case .reference(let key): body(key)
        case .list(let items): for item in items { item.forEachReference(body) }
        }
    }

    /// A rough count of the bytes the value holds, for the store's memory budget.
    var estimatedSize: Int {
        switch self {
        case .string(let string): 16 + string.utf8.count
        case .json(let text): 16 + text.utf8.count
        case .reference(let key): 16 + key.rawValue.utf8.count
        case .list(let items): items.reduce(16) { $0 + $1.estimatedSize }
        }
    }

    /// The text of a string value (a `__typename`), else `nil`.
    var stringValue: String? {
        guard case .string(let string) = self else { return nil }
        return string
    }
}

/// The fields one object of a response gives its record.
struct RecordUpdate: Sendable {
    let key: CacheKey
    /// The fields, stamped with the time of the write, ready to become a new record's table.
    var fields: [FieldTable<StoredField>.Entry]
    /// Whether no two of the fields share a storage key.
    var distinct = false
    /// The estimated bytes of a record of just these fields (``StoredRecord/estimatedSize(key:)``),
    /// counted as they were found.
    var size = 0
}
