// Executable-document AST (spec sections 2.2–2.12). Every node is a Sendable, Hashable value;
// equality ignores source locations (see `IgnoredByEquality`).

/// A parsed GraphQL document: an ordered list of definitions.
public struct Document: Sendable, Hashable {
    /// The definitions in source order.
    public var definitions: [Definition]
    /// Where the document starts.
    @IgnoredByEquality public var location: SourceLocation

    /// Creates a document from definitions.
    public init(definitions: [Definition], location: SourceLocation = .unknown) {
        self.definitions = definitions
        self.location = location
    }
}

/// One top-level definition of a document.
public enum Definition: Sendable, Hashable {
    /// `query`, `mutation`, `subscription` or an anonymous `{ … }`.
    case operation(OperationDefinition)
    /// `fragment Name on Type { … }`.
    case fragment(FragmentDefinition)
    /// `schema { … }`.
    case schema(SchemaDefinition)
    /// `extend schema …`.
    case schemaExtension(SchemaDefinition)
    /// `scalar`, `type`, `interface`, `union`, `enum` or `input`.
    case type(TypeDefinition)
    /// `extend scalar|type|interface|union|enum|input …`.
    case typeExtension(TypeDefinition)
    /// `directive @name … on LOCATIONS`.
    case directive(DirectiveDefinition)
}

/// The three kinds of operation.
public enum OperationType: String, Sendable, Hashable, CaseIterable {
    /// A read-only fetch.
    case query
    /// A write followed by a fetch.
    case mutation
    /// A long-lived request for a stream of events.
    case subscription
}

/// An operation: its type, optional name, variables, directives and selections.
public struct OperationDefinition: Sendable, Hashable {
    /// Query, mutation or subscription.
    public var operation: OperationType
    /// The operation's name; `nil` for anonymous operations.
    public var name: String?
    /// `($id: ID!, …)`.
    public var variableDefinitions: [VariableDefinition]
    /// Directives on the operation.
    public var directives: [Directive]
    /// The root selection set.
    public var selectionSet: SelectionSet
    /// Where the operation starts.
    @IgnoredByEquality public var location: SourceLocation

    /// Creates an operation.
    public init(
        operation: OperationType, name: String? = nil, variableDefinitions: [VariableDefinition] = [],
        directives: [Directive] = [], selectionSet: SelectionSet, location: SourceLocation = .unknown
    ) {
        self.operation = operation
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}

/// `$name: Type = default @directives`.
public struct VariableDefinition: Sendable, Hashable {
    /// The variable's name without `$`.
    public var name: String
    /// The declared input type.
    public var type: TypeReference
    /// The default value, if any.
    public var defaultValue: Value?
    /// Directives on the variable definition.
    public var directives: [Directive]
    /// Where the definition starts (its `$`).
    @IgnoredByEquality public var location: SourceLocation

    /// Creates a definition, e.g. for documents built in code.
    public init(
        name: String, type: TypeReference, defaultValue: Value? = nil, directives: [Directive] = [],
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.location = location
    }
}

/// A reference to a type: `Name`, `[Type]` or `Type!`.
public indirect enum TypeReference: Sendable, Hashable, CustomStringConvertible {
    /// A named type.
    case named(String)
    /// A list of the inner type.
    case list(TypeReference)
    /// The inner type, never null.
    case nonNull(TypeReference)

    /// The innermost named type.
    public var namedType: String {
        switch self {
        case .named(let name): return name
        case .list(let inner), .nonNull(let inner): return inner.namedType
        }
    }

    /// Whether the outermost wrapper is non-null.
    public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The type without an outer non-null wrapper.
    public var nullable: TypeReference {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// GraphQL notation, e.g. `[String!]!`.
    public var description: String {
        switch self {
        case .named(let name): return name
        case .list(let inner): return "[\(inner)]"
        case .nonNull(let inner): return "\(inner)!"
        }
    }
}

/// `{ selection … }`.
public struct SelectionSet: Sendable, Hashable {
    /// The selections in source order.
    public var selections: [Selection]
    /// Where the `{` is.
    @IgnoredByEquality public var location: SourceLocation

    /// Creates a selection set.
    public init(selections: [Selection], location: SourceLocation = .unknown) {
        self.selections = selections
        self.location = location
    }
}

/// One entry of a selection set.
public enum Selection: Sendable, Hashable {
    /// A field.
    case field(Field)
    /// `...FragmentName`.
    case fragmentSpread(FragmentSpread)
    /// `... on Type { … }` or `... @directive { … }`.
    case inlineFragment(InlineFragment)

    /// Where the selection starts.
    public var location: SourceLocation {
        switch self {
        case .field(let field): return field.location
        case .fragmentSpread(let spread): return spread.location
        case .inlineFragment(let fragment): return fragment.location
        }
    }
}

/// `alias: name(arguments) @directives { … }`.
public struct Field: Sendable, Hashable {
    /// The alias, if any.
    public var alias: String?
    /// The field's name in the schema.
    public var name: String
    /// Arguments in source order.
    public var arguments: [Argument]
    /// Directives on the field.
    public var directives: [Directive]
    /// Sub-selections, for fields of composite type.
    public var selectionSet: SelectionSet?
    /// Where the field (or its alias) starts.
    @IgnoredByEquality public var location: SourceLocation

    /// The key the field has in the response: its alias, else its name.
    public var responseKey: String { alias ?? name }

    /// Creates a field.
    public init(
        alias: String? = nil, name: String, arguments: [Argument] = [], directives: [Directive] = [],
        selectionSet: SelectionSet? = nil, location: SourceLocation = .unknown
    ) {
        self.alias = alias
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}

/// `name: value`, used by fields and directives.
public struct Argument: Sendable, Hashable {
    /// The argument's name.
    public var name: String
    /// The argument's value.
    public var value: Value
    /// Where the argument's name is.
    @IgnoredByEquality public var location: SourceLocation

    /// Creates an argument.
    public init(name: String, value: Value, location: SourceLocation = .unknown) {
        self.name = name
        self.value = value
        self.location = location
    }
}

/// `...Name @directives`.
public struct FragmentSpread: Sendable, Hashable {
    /// The spread fragment's name.
    public var name: String
    /// Directives on the spread.
    public var directives: [Directive]
    /// Where the `...` is.
    @IgnoredByEquality public var location: SourceLocation
}

/// `... on Type @directives { … }`; the type condition is optional.
public struct InlineFragment: Sendable, Hashable {
    /// The type condition, if any.
    public var typeCondition: String?
    /// Directives on the fragment.
    public var directives: [Directive]
    /// The fragment's selections.
    public var selectionSet: SelectionSet
    /// Where the `...` is.
    @IgnoredByEquality public var location: SourceLocation
}

/// `fragment Name on Type @directives { … }`.
public struct FragmentDefinition: Sendable, Hashable {
    /// The fragment's name.
    public var name: String
    /// The type the fragment applies to.
    public var typeCondition: String
    /// Directives on the fragment definition.
    public var directives: [Directive]
    /// The fragment's selections.
    public var selectionSet: SelectionSet
    /// Where the `fragment` keyword is.
    @IgnoredByEquality public var location: SourceLocation
}

/// `@name(arguments)`.
public struct Directive: Sendable, Hashable {
    /// The directive's name without `@`.
    public var name: String
    /// Arguments in source order.
    public var arguments: [Argument]
    /// Where the `@` is.
    @IgnoredByEquality public var location: SourceLocation

    /// Creates a directive.
    public init(name: String, arguments: [Argument] = [], location: SourceLocation = .unknown) {
        self.name = name
        self.arguments = arguments
        self.location = location
    }
}

/// An input value literal (spec 2.9).
public indirect enum Value: Sendable, Hashable {
    /// `$name`.
    case variable(String)
    /// An integer literal, kept as written.
    case int(String)
    /// A float literal, kept as written.
    case float(String)
    /// A string; `block` records whether it was written as a `"""` block string.
    case string(String, block: Bool)
    /// `true` or `false`.
    case boolean(Bool)
    /// `null`.
    case null
    /// An enum value name.
    case enumValue(String)
    /// `[ … ]`.
    case list([Value])
    /// `{ name: value, … }`.
    case object([ObjectField])
}

/// `name: value` inside an input object literal.
public struct ObjectField: Sendable, Hashable {
    /// The field's name.
    public var name: String
    /// The field's value.
    public var value: Value
    /// Where the field's name is.
    @IgnoredByEquality public var location: SourceLocation

    /// Creates an input object field.
    public init(name: String, value: Value, location: SourceLocation = .unknown) {
        self.name = name
        self.value = value
        self.location = location
    }
}
