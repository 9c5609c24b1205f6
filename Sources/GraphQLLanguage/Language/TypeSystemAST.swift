// Type-system AST (spec section 3): schema, type, extension and directive definitions.

/// A description string attached to a definition, remembering whether it was a block string.
package struct Description: Sendable, Hashable {
    /// The description text.
    package var value: String
    /// Whether it was written as a `"""` block string.
    package var isBlock: Bool

    /// Creates a description.
    package init(value: String, isBlock: Bool = true) {
        self.value = value
        self.isBlock = isBlock
    }
}

/// `schema { query: Query … }` or `extend schema …`.
package struct SchemaDefinition: Sendable, Hashable {
    /// The schema's description (never set on extensions).
    package var description: Description?
    /// Directives on the schema.
    package var directives: [Directive]
    /// Root operation types.
    package var operationTypes: [OperationTypeDefinition]
    /// Where the definition starts.
    @IgnoredByEquality package var location: SourceLocation
}

/// `query: TypeName` inside a schema definition.
package struct OperationTypeDefinition: Sendable, Hashable {
    /// The operation.
    package var operation: OperationType
    /// The root type's name.
    package var type: String
    /// Where the entry starts.
    @IgnoredByEquality package var location: SourceLocation
}

/// The six kinds of named type definitions.
package enum TypeDefinitionKind: String, Sendable, Hashable, CaseIterable {
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
package struct TypeDefinition: Sendable, Hashable {
    /// What kind of type this defines.
    package var kind: TypeDefinitionKind
    /// The description (never set on extensions).
    package var description: Description?
    /// The type's name.
    package var name: String
    /// Implemented interfaces (objects and interfaces).
    package var interfaces: [String] = []
    /// Directives on the type.
    package var directives: [Directive] = []
    /// Output fields (objects and interfaces).
    package var fields: [FieldDefinition] = []
    /// Member types (unions).
    package var unionMembers: [String] = []
    /// Values (enums).
    package var enumValues: [EnumValueDefinition] = []
    /// Input fields (input objects).
    package var inputFields: [InputValueDefinition] = []
    /// Where the definition starts.
    @IgnoredByEquality package var location: SourceLocation = .unknown

    /// Creates a definition; members that do not apply to `kind` stay empty.
    package init(
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
package struct FieldDefinition: Sendable, Hashable {
    /// The field's description.
    package var description: Description?
    /// The field's name.
    package var name: String
    /// The field's arguments.
    package var arguments: [InputValueDefinition]
    /// The field's type.
    package var type: TypeReference
    /// Directives on the field definition.
    package var directives: [Directive]
    /// Where the field starts.
    @IgnoredByEquality package var location: SourceLocation

    /// Creates a field definition, e.g. for schemas built in code.
    package init(
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
package struct InputValueDefinition: Sendable, Hashable {
    /// The description.
    package var description: Description?
    /// The name.
    package var name: String
    /// The input type.
    package var type: TypeReference
    /// The default value, if any.
    package var defaultValue: Value?
    /// Directives on the definition.
    package var directives: [Directive]
    /// Where the definition starts.
    @IgnoredByEquality package var location: SourceLocation

    /// Creates an argument or input field definition.
    package init(
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
package struct EnumValueDefinition: Sendable, Hashable {
    /// The description.
    package var description: Description?
    /// The value's name.
    package var name: String
    /// Directives on the value.
    package var directives: [Directive]
    /// Where the value starts.
    @IgnoredByEquality package var location: SourceLocation

    /// Creates an enum value definition.
    package init(
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
package struct DirectiveDefinition: Sendable, Hashable {
    /// The description.
    package var description: Description?
    /// The directive's name without `@`.
    package var name: String
    /// The directive's arguments.
    package var arguments: [InputValueDefinition]
    /// Whether the directive may appear more than once at one location.
    package var isRepeatable: Bool
    /// Where the directive may appear.
    package var locations: [DirectiveLocation]
    /// Where the definition starts.
    @IgnoredByEquality package var location: SourceLocation
}

/// Places a directive may be used (spec 3.13).
package enum DirectiveLocation: String, Sendable, Hashable, CaseIterable {
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
