import Foundation

/// A field's value as the store keeps it: a leaf value as its JSON text, so that reading it back
/// is a copy of bytes, a reference, or a list.
enum StoredValue: Sendable, Hashable {
    /// The JSON text of a leaf value (`"R2-D2"` with its quotes, `1.72`, `null`, or the JSON of a
    /// custom scalar).
    case json([UInt8])
    /// An object, stored as its own record.
    case reference(CacheKey)
    /// A list of values, possibly nested.
    case list([StoredValue])

    static let null = StoredValue.json(Array("null".utf8))

    /// The stored form of a value given by hand.
    init(_ value: RecordValue) {
        switch value {
        case .scalar(let scalar):
            var bytes: [UInt8] = []
            // A non-finite number cannot be written as JSON; it is stored as null.
            if (try? scalar.serialize(into: &bytes)) == nil { bytes = Array("null".utf8) }
            self = .json(bytes)
        case .reference(let key): self = .reference(key)
        case .list(let items): self = .list(items.map(StoredValue.init))
        }
    }

    /// The value as ``Record`` shows it.
    var recordValue: RecordValue {
        switch self {
        case .json(let bytes): .scalar((try? JSONValue(parsing: Data(bytes))) ?? .null)
        case .reference(let key): .reference(key)
        case .list(let items): .list(items.map(\.recordValue))
        }
    }

    var isNull: Bool { self == .null }

    /// The records this value refers to, directly or within lists.
    func forEachReference(_ body: (CacheKey) -> Void) {
        switch self {
        case .json: return
        case .reference(let key): body(key)
        case .list(let items): for item in items { item.forEachReference(body) }
        }
    }

    /// A rough count of the bytes the value holds, for the store's memory budget.
    var estimatedSize: Int {
        switch self {
        case .json(let bytes): 16 + bytes.count
        case .reference(let key): 16 + key.rawValue.utf8.count
        case .list(let items): items.reduce(16) { $0 + $1.estimatedSize }
        }
    }
}

extension StoredValue {
    /// The text of a JSON string (a `__typename`), else `nil`.
    var stringValue: String? {
        guard case .json(let bytes) = self, bytes.count >= 2, bytes.first == UInt8(ascii: "\"") else { return nil }
        // Type names have no escapes; anything else goes through the parser.
        guard bytes.contains(UInt8(ascii: "\\")) else {
            return String(decoding: bytes[1..<(bytes.count - 1)], as: UTF8.self)
        }
        return (try? JSONValue(parsing: Data(bytes)))?.stringValue
    }
}

/// The fields one object of a response gives its record.
struct RecordUpdate: Sendable {
    let key: CacheKey
    var fields: [(String, StoredValue)]
}
