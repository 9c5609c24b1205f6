// The building blocks of a ``Schema``: named types, fields, input values, enum values and
// directive definitions, as plain values that compare equal when they describe the same thing.

/// A named type of a schema: a scalar, object, interface, union, enum or input object.
/// Which members are meaningful depends on ``kind``.
package struct SchemaType: Sendable, Hashable {
    /// What kind of type this is.
    package var kind: TypeDefinitionKind
    /// The type's name.
    package var name: String
    /// The description, if any (empty descriptions are `nil`).
    package var description: String?
    /// Output fields, in definition order (objects and interfaces).
    package var fields: [SchemaField] = []
    /// Implemented interfaces, in definition order (objects and interfaces).
    package var interfaces: [String] = []
    /// Member types, in definition order (unions).
    package var unionMembers: [String] = []
    /// Values, in definition order (enums).
    package var enumValues: [SchemaEnumValue] = []
    /// Input fields, in definition order (input objects).
    package var inputFields: [SchemaInputValue] = []
    /// The `@specifiedBy(url:)` of a custom scalar.
    package var specifiedByURL: String?
    /// Whether an input object is a `@oneOf` input object.
    package var isOneOf = false
    /// Directives applied to the type in SDL (other than `@specifiedBy` and `@oneOf`), for
    /// tools such as code generators; introspection does not report them.
    package var directives: [Directive] = []

    /// Creates a type.
    package init(kind: TypeDefinitionKind, name: String, description: String? = nil) {
        self.kind = kind
        self.name = name
        self.description = description
    }

    /// The output field called `name`, if the type has one.
    package func field(named name: String) -> SchemaField? { fields.first { $0.name == name } }

    /// The input field called `name`, if the type has one.
    package func inputField(named name: String) -> SchemaInputValue? { inputFields.first { $0.name == name } }

    /// Whether values of this type are objects with fields (object, interface or union).
    package var isComposite: Bool { kind == .object || kind == .interface || kind == .union }

    /// Whether this is an interface or a union.
    package var isAbstract: Bool { kind == .interface || kind == .union }

    /// Whether the type may be used for variables and arguments (scalar, enum, input object).
    package var isInput: Bool { kind == .scalar || kind == .enum || kind == .inputObject }

    /// Whether the type may be the type of a field (anything but an input object).
    package var isOutput: Bool { kind != .inputObject }

    /// Whether the type is a leaf (scalar or enum).
    package var isLeaf: Bool { kind == .scalar || kind == .enum }
}

/// An output field of an object or interface type.
package struct SchemaField: Sendable, Hashable {
    /// The field's name.
    package var name: String
    /// The description, if any.
    package var description: String?
    /// The field's arguments in definition order.
    package var arguments: [SchemaInputValue]
    /// The field's type.
    package var type: TypeReference
    /// Why the field is deprecated, or `nil` when it is not.
    package var deprecationReason: String?
    /// Directives applied in SDL other than `@deprecated`.
    package var directives: [Directive] = []

    /// Creates a field.
    package init(
        name: String, description: String? = nil, arguments: [SchemaInputValue] = [], type: TypeReference,
        deprecationReason: String? = nil, directives: [Directive] = []
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.type = type
        self.deprecationReason = deprecationReason
        self.directives = directives
    }

    /// The argument called `name`, if the field has one.
    package func argument(named name: String) -> SchemaInputValue? { arguments.first { $0.name == name } }
}

/// An argument or input-object field.
package struct SchemaInputValue: Sendable, Hashable {
    /// The name.
    package var name: String
    /// The description, if any.
    package var description: String?
    /// The input type.
    package var type: TypeReference
    /// The default value, if any.
    package var defaultValue: Value?
    /// Why the value is deprecated, or `nil` when it is not.
    package var deprecationReason: String?
    /// Directives applied in SDL other than `@deprecated`.
    package var directives: [Directive] = []

    /// Creates an input value.
    package init(
        name: String, description: String? = nil, type: TypeReference, defaultValue: Value? = nil,
        deprecationReason: String? = nil, directives: [Directive] = []
    ) {
        self.name = name
        self.description = description
        self.type = type
        self.defaultValue = defaultValue
        self.deprecationReason = deprecationReason
        self.directives = directives
    }

    /// Whether a value must be given: non-null and without a default.
    package var isRequired: Bool { type.isNonNull && defaultValue == nil }
}

/// One value of an enum type.
package struct SchemaEnumValue: Sendable, Hashable {
    /// The value's name.
    package var name: String
    /// The description, if any.
    package var description: String?
    /// Why the value is deprecated, or `nil` when it is not.
    package var deprecationReason: String?
    /// Directives applied in SDL other than `@deprecated`.
    package var directives: [Directive] = []

    /// Creates an enum value.
    package init(
        name: String, description: String? = nil, deprecationReason: String? = nil,
        directives: [Directive] = []
    ) {
        self.name = name
        self.description = description
        self.deprecationReason = deprecationReason
        self.directives = directives
    }
}

/// A directive the schema knows: its arguments, where it may appear, and whether it repeats.
package struct SchemaDirective: Sendable, Hashable {
    /// The directive's name without `@`.
    package var name: String
    /// The description, if any.
    package var description: String?
    /// The directive's arguments.
    package var arguments: [SchemaInputValue]
    /// Whether it may appear more than once at one location.
    package var isRepeatable: Bool
    /// Where it may appear.
    package var locations: [DirectiveLocation]

    /// Creates a directive definition.
    package init(
        name: String, description: String? = nil, arguments: [SchemaInputValue] = [],
        isRepeatable: Bool = false, locations: [DirectiveLocation]
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.locations = locations
    }

    /// The argument called `name`, if the directive has one.
    package func argument(named name: String) -> SchemaInputValue? { arguments.first { $0.name == name } }
}
