import GraphQLLanguage
import ModelTransform

/// One field as the generated Swift declares it: its GraphQL name and type, and, for relational
/// fields, the association Amplify's codegen writes.
struct SwiftField {
    /// How a relational field loads the other model.
    enum Association {
        /// `List<related>?`, found through the named fields of the related model (its `@belongsTo`
        /// field, or the foreign-key fields).
        case hasMany(related: String, associatedFields: [String])
        /// One related model that points back through `associatedWith`; `targetNames` are the
        /// foreign keys this model holds (none when the related model holds them).
        case hasOne(related: String, associatedWith: String, targetNames: [String])
        /// The model this one points to through its `targetNames` foreign keys.
        case belongsTo(related: String, targetNames: [String])

        /// The related model's name.
        var related: String {
            switch self {
            case .hasMany(let related, _), .hasOne(let related, _, _), .belongsTo(let related, _): return related
            }
        }
    }

    /// The GraphQL field name, which is also the coding key.
    let name: String
    /// The GraphQL type.
    let type: TypeReference
    /// What one value is.
    let kind: ModelField.Kind
    /// The association of a relational field.
    let association: Association?
    /// Whether the field is part of the primary key (declared `let`).
    let isPrimaryKey: Bool
    /// Whether the server sets the field (timestamps): left out of the public initializer.
    let isReadOnly: Bool
    /// The `@default(value:)` literal.
    let defaultValue: String?
    /// Whether the classic form stores the related model in an `AssociatedModelBox` (the models
    /// refer to each other, which structs cannot do by value).
    var isBoxed = false
    /// The GraphQL scalar `ofType:` cannot say, written as `attributes: [.graphQLType("ID")]`:
    /// set where `.string` stands for something other than `ID` on the hash key and `String`
    /// elsewhere (see ``graphQLTypeHint(for:isHashKey:)``).
    var graphQLTypeHint: String?

    /// The scalar name a field's `ofType:` does not imply: the runtime reads `.string` as `ID` on the
    /// hash key and `String` elsewhere, which is wrong for `postID: ID!`, an `email: String!` hash
    /// key or the `AWSEmail`/`AWSJSON`/`AWSURL`/`AWSPhone`/`AWSIPAddress` scalars.
    static func graphQLTypeHint(for kind: ModelField.Kind, isHashKey: Bool) -> String? {
        guard case .scalar(let scalar) = kind, SwiftTypeMapping.fieldType(of: scalar) == ".string" else {
            return nil
        }
        return scalar == (isHashKey ? .id : .string) ? nil : scalar.rawValue
    }

    /// The name as a Swift identifier.
    var identifier: String { SwiftIdentifier.escaped(name) }

    /// Whether the field is non-null in GraphQL.
    var isRequired: Bool { type.isNonNull }

    /// Whether the field is a list that is not a `hasMany` (an embedded collection).
    var isEmbeddedList: Bool {
        guard association == nil, case .list = type.nullable else { return false }
        return true
    }

    /// Whether the list's elements are non-null (`[String!]`).
    var isElementRequired: Bool {
        if case .list(let element) = type.nullable { return element.isNonNull }
        return false
    }

    /// Whether the field is a `hasMany` list.
    var isHasMany: Bool {
        if case .hasMany? = association { return true }
        return false
    }

    /// Whether the field is a `hasOne` or `belongsTo` model.
    var isSingleAssociation: Bool {
        association != nil && !isHasMany
    }

    /// The Swift type of one value (of an element, for lists): `String`, `Temporal.Date`, `Post`.
    var elementType: String { SwiftTypeMapping.swiftType(of: kind) }

    /// The declared Swift type in the classic form: `List<Comment>?` for `hasMany` (always optional),
    /// `[String?]?` for `[String]`, `[E]` for `[E!]!`, `Post?` for an optional `belongsTo`.
    var swiftType: String {
        if isHasMany { return "List<\(elementType)>?" }
        if isEmbeddedList {
            let element = elementType + (isElementRequired ? "" : "?")
            return "[\(element)]" + (isRequired ? "" : "?")
        }
        return elementType + (isRequired ? "" : "?")
    }

    /// The initializer parameter's default value: a new UUID for a model's `id`, `nil` for optional
    /// fields, `[]` for lists, the `@default` literal of a required field; `nil` when the parameter has none.
    func parameterDefault(generatesID: Bool) -> String? {
        if generatesID && name == "id" && elementType == "String" && !isEmbeddedList { return "UUID().uuidString" }
        if isHasMany { return "[]" }
        if !isRequired { return "nil" }
        if isEmbeddedList { return "[]" }
        if let defaultValue, association == nil { return SwiftTypeMapping.defaultLiteral(defaultValue, kind: kind) }
        return nil
    }

    /// `name: Type = default`, an initializer parameter of a model (whose `id` defaults to a new UUID).
    var parameter: String { parameter(generatesID: true) }

    /// `name: Type = default`, an initializer parameter.
    func parameter(generatesID: Bool) -> String {
        "\(identifier): \(swiftType)" + (parameterDefault(generatesID: generatesID).map { " = \($0)" } ?? "")
    }
}
