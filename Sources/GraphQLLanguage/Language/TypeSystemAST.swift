// Type-system AST (spec section 3): schema, type, extension and directive definitions.

/// A description string attached to a definition, remembering whether it was a block string.
public struct Description: Sendable, Hashable {
    /// The description text.
    public var value: String
    /// Whether it was written as a `"""` block string.
    public var isBlock: Bool

    /// Creates a description.
    public init(value: String, isBlock: Bool = true) {
        self.value = value
        self.isBlock = isBlock
    }
}

/// `schema { query: Query … }` or `extend schema …`.
public struct SchemaDefinition: Sendable, Hashable {
    /// The schema's description (never set on extensions).
    public var description: Description?
    /// Directives on the schema.
    public var directives: [Directive]
    /// Root operation types.
    public var operationTypes: [OperationTypeDefinition]
    /// Where the definition starts.
    @IgnoredByEquality public var location: SourceLocation
}

/// `query: TypeName` inside a schema definition.
public struct OperationTypeDefinition: Sendable, Hashable {
    /// The operation.
    public var operation: OperationType
    /// The root type's name.
    public var type: String
    /// Where the entry starts.
    @IgnoredByEquality public var location: SourceLocation
}

/// The six kinds of named type definitions.
public enum TypeDefinitionKind: String, Sendable, Hashable, CaseIterable {
    /// `scalar`.
    case scalar
    /// `type`.
    case object = "type"
    /// `interface`.
    case interface
    /// `union`.
    case union
    /// `enum`.
    case `enum`
    /// `input`.
    case inputObject = "input"
}

/// A named type definition or extension. Which members are meaningful depends on `kind`:
/// `interfaces` and `fields` for objects and interfaces, `unionMembers` for unions,
/// `enumValues` for enums and `inputFields` for input objects.
public struct TypeDefinition: Sendable, Hashable {
    /// What kind of type this defines.
    public var kind: TypeDefinitionKind
    /// The description (never set on extensions).
    public var description: Description?
    /// The type's name.
    public var name: String
    /// Implemented interfaces (objects and interfaces).
    public var interfaces: [String] = []
    /// Directives on the type.
    public var directives: [Directive] = []
    /// Output fields (objects and interfaces).
    public var fields: [FieldDefinition] = []
    /// Member types (unions).
    public var unionMembers: [String] = []
    /// Values (enums).
    public var enumValues: [EnumValueDefinition] = []
    /// Input fields (input objects).
    public var inputFields: [InputValueDefinition] = []
    /// Where the definition starts.
    @IgnoredByEquality public var location: SourceLocation = .unknown

    /// Creates a definition; members that do not apply to `kind` stay empty.
    public init(
        kind: TypeDefinitionKind, description: Description? = nil, name: String, interfaces: [String] = [],
        directives: [Directive] = [], fields: [FieldDefinition] = [], unionMembers: [String] = [],
        enumValues: [EnumValueDefinition] = [], inputFields: [InputValueDefinition] = [],
        location: SourceLocation = .unknown
    ) {
        self.kind = kind
        self.description = description
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.unionMembers = unionMembers
        self.enumValues = enumValues
        self.inputFields = inputFields
        self.location = location
    }
}

/// An output field: `name(arguments): Type @directives`.
public struct FieldDefinition: Sendable, Hashable {
    /// The field's description.
    public var description: Description?
    /// The field's name.
    public var name: String
    /// The field's arguments.
    public var arguments: [InputValueDefinition]
    /// The field's type.
    public var type: TypeReference
    /// Directives on the field definition.
    public var directives: [Directive]
    /// Where the field starts.
    @IgnoredByEquality public var location: SourceLocation

    /// Creates a field definition, e.g. for schemas built in code.
    public init(
        description: Description? = nil, name: String, arguments: [InputValueDefinition] = [],
        type: TypeReference, directives: [Directive] = [], location: SourceLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.type = type
        self.directives = directives
        self.location = location
    }
}

/// An argument or input field: `name: Type = default @directives`.
public struct InputValueDefinition: Sendable, Hashable {
    /// The description.
    public var description: Description?
    /// The name.
    public var name: String
    /// The input type.
    public var type: TypeReference
    /// The default value, if any.
    public var defaultValue: Value?
    /// Directives on the definition.
    public var directives: [Directive]
    /// Where the definition starts.
    @IgnoredByEquality public var location: SourceLocation

    /// Creates an argument or input field definition.
    public init(
        description: Description? = nil, name: String, type: TypeReference, defaultValue: Value? = nil,
        directives: [Directive] = [], location: SourceLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.location = location
    }
}

/// One enum value: `NAME @directives`.
public struct EnumValueDefinition: Sendable, Hashable {
    /// The description.
    public var description: Description?
    /// The value's name.
    public var name: String
    /// Directives on the value.
    public var directives: [Directive]
    /// Where the value starts.
    @IgnoredByEquality public var location: SourceLocation

    /// Creates an enum value definition.
    public init(
        description: Description? = nil, name: String, directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.location = location
    }
}

/// `directive @name(arguments) repeatable on LOCATIONS`.
public struct DirectiveDefinition: Sendable, Hashable {
    /// The description.
    public var description: Description?
    /// The directive's name without `@`.
    public var name: String
    /// The directive's arguments.
    public var arguments: [InputValueDefinition]
    /// Whether the directive may appear more than once at one location.
    public var isRepeatable: Bool
    /// Where the directive may appear.
    public var locations: [DirectiveLocation]
    /// Where the definition starts.
    @IgnoredByEquality public var location: SourceLocation
}

/// Places a directive may be used (spec 3.13).
public enum DirectiveLocation: String, Sendable, Hashable, CaseIterable {
    /// On a query operation.
    case query = "QUERY"
    /// On a mutation operation.
    case mutation = "MUTATION"
    /// On a subscription operation.
    case subscription = "SUBSCRIPTION"
    /// On a field selection.
    case field = "FIELD"
    /// On a fragment definition.
    case fragmentDefinition = "FRAGMENT_DEFINITION"
    /// On a fragment spread.
    case fragmentSpread = "FRAGMENT_SPREAD"
    /// On an inline fragment.
    case inlineFragment = "INLINE_FRAGMENT"
    /// On a variable definition.
    case variableDefinition = "VARIABLE_DEFINITION"
    /// On the schema definition.
    case schema = "SCHEMA"
    /// On a scalar definition.
    case scalar = "SCALAR"
    /// On an object type definition.
    case object = "OBJECT"
    /// On a field definition.
    case fieldDefinition = "FIELD_DEFINITION"
    /// On an argument definition.
    case argumentDefinition = "ARGUMENT_DEFINITION"
    /// On an interface definition.
    case interface = "INTERFACE"
    /// On a union definition.
    case union = "UNION"
    /// On an enum definition.
    case `enum` = "ENUM"
    /// On an enum value definition.
    case enumValue = "ENUM_VALUE"
    /// On an input object definition.
    case inputObject = "INPUT_OBJECT"
    /// On an input field definition.
    case inputFieldDefinition = "INPUT_FIELD_DEFINITION"
}
