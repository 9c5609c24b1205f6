/// The mutable schema that `defineSchema { model in … }` fills in.
public struct ModelSchemaDefinition {
    let name: String
    /// The legacy plural name (`model.pluralName = "Posts"`).
    public var pluralName: String?
    /// The plural of `list` queries (`model.listPluralName = "Posts"`).
    public var listPluralName: String?
    /// The plural of DataStore sync queries.
    public var syncPluralName: String?
    /// Model-level `@auth` rules (`model.authRules = [rule(allow: .public)]`).
    public var authRules: AuthRules = []
    var fieldList: [ModelField] = []
    var attributeList: [ModelAttribute]

    init(name: String, attributes: [ModelAttribute]) {
        self.name = name
        self.attributeList = attributes
    }

    /// Declares the fields, in order.
    public mutating func fields(_ fields: ModelFieldDefinition...) {
        for definition in fields {
            let field = definition.modelField
            if let index = fieldList.firstIndex(where: { $0.name == field.name }) {
                fieldList[index] = field
            } else {
                fieldList.append(field)
            }
        }
    }

    /// Declares indexes and the primary key.
    public mutating func attributes(_ attributes: ModelAttribute...) {
        attributeList = attributes
    }

    func build() -> ModelSchema {
        ModelSchema(
            name: name,
            pluralName: pluralName,
            listPluralName: listPluralName,
            syncPluralName: syncPluralName,
            authRules: authRules,
            attributes: attributeList,
            fields: fieldList
        )
    }
}

/// One field declaration of `model.fields(…)`.
public struct ModelFieldDefinition: Sendable {
    /// The field it declares.
    package let modelField: ModelField

    /// A scalar, enum, embedded or explicitly typed field.
    public static func field(
        _ key: any CodingKey,
        is nullability: ModelFieldNullability = .required,
        isReadOnly: Bool = false,
        ofType type: ModelFieldType = .string,
        attributes: [ModelFieldAttribute] = [],
        association: ModelAssociation? = nil,
        authRules: AuthRules = []
    ) -> ModelFieldDefinition {
        ModelFieldDefinition(
            modelField: ModelField(
                name: key.stringValue, type: type, isRequired: nullability.isRequired, isReadOnly: isReadOnly,
                isArray: type.isArray, attributes: attributes, association: association, authRules: authRules))
    }

    /// The legacy `id` field declaration.
    public static func id(_ key: any CodingKey) -> ModelFieldDefinition {
        id(key.stringValue)
    }

    /// The legacy `id` field declaration.
    public static func id(_ name: String = "id") -> ModelFieldDefinition {
        ModelFieldDefinition(
            modelField: ModelField(name: name, type: .string, isRequired: true, attributes: [.primaryKey]))
    }

    private static func association(
        _ key: any CodingKey, nullability: ModelFieldNullability, isReadOnly: Bool, type: ModelFieldType,
        association: ModelAssociation, modelType: any Model.Type
    ) -> ModelFieldDefinition {
        ModelFieldDefinition(
            modelField: ModelField(
                name: key.stringValue, type: type, isRequired: nullability.isRequired, isReadOnly: isReadOnly,
                isArray: type.isArray, association: association, associatedModelType: modelType))
    }

    /// A list of `type` whose `associatedKey` field points back at this model.
    public static func hasMany(
        _ key: any CodingKey,
        is nullability: ModelFieldNullability = .required,
        isReadOnly: Bool = false,
        ofType type: any Model.Type,
        associatedWith associatedKey: any CodingKey
    ) -> ModelFieldDefinition {
        association(
            key, nullability: nullability, isReadOnly: isReadOnly, type: .collection(of: type),
            association: .hasMany(associatedWith: associatedKey), modelType: type)
    }

    /// A list of `type` whose `associatedKeys` fields point back at this model (composite keys).
    public static func hasMany(
        _ key: any CodingKey,
        is nullability: ModelFieldNullability = .required,
        isReadOnly: Bool = false,
        ofType type: any Model.Type,
        associatedFields associatedKeys: [any CodingKey]
    ) -> ModelFieldDefinition {
        association(
            key, nullability: nullability, isReadOnly: isReadOnly, type: .collection(of: type),
            association: .hasMany(associatedWith: associatedKeys.first, associatedFields: associatedKeys),
            modelType: type)
    }

    /// One `type` pointing back through `associatedKey`; `targetName` is the foreign key held here.
    public static func hasOne(
        _ key: any CodingKey,
        is nullability: ModelFieldNullability = .required,
        isReadOnly: Bool = false,
        ofType type: any Model.Type,
        associatedWith associatedKey: any CodingKey,
        targetName: String? = nil
    ) -> ModelFieldDefinition {
        hasOne(
            key, is: nullability, isReadOnly: isReadOnly, ofType: type, associatedWith: associatedKey,
            targetNames: targetName.map { [$0] } ?? [])
    }

    /// One `type` pointing back through `associatedKey`; `targetNames` are the foreign keys held here.
    public static func hasOne(
        _ key: any CodingKey,
        is nullability: ModelFieldNullability = .required,
        isReadOnly: Bool = false,
        ofType type: any Model.Type,
        associatedWith associatedKey: any CodingKey,
        targetNames: [String]
    ) -> ModelFieldDefinition {
        association(
            key, nullability: nullability, isReadOnly: isReadOnly, type: .model(type: type),
            association: .hasOne(associatedWith: associatedKey, targetNames: targetNames), modelType: type)
    }

    /// The owning side of an association; `targetName` is the foreign-key field.
    public static func belongsTo(
        _ key: any CodingKey,
        is nullability: ModelFieldNullability = .required,
        isReadOnly: Bool = false,
        ofType type: any Model.Type,
        associatedWith associatedKey: (any CodingKey)? = nil,
        targetName: String? = nil
    ) -> ModelFieldDefinition {
        belongsTo(
            key, is: nullability, isReadOnly: isReadOnly, ofType: type, associatedWith: associatedKey,
            targetNames: targetName.map { [$0] } ?? [])
    }

    /// The owning side of an association; `targetNames` are the foreign-key fields.
    public static func belongsTo(
        _ key: any CodingKey,
        is nullability: ModelFieldNullability = .required,
        isReadOnly: Bool = false,
        ofType type: any Model.Type,
        associatedWith associatedKey: (any CodingKey)? = nil,
        targetNames: [String]
    ) -> ModelFieldDefinition {
        association(
            key, nullability: nullability, isReadOnly: isReadOnly, type: .model(type: type),
            association: .belongsTo(associatedWith: associatedKey, targetNames: targetNames), modelType: type)
    }
}

/// The coding keys of generated models: `public enum CodingKeys: String, ModelKey`. Keys build
/// predicates: `Post.keys.title == "Hello"`.
public protocol ModelKey: CodingKey, CaseIterable, QueryFieldOperation {}

extension ModelKey {
    /// The field's name.
    public var fieldName: String { stringValue }
}
