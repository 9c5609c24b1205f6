import Foundation

/// A type stored behind an `@model` GraphQL type: a `Codable`, `Sendable` value with a static
/// ``ModelSchema`` that says how its fields map to the GraphQL type.
///
/// Files written by Amplify's `codegen models` conform with the same declarations:
///
/// ```swift
/// public struct Post: Model {
///     public let id: String
///     public var title: String
///     public var comments: List<Comment>?
/// }
/// ```
public protocol Model: Codable, Sendable {
    /// The schema of the model: fields, primary key, indexes and associations.
    static var schema: ModelSchema { get }
    /// The root of the model's property paths in the lazy-load form of generated models
    /// (used by `includes:`); `nil` for the classic form.
    static var rootPath: PropertyContainerPath? { get }
    /// The model's name, which is the GraphQL type name.
    static var modelName: String { get }
    /// The instance's ``modelName``.
    var modelName: String { get }
}

extension Model {
    /// The Swift type name, which generated schemas also use. Not read from ``schema``: schemas
    /// name their associated types while they are built, and reading another schema there would
    /// recurse into its initialization.
    public static var modelName: String { String(describing: self) }

    /// Same as the static ``modelName``.
    public var modelName: String { Self.modelName }

    /// `nil`: only lazy-load generated models provide a path.
    public static var rootPath: PropertyContainerPath? { nil }

    /// The primary-key values of this instance, in key order, encoded as JSON.
    public func identifierValues() throws -> [String: JSONValue] {
        let fields = try ModelJSON.fields(of: self)
        var values: [String: JSONValue] = [:]
        for name in Self.schema.primaryKeyFieldNames {
            values[name] = fields[name] ?? .null
        }
        return values
    }

    /// The serialized identifier: the single key value, or the values quoted and joined by `#`.
    public var identifier: String {
        let values = (try? identifierValues()) ?? [:]
        return ModelIdentifierText.string(
            from: Self.schema.primaryKeyFieldNames.map { values[$0] ?? .null })
    }
}

/// A value that can be a primary-key part or a predicate operand: `String`, `Int`, `Double`,
/// `Bool` and the `Temporal` types.
public protocol Persistable: Sendable {
    /// The value as it is sent to AppSync in variables (temporal values as ISO-8601 text).
    var graphQLValue: JSONValue { get }
}

extension String: Persistable {
    /// The string.
    public var graphQLValue: JSONValue { .string(self) }
}

extension Int: Persistable {
    /// The number.
    public var graphQLValue: JSONValue { .number(Double(self)) }
}

extension Double: Persistable {
    /// The number.
    public var graphQLValue: JSONValue { .number(self) }
}

extension Bool: Persistable {
    /// The Boolean.
    public var graphQLValue: JSONValue { .boolean(self) }
}

/// A generated GraphQL enum: `public enum PostStatus: String, EnumPersistable`. Enums are
/// ``Persistable``, so that an enum field can be part of a primary key
/// (`.identifier(id: "c1", priority: .high)`) and a predicate operand.
public protocol EnumPersistable: Codable, Persistable {
    /// The GraphQL enum value.
    var rawValue: String { get }
    /// The case for a GraphQL enum value.
    init?(rawValue: String)
}

extension EnumPersistable {
    /// The GraphQL enum value, sent as a string.
    public var graphQLValue: JSONValue { .string(rawValue) }
}

/// A generated non-model type embedded in models (`ofType: .embedded(type: Address.self)`).
public protocol Embeddable: Codable, Sendable {
    /// The embedded type's fields.
    static var schema: ModelSchema { get }
}

extension Embeddable {
    /// Builds the schema of an embedded type, as for models.
    public static func defineSchema(
        name: String? = nil,
        attributes: ModelAttribute...,
        define: (inout ModelSchemaDefinition) -> Void
    ) -> ModelSchema {
        var definition = ModelSchemaDefinition(name: name ?? String(describing: self), attributes: attributes)
        define(&definition)
        return definition.build()
    }
}

extension Model {
    /// Builds a model's schema with the definition DSL that generated files use:
    ///
    /// ```swift
    /// public static let schema = defineSchema { model in
    ///     let post = Post.keys
    ///     model.listPluralName = "Posts"
    ///     model.attributes(.primaryKey(fields: [post.id]))
    ///     model.fields(.field(post.id, is: .required, ofType: .string))
    /// }
    /// ```
    public static func defineSchema(
        name: String? = nil,
        attributes: ModelAttribute...,
        define: (inout ModelSchemaDefinition) -> Void
    ) -> ModelSchema {
        var definition = ModelSchemaDefinition(name: name ?? String(describing: self), attributes: attributes)
        define(&definition)
        return definition.build()
    }
}
