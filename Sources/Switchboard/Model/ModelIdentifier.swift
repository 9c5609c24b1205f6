/// The marker of identifier formats.
public protocol AnyModelIdentifierFormat: Sendable {}

/// The identifier (primary key) formats of generated models.
public enum ModelIdentifierFormat {
    /// The default key: one `id` field.
    public enum Default: AnyModelIdentifierFormat {
        /// The field name of the default key.
        public static let name = "id"
    }

    /// A custom or composite key.
    public enum Custom: AnyModelIdentifierFormat {
        /// Joins the quoted values of a composite key in ``ModelIdentifierProtocol/stringValue``.
        public static let separator = "#"
    }
}

/// A model whose identifier type is known statically, as generated files declare:
///
/// ```swift
/// extension Post: ModelIdentifiable {
///     public typealias IdentifierFormat = ModelIdentifierFormat.Default
///     public typealias IdentifierProtocol = DefaultModelIdentifier<Self>
/// }
/// ```
public protocol ModelIdentifiable {
    /// Default or custom.
    associatedtype IdentifierFormat: AnyModelIdentifierFormat
    /// The concrete identifier type.
    associatedtype IdentifierProtocol: ModelIdentifierProtocol
}

/// A model instance's identifier: the names and values of its primary-key fields.
public protocol ModelIdentifierProtocol: Sendable {
    /// One key field.
    typealias Field = (name: String, value: any Persistable)
    /// The key fields.
    typealias Fields = [Field]

    /// The key fields, hash key first.
    var fields: Fields { get }
}

extension ModelIdentifierProtocol {
    /// The single value, or the values quoted and joined by `#` for composite keys.
    public var stringValue: String { ModelIdentifierText.string(from: fields.map(\.value.graphQLValue)) }

    /// The key field names.
    public var keys: [String] { fields.map(\.name) }

    /// The key values.
    public var values: [any Persistable] { fields.map(\.value) }

    /// A predicate matching this identifier (`id == value`, or every key field for composite keys).
    public var predicate: any QueryPredicate {
        let operations = fields.map { QueryPredicateOperation(field: $0.name, operator: .equals($0.value)) }
        if operations.count == 1, let only = operations.first { return only }
        return QueryPredicateGroup(type: .and, predicates: operations)
    }
}

/// The identifier of a model `M` in format `F`.
public struct ModelIdentifier<M: Model, F: AnyModelIdentifierFormat>: ModelIdentifierProtocol {
    /// The key fields.
    public var fields: Fields

    /// Creates an identifier from its fields.
    public init(fields: Fields) { self.fields = fields }
}

extension ModelIdentifier where F == ModelIdentifierFormat.Custom {
    /// A composite identifier: `.make(fields: [(name: "albumId", value: "a"), (name: "track", value: 1)])`.
    public static func make(fields: ModelIdentifierProtocol.Field...) -> Self { Self(fields: fields) }

    /// A composite identifier from an array of fields.
    public static func make(fields: [ModelIdentifierProtocol.Field]) -> Self { Self(fields: fields) }
}

/// The identifier of models keyed by `id`.
public typealias DefaultModelIdentifier<M: Model> = ModelIdentifier<M, ModelIdentifierFormat.Default>

extension ModelIdentifier where F == ModelIdentifierFormat.Default {
    /// The identifier with `id` = `id`.
    public static func makeDefault(id: String) -> Self { Self(fields: [(name: "id", value: id)]) }
}

/// Formats identifiers as Amplify does.
enum ModelIdentifierText {
    static func string(from values: [JSONValue]) -> String {
        func text(_ value: JSONValue) -> String {
            switch value {
            case .string(let string): string
            case .number(let number): Int64(exactly: number).map { String($0) } ?? String(number)
            default: value.jsonText
            }
        }
        if values.count == 1, let only = values.first { return text(only) }
        return values.map { "\"\(text($0))\"" }.joined(separator: ModelIdentifierFormat.Custom.separator)
    }
}
