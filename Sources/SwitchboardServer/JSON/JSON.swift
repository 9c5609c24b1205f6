/// A JSON value as the server reads, stores and writes it: objects keep their members in order
/// (GraphQL responses follow the selection order) and integers stay integers (GraphQL `Int`
/// and DynamoDB numbers must not turn into `1.0`).
enum JSON: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without fraction or exponent that fits 64 bits.
    case int(Int)
    /// Any other number (always finite).
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSON])
    /// An object, members in order.
    case object(JSONObject)

    /// The member `key` of an object; `nil` for other values and missing members.
    subscript(key: String) -> JSON? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element `index` of an array; `nil` for other values and out-of-range indexes.
    subscript(index: Int) -> JSON? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// Whether this is `null`.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The string of a `.string`.
    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer of an `.int`, or of a `.double` holding an integer.
    var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value): return Int(exactly: value)
        default: return nil
        }
    }

    /// The number of an `.int` or `.double`.
    var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// The flag of a `.bool`.
    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The members of an `.object`.
    var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The elements of an `.array`.
    var arrayValue: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// Whether this is a number.
    var isNumber: Bool {
        switch self {
        case .int, .double: return true
        default: return false
        }
    }

    /// Compact JSON text.
    var text: String {
        var writer = JSONWriter()
        writer.write(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

/// An ordered JSON object: members keep the order they were added in; setting an existing key
/// replaces its value in place. Lookups are linear, which is fastest for the small objects
/// (items, selections) the server handles.
struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    private(set) var keys: [String] = []
    private(set) var values: [JSON] = []

    /// An empty object.
    init() {}

    /// An object from literal members, in order.
    init(dictionaryLiteral elements: (String, JSON)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// An object of `keys` and their `values`, in order; the caller knows no key repeats.
    init(uniqueKeys keys: [String], values: [JSON]) {
        self.keys = keys
        self.values = values
    }

    /// An object from members, in order (a later duplicate replaces the earlier value).
    init(_ members: [(String, JSON)]) {
        for (key, value) in members { self[key] = value }
    }

    /// The number of members.
    var count: Int { keys.count }

    /// Whether the object has no members.
    var isEmpty: Bool { keys.isEmpty }

    /// The value of `key`; assigning `nil` removes the member.
    subscript(key: String) -> JSON? {
        get {
            guard let index = keys.firstIndex(of: key) else { return nil }
            return values[index]
        }
        set {
            if let index = keys.firstIndex(of: key) {
                if let newValue {
                    values[index] = newValue
                } else {
                    keys.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    /// The value of `key`, looking first at position `hint` and leaving there the position it was
    /// found at: objects of one shape (a table's items) keep a key at one position, so a caller
    /// reading the same key of many of them compares one key instead of searching.
    func value(forKey key: String, hint: inout Int) -> JSON? {
        if hint < keys.count && keys[hint] == key { return values[hint] }
        guard let index = keys.firstIndex(of: key) else { return nil }
        hint = index
        return values[index]
    }

    /// Appends a member without looking for an existing one (the caller knows the key is new).
    mutating func append(_ key: String, _ value: JSON) {
        keys.append(key)
        values.append(value)
    }

    /// The members in order.
    func makeIterator() -> Zip2Sequence<[String], [JSON]>.Iterator {
        zip(keys, values).makeIterator()
    }

    /// Objects with the same members are equal, whatever their order (JSON objects are unordered).
    static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.keys == rhs.keys { return lhs.values == rhs.values }
        return zip(lhs.keys, lhs.values).allSatisfy { key, value in rhs[key] == value }
    }

    /// Hashes the members in key order, consistently with ``==``.
    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for (key, value) in zip(keys, values).sorted(by: { $0.0 < $1.0 }) {
            hasher.combine(key)
            hasher.combine(value)
        }
    }
}
