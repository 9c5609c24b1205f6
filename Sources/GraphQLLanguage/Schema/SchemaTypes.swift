// The building blocks of a ``Schema``: named types, fields, input values, enum values and
// directive definitions, as plain values that compare equal when they describe the same thing.

/// A named type of a schema: a scalar, object, interface, union, enum or input object.
/// Which members are meaningful depends on ``kind``.
public struct SchemaType: Sendable, Hashable {
    /// What kind of type this is.
    public var kind: TypeDefinitionKind
    /// The type's name.
    public var name: String
    /// The description, if any (empty descriptions are `nil`).
    public var description: String?
    /// Output fields, in definition order (objects and interfaces).
    public var fields: [SchemaField] = []
    /// Implemented interfaces, in definition order (objects and interfaces).
    public var interfaces: [String] = []
    /// Member types, in definition order (unions).
    public var unionMembers: [String] = []
    /// Values, in definition order (enums).
    public var enumValues: [SchemaEnumValue] = []
    /// Input fields, in definition order (input objects).
    public var inputFields: [SchemaInputValue] = []
    /// The `@specifiedBy(url:)` of a custom scalar.
    public var specifiedByURL: String?
    /// Whether an input object is a `@oneOf` input object.
    public var isOneOf = false
    /// Directives applied to the type in SDL (other than `@specifiedBy` and `@oneOf`), for
    /// tools such as code generators; introspection does not report them.
    public var directives: [Directive] = []

    /// Creates a type.
    public init(kind: TypeDefinitionKind, name: String, description: String? = nil) {
        self.kind = kind
        self.name = name
        self.description = description
    }

    /// The output field called `name`, if the type has one.
    public func field(named name: String) -> SchemaField? { fields.first { $0.name == name } }

    /// The input field called `name`, if the type has one.
    public func inputField(named name: String) -> SchemaInputValue? { inputFields.first { $0.name == name } }

    /// Whether values of this type are objects with fields (object, interface or union).
    public var isComposite: Bool { kind == .object || kind == .interface || kind == .union }

    /// Whether this is an interface or a union.
    public var isAbstract: Bool { kind == .interface || kind == .union }

    /// Whether the type may be used for variables and arguments (scalar, enum, input object).
    public var isInput: Bool { kind == .scalar || kind == .enum || kind == .inputObject }

    /// Whether the type may be the type of a field (anything but an input object).
    public var isOutput: Bool { kind != .inputObject }

    /// Whether the type is a leaf (scalar or enum).
    public var isLeaf: Bool { kind == .scalar || kind == .enum }
}

/// An output field of an object or interface type.
public struct SchemaField: Sendable, Hashable {
    /// The field's name.
    public var name: String
    /// The description, if any.
    public var description: String?
    /// The field's arguments in definition order.
    public var arguments: [SchemaInputValue]
    /// The field's type.
    public var type: TypeReference
    /// Why the field is deprecated, or `nil` when it is not.
    public var deprecationReason: String?
    /// Directives applied in SDL other than `@deprecated`.
    public var directives: [Directive] = []

    /// Creates a field.
    public init(
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
    public func argument(named name: String) -> SchemaInputValue? { arguments.first { $0.name == name } }
}

/// An argument or input-object field.
public struct SchemaInputValue: Sendable, Hashable {
    /// The name.
    public var name: String
    /// The description, if any.
    public var description: String?
    /// The input type.
    public var type: TypeReference
    /// The default value, if any.
    public var defaultValue: Value?
    /// Why the value is deprecated, or `nil` when it is not.
    public var deprecationReason: String?
    /// Directives applied in SDL other than `@deprecated`.
    public var directives: [Directive] = []

    /// Creates an input value.
    public init(
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
    public var isRequired: Bool { type.isNonNull && defaultValue == nil }
}

/// One value of an enum type.
public struct SchemaEnumValue: Sendable, Hashable {
    /// The value's name.
    public var name: String
    /// The description, if any.
    public var description: String?
    /// Why the value is deprecated, or `nil` when it is not.
    public var deprecationReason: String?
    /// Directives applied in SDL other than `@deprecated`.
    public var directives: [Directive] = []

    /// Creates an enum value.
    public init(
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
public struct SchemaDirective: Sendable, Hashable {
    /// The directive's name without `@`.
    public var name: String
    /// The description, if any.
    public var description: String?
    /// The directive's arguments.
    public var arguments: [SchemaInputValue]
    /// Whether it may appear more than once at one location.
    public var isRepeatable: Bool
    /// Where it may appear.
    public var locations: [DirectiveLocation]

    /// Creates a directive definition.
    public init(
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
    public func argument(named name: String) -> SchemaInputValue? { arguments.first { $0.name == name } }
}
