import Foundation
import Switchboard
import SwitchboardCore

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
    /// A non-empty list of strings only (tags, enum values): kept as the strings, so that reading
    /// it back as `[String]` shares the array rather than building one. A list is stored in one
    /// form only (see ``list(of:)``), so that equal lists compare equal.
    case strings([String])

    static let null = StoredValue.json("null")
    static let `true` = StoredValue.json("true")
    static let `false` = StoredValue.json("false")

    /// The stored form of a value given by hand.
    init(_ value: RecordValue) {
        switch value {
        case .scalar(let scalar): self.init(leaf: scalar)
        case .reference(let key): self = .reference(key)
        case .list(let items): self = .list(of: items.map(StoredValue.init))
        }
    }

    /// A list of `items` in the form the store keeps it: ``strings(_:)`` when every item is a string.
    static func list(of items: [StoredValue]) -> StoredValue {
        let strings = items.compactMap(\.stringValue)
        return !strings.isEmpty && strings.count == items.count ? .strings(strings) : .list(items)
    }

    /// The items of a list in either form, or `nil` for any other value.
    var listItems: [StoredValue]? {
        switch self {
        case .list(let items): items
        case .strings(let strings): strings.map(StoredValue.string)
        case .string, .json, .reference: nil
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
        case .strings(let strings): .list(strings.map { .scalar(.string($0)) })
        }
    }

    var isNull: Bool { self == .null }

    /// Appends the value's JSON text, for a leaf.
    func appendLeafText(to bytes: inout [UInt8]) {
        switch self {
        case .string(let string): JSONValue.appendQuoted(string, to: &bytes)
        case .json(let text): bytes.append(contentsOf: text.utf8)
        case .reference, .list, .strings: break
        }
    }

    /// The records this value refers to, directly or within lists.
    func forEachReference(_ body: (CacheKey) -> Void) {
        switch self {
        case .string, .json, .strings: return
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
        case .strings(let strings): strings.reduce(16) { $0 + 16 + $1.utf8.count }
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
