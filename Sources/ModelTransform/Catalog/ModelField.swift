import GraphQLLanguage

/// One field of a model as stored and served: declared in the schema or added by the transform
/// (the default `id`, timestamps, foreign keys, owner fields).
package struct ModelField: Sendable, Hashable {
    /// What kind of value the field holds.
    package enum Kind: Sendable, Hashable {
        /// A scalar (GraphQL or AppSync).
        case scalar(ModelScalar)
        /// A value of the named enum.
        case enumeration(String)
        /// A value of the named non-model object type, stored inside the model's item.
        case embedded(String)
        /// A related model, loaded through ``ModelField/relationship``.
        case model(String)
    }

    /// Why the field exists.
    package enum Origin: Sendable, Hashable {
        /// Written in the schema.
        case declared
        /// The `id: ID!` the transform adds to a model that declares no `id`.
        case implicitID
        /// A `createdAt`/`updatedAt` field (or its `@model(timestamps:)` name) the transform adds.
        case timestamp
        /// A foreign key the transform adds for a relationship without `fields:` or `references:`.
        case foreignKey
        /// The `owner` field (or `ownerField`/`groupsField`) an `@auth` rule needs and the schema omits.
        case authorization
    }

    /// The field's name.
    package var name: String
    /// The GraphQL type as declared (or implied, for added fields), e.g. `[String!]!`.
    package var type: TypeReference
    /// The kind of value.
    package var kind: Kind
    /// Why the field exists.
    package var origin: Origin
    /// The relationship this field loads, for `@hasMany`, `@hasOne`, `@belongsTo` and `@manyToMany` fields.
    package var relationship: ModelRelationship?
    /// The `@default(value:)` literal, if any.
    package var defaultValue: String?
    /// Field-level `@auth` rules.
    package var authRules: [AuthRule]
    /// The field's description from the schema.
    package var description: String?
    /// Where the field is declared (`.unknown` for added fields).
    package var location: SourceLocation

    /// Whether the field is non-null (`String!`, `[Int]!`).
    package var isRequired: Bool { type.isNonNull }
    /// Whether the field is a list.
    package var isList: Bool {
        if case .list = type.nullable { return true }
        return false
    }
    /// Whether a list's elements are non-null (`[Int!]`); `false` for non-lists.
    package var isListElementRequired: Bool {
        if case .list(let element) = type.nullable { return element.isNonNull }
        return false
    }
    /// Whether the server sets the value and clients cannot (timestamps).
    package var isReadOnly: Bool { origin == .timestamp }
    /// The named type at the bottom of the type (`Post` for `[Post]!`).
    package var typeName: String { type.namedType }
    /// Whether the field is a scalar or an enum (what filters, keys and inputs can use).
    package var isScalarOrEnum: Bool {
        switch kind {
        case .scalar, .enumeration: return true
        case .embedded, .model: return false
        }
    }

    /// Creates a field.
    package init(
        name: String, type: TypeReference, kind: Kind, origin: Origin = .declared,
        relationship: ModelRelationship? = nil, defaultValue: String? = nil, authRules: [AuthRule] = [],
        description: String? = nil, location: SourceLocation = .unknown
    ) {
        self.name = name
        self.type = type
        self.kind = kind
        self.origin = origin
        self.relationship = relationship
        self.defaultValue = defaultValue
        self.authRules = authRules
        self.description = description
        self.location = location
    }
}
