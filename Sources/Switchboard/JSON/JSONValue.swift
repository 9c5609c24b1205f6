/// An arbitrary JSON value: the type of GraphQL variables, of `JSONValue` responses (several
/// operations in one document) and of GraphQL error extensions.
///
/// Numbers are `Double`, as in Amplify; integers up to 2^53 round-trip exactly.
@dynamicMemberLookup
public enum JSONValue: Sendable, Hashable {
    /// A JSON array.
    case array([JSONValue])
    /// `true` or `false`.
    case boolean(Bool)
    /// A JSON number.
    case number(Double)
    /// A JSON object.
    case object([String: JSONValue])
    /// A JSON string.
    case string(String)
    /// `null`.
    case null
}

extension JSONValue {
    /// The member of an object, or `nil` when this is not an object or has no such key.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The element of an array, or `nil` when this is not an array or the index is out of range.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// `value.getTodo` is `value["getTodo"]`.
    public subscript(dynamicMember member: String) -> JSONValue? {
        self[member]
    }

    /// The value at a dot-separated path such as `"listTodos.items.0.name"`; numeric
    /// components index arrays. An empty path is the value itself.
    public func value(at keyPath: String, separatedBy separator: Character = ".") -> JSONValue? {
        if keyPath.isEmpty { return self }
        var current = self
        for component in keyPath.split(separator: separator, omittingEmptySubsequences: false) {
            let key = String(component)
            if case .array = current, let index = Int(key) {
                guard let next = current[index] else { return nil }
                current = next
            } else {
                guard let next = current[key] else { return nil }
                current = next
            }
        }
        return current
    }

    /// The string, when this is `.string`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, when this is `.number`.
    public var doubleValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number as an `Int`, when this is a `.number` holding an integer.
    public var intValue: Int? {
        guard case .number(let value) = self, let integer = Int(exactly: value) else { return nil }
        return integer
    }

    /// The Boolean, when this is `.boolean`.
    public var booleanValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    /// The elements, when this is `.array`.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, when this is `.object`.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A short name of the JSON kind ("string", "number", ...), used in error messages.
    package var kindDescription: String {
        switch self {
        case .array: "array"
        case .boolean: "boolean"
        case .number: "number"
        case .object: "object"
        case .string: "string"
        case .null: "null"
        }
    }
}
