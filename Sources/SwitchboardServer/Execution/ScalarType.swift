import GraphQLLanguage

/// How the executor reads and writes one scalar: input values from variables (JSON) and from
/// literals, and output values for responses. Thrown messages complete "… has an invalid value: ".
protocol ScalarType: Sendable {
    /// The scalar's name.
    var name: String { get }
    /// The response form of a resolved value.
    func serialize(_ value: JSON) throws(ScalarError) -> JSON
    /// The internal form of a variable's JSON value.
    func parseValue(_ value: JSON) throws(ScalarError) -> JSON
    /// The internal form of a literal in the document.
    func parseLiteral(_ value: Value) throws(ScalarError) -> JSON
    /// The values ``serialize(_:)`` returns unchanged; it must return every one of them as it is.
    var unchangedValues: UnchangedValues { get }
}

/// A value a scalar cannot represent, and why.
struct ScalarError: Error, Sendable, Hashable {
    /// Why, e.g. `Expected type 'Int' but was 'String'.`
    var reason: String

    init(_ reason: String) { self.reason = reason }
}

/// GraphQL's five built-in scalars, with the spec's coercion rules.
struct BuiltInScalar: ScalarType {
    let name: String
    /// The scalar, named once: every leaf of a response is serialized, and matching the name
    /// against five strings first cost more than the rest.
    private let kind: Kind?

    private enum Kind: String {
        case int = "Int"
        case float = "Float"
        case string = "String"
        case boolean = "Boolean"
        case id = "ID"
    }

    init(name: String) {
        self.name = name
        kind = Kind(rawValue: name)
    }

    /// `Int`, `Float`, `String`, `Boolean` and `ID`.
    static let all: [any ScalarType] = ["Int", "Float", "String", "Boolean", "ID"].map(BuiltInScalar.init(name:))

    var unchangedValues: UnchangedValues {
        switch kind {
        case .string?, .id?: return .strings
        case .boolean?: return .booleans
        case .float?: return .doubles
        case .int?: return .int32s
        case nil: return .none
        }
    }

    func serialize(_ value: JSON) throws(ScalarError) -> JSON {
        switch (kind, value) {
        // A value already of the scalar's kind, the common case, is the value.
        case (.string, .string), (.id, .string), (.boolean, .bool), (.float, .double): return value
        case (.int, .int(let number)) where Self.int32Range.contains(number): return value
        case (.int, .double(let number)):
            if let integer = Int(exactly: number), Self.int32Range.contains(integer) { return .int(integer) }
        case (.int, .bool(let flag)): return .int(flag ? 1 : 0)
        case (.float, .int(let number)): return .double(Double(number))
        case (.string, .int(let number)), (.id, .int(let number)): return .string(String(number))
        case (.string, .bool(let flag)): return .string(flag ? "true" : "false")
        case (.string, .double(let number)): return .string(number.description)
        default: break
        }
        throw ScalarError("\(name) cannot represent value: \(value.text.prefix(100))")
    }

    func parseValue(_ value: JSON) throws(ScalarError) -> JSON {
        switch (name, value) {
        case ("Int", .int(let number)) where Self.int32Range.contains(number): return value
        case ("Int", .double(let number)):
            if let integer = Int(exactly: number), Self.int32Range.contains(integer) { return .int(integer) }
        case ("Float", .int(let number)): return .double(Double(number))
        case ("Float", .double): return value
        case ("String", .string), ("ID", .string), ("Boolean", .bool): return value
        case ("ID", .int(let number)): return .string(String(number))
        default: break
        }
        throw ScalarError("Expected type '\(name)' but was '\(Self.kind(of: value))'.")
    }

    func parseLiteral(_ value: Value) throws(ScalarError) -> JSON {
        switch (name, value) {
        case ("Int", .int(let text)):
            if let number = Int(text), Self.int32Range.contains(number) { return .int(number) }
        case ("Float", .int(let text)), ("Float", .float(let text)):
            if let number = Double(text), number.isFinite { return .double(number) }
        case ("String", .string(let text, _)), ("ID", .string(let text, _)): return .string(text)
        case ("ID", .int(let text)): return .string(text)
        case ("Boolean", .boolean(let flag)): return .bool(flag)
        default: break
        }
        throw ScalarError("Expected type '\(name)' but was '\(Printer.print(value).prefix(100))'.")
    }

    /// GraphQL `Int` is a signed 32-bit integer.
    static let int32Range = Int(Int32.min)...Int(Int32.max)

    /// The JSON kind as graphql-java names it in messages.
    static func kind(of value: JSON) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "Boolean"
        case .int: return "Integer"
        case .double: return "Double"
        case .string: return "String"
        case .array: return "List"
        case .object: return "Map"
        }
    }
}

/// A scalar the server knows nothing about: values pass through unchanged.
struct PassThroughScalar: ScalarType {
    let name: String

    var unchangedValues: UnchangedValues { .all }

    func serialize(_ value: JSON) throws(ScalarError) -> JSON { value }
    func parseValue(_ value: JSON) throws(ScalarError) -> JSON { value }
    func parseLiteral(_ value: Value) throws(ScalarError) -> JSON { LiteralValue.json(value) }
}

/// Literal values as plain JSON, for scalars without their own literal rules.
enum LiteralValue {
    static func json(_ value: Value) -> JSON {
        switch value {
        case .variable: return .null
        case .int(let text): return Int(text).map(JSON.int) ?? Double(text).map(JSON.double) ?? .string(text)
        case .float(let text): return Double(text).map(JSON.double) ?? .string(text)
        case .string(let text, _): return .string(text)
        case .boolean(let flag): return .bool(flag)
        case .null: return .null
        case .enumValue(let name): return .string(name)
        case .list(let values): return .array(values.map(json))
        case .object(let fields): return .object(JSONObject(fields.map { ($0.name, json($0.value)) }))
        }
    }
}
