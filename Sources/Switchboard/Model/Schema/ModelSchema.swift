/// The name of a model field.
public typealias ModelFieldName = String

/// The name of a model (its GraphQL type name).
public typealias ModelName = String

/// The fields of a schema by name.
public typealias ModelFields = [String: ModelField]

/// A schema-level attribute: an index (`@index`, `@key`) or the primary key.
public enum ModelAttribute: Sendable, Equatable {
    /// A secondary index (`name` set) or, for the legacy `@key` form, the primary key (`name` nil).
    case index(fields: [ModelFieldName], name: String?)
    /// The primary key, hash key first then sort keys.
    case primaryKey(fields: [ModelFieldName])
    /// A model used by the framework itself.
    case isSystem

    /// The primary-key attribute from the coding keys of the fields, as generated files write it.
    public static func primaryKey(fields: [any CodingKey]) -> ModelAttribute {
        .primaryKey(fields: fields.map(\.stringValue))
    }
}

/// A per-field attribute.
public enum ModelFieldAttribute: Sendable, Equatable {
    /// The field is (part of) the primary key (legacy codegen).
    case primaryKey
    /// The field's GraphQL scalar when `ofType:` does not say it: `ofType: .string` stands for
    /// `ID`, `String` and AppSync's string scalars (`AWSEmail`, `AWSJSON`, …), and is read as `ID`
    /// for the primary key's hash key and `String` elsewhere. Generated files add this attribute
    /// only where that reading is wrong, such as `.graphQLType("ID")` on a `postID: ID!` field or
    /// `.graphQLType("String")` on an `email: String! @primaryKey` hash key, so that request
    /// documents declare the transformed schema's exact variable types.
    case graphQLType(String)
}

/// Whether a field may be `null`.
public enum ModelFieldNullability: Sendable, Equatable {
    /// The field may be null (`String`).
    case optional
    /// The field is never null (`String!`).
    case required

    /// Whether this is ``required``.
    public var isRequired: Bool { self == .required }
}

/// One field of a model or embedded type.
public struct ModelField: Sendable {
    /// The field's name (the GraphQL field and the JSON key).
    public let name: ModelFieldName
    /// The field's type.
    public let type: ModelFieldType
    /// Whether the field is non-null.
    public let isRequired: Bool
    /// Whether the server sets the field (`createdAt`, `updatedAt`); read-only fields are never sent.
    public let isReadOnly: Bool
    /// Whether the field holds a list.
    public let isArray: Bool
    /// Field attributes.
    public let attributes: [ModelFieldAttribute]
    /// The association the field represents, if any.
    public let association: ModelAssociation?
    /// Field-level authorization rules.
    public let authRules: AuthRules
    /// The associated model type, captured from `belongsTo`/`hasOne`/`hasMany` definitions so that
    /// associations resolve without a registry.
    public let associatedModelType: (any Model.Type)?

    /// Creates a field.
    public init(
        name: String,
        type: ModelFieldType,
        isRequired: Bool = false,
        isReadOnly: Bool = false,
        isArray: Bool = false,
        attributes: [ModelFieldAttribute] = [],
        association: ModelAssociation? = nil,
        authRules: AuthRules = [],
        associatedModelType: (any Model.Type)? = nil
    ) {
        self.name = name
        self.type = type
        self.isRequired = isRequired
        self.isReadOnly = isReadOnly
        self.isArray = isArray
        self.attributes = attributes
        self.association = association
        self.authRules = authRules
        self.associatedModelType = associatedModelType
    }

    /// Whether the field is an association to another model.
    public var hasAssociation: Bool { association != nil }

    /// The associated model's name for `.model` and `.collection` fields.
    public var associatedModelName: ModelName? {
        switch type {
        case .model(let name), .collection(let name): name
        default: nil
        }
    }

    /// The associated model's type: the captured type, else the registered one.
    public var associatedModel: (any Model.Type)? {
        if let associatedModelType { return associatedModelType }
        return associatedModelName.flatMap(ModelRegistry.modelType(from:))
    }

    /// The schema of an embedded type.
    public var embeddedTypeSchema: ModelSchema? {
        switch type {
        case .embedded(_, let schema), .embeddedCollection(_, let schema): schema
        default: nil
        }
    }
}

/// A model's or embedded type's schema: its name, plural names, fields, attributes and rules.
public struct ModelSchema: Sendable {
    /// The GraphQL type name.
    public let name: String
    /// The legacy plural name.
    public let pluralName: String?
    /// The plural used by `list` queries (`listPosts`); defaults to the name plus `s`.
    public let listPluralName: String?
    /// The plural used by DataStore sync queries.
    public let syncPluralName: String?
    /// Model-level authorization rules.
    public let authRules: AuthRules
    /// The fields by name.
    public let fields: ModelFields
    /// Indexes and the primary key.
    public let attributes: [ModelAttribute]
    /// The fields in declaration order.
    package let declaredFields: [ModelField]
    /// The fields in document order: primary-key fields first (in key order), then the other
    /// non-association fields alphabetically, then associations alphabetically (Amplify's order).
    public let sortedFields: [ModelField]
    /// The primary-key field names, hash key first.
    public let primaryKeyFieldNames: [ModelFieldName]
    /// The association fields, in declaration order.
    public let associationFields: [ModelField]

    /// Creates a schema; `primaryKeyFieldNames` defaults to the `.primaryKey` attribute, a nameless
    /// index, the fields marked `.primaryKey`, or `id`.
    public init(
        name: String,
        pluralName: String? = nil,
        listPluralName: String? = nil,
        syncPluralName: String? = nil,
        authRules: AuthRules = [],
        attributes: [ModelAttribute] = [],
        fields: [ModelField] = [],
        primaryKeyFieldNames: [ModelFieldName]? = nil
    ) {
        self.name = name
        self.pluralName = pluralName
        self.listPluralName = listPluralName
        self.syncPluralName = syncPluralName
        self.authRules = authRules
        self.attributes = attributes
        self.declaredFields = fields
        var byName: ModelFields = [:]
        for field in fields { byName[field.name] = field }
        self.fields = byName
        let keys = primaryKeyFieldNames ?? Self.resolvePrimaryKey(attributes: attributes, fields: fields)
        self.primaryKeyFieldNames = keys
        self.associationFields = fields.filter(\.hasAssociation)
        let keySet = Set(keys)
        let keyFields = keys.compactMap { byName[$0] }
        let others = fields.filter { !keySet.contains($0.name) }
        self.sortedFields =
            keyFields + others.filter { !$0.hasAssociation }.sorted { $0.name < $1.name }
            + others.filter(\.hasAssociation).sorted { $0.name < $1.name }
    }

    private static func resolvePrimaryKey(attributes: [ModelAttribute], fields: [ModelField]) -> [ModelFieldName] {
        for attribute in attributes {
            if case .primaryKey(let names) = attribute, !names.isEmpty { return names }
        }
        for attribute in attributes {
            if case .index(let names, nil) = attribute, !names.isEmpty { return names }
        }
        let marked = fields.filter { $0.attributes.contains(.primaryKey) }.map(\.name)
        return marked.isEmpty ? ["id"] : marked
    }

    /// The names of the association fields.
    public var associationFieldNames: [ModelFieldName] { associationFields.map(\.name) }

    /// The field named `name`.
    public func field(withName name: String) -> ModelField? { fields[name] }

    /// The primary-key fields, hash key first.
    public var primaryKeyFields: [ModelField] { primaryKeyFieldNames.compactMap { fields[$0] } }

    /// Whether the primary key has more than one field.
    public var hasCompositeKey: Bool { primaryKeyFieldNames.count > 1 }

    /// The GraphQL named type of a scalar or enum field, exactly as the transformed schema declares
    /// it: the field's ``ModelFieldAttribute/graphQLType(_:)`` if it has one, else what its
    /// `ofType:` implies, with `.string` read as `ID` for the hash key and `String` elsewhere.
    package func graphQLTypeName(ofField name: ModelFieldName) -> String? {
        guard let field = fields[name] else { return nil }
        for case .graphQLType(let typeName) in field.attributes { return typeName }
        guard let implied = field.type.graphQLTypeName else { return nil }
        if case .string = field.type, primaryKeyFieldNames.first == name { return "ID" }
        return implied
    }

    /// The secondary indexes.
    public var indexes: [ModelAttribute] {
        attributes.filter {
            if case .index = $0 { return true }
            return false
        }
    }

    /// The plural used in `list` query names: ``listPluralName``, ``pluralName`` or name + `s`.
    package var resolvedListPluralName: String { listPluralName ?? pluralName ?? name + "s" }
}
