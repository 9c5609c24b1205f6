// Executable-document AST (spec sections 2.2–2.12). Every node is a Sendable, Hashable value;
// equality ignores source locations (see `IgnoredByEquality`).

/// A parsed GraphQL document: an ordered list of definitions.
package struct Document: Sendable, Hashable {
    /// The definitions in source order.
    package var definitions: [Definition]
    /// Where the document starts.
    @IgnoredByEquality package var location: SourceLocation

    /// Creates a document from definitions.
    package init(definitions: [Definition], location: SourceLocation = .unknown) {
        self.definitions = definitions
        self.location = location
    }
}

/// One top-level definition of a document.
package enum Definition: Sendable, Hashable {
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
package enum OperationType: String, Sendable, Hashable, CaseIterable {
    /// A read-only fetch.
    case query
    /// A write followed by a fetch.
    case mutation
    /// A long-lived request for a stream of events.
    case subscription
}

/// An operation: its type, optional name, variables, directives and selections.
package struct OperationDefinition: Sendable, Hashable {
    /// Query, mutation or subscription.
    package var operation: OperationType
    /// The operation's name; `nil` for anonymous operations.
    package var name: String?
    /// `($id: ID!, …)`.
    package var variableDefinitions: [VariableDefinition]
    /// Directives on the operation.
    package var directives: [Directive]
    /// The root selection set.
    package var selectionSet: SelectionSet
    /// Where the operation starts.
    @IgnoredByEquality package var location: SourceLocation

    /// Creates an operation.
    package init(
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
package struct VariableDefinition: Sendable, Hashable {
    /// The variable's name without `$`.
    package var name: String
    /// The declared input type.
    package var type: TypeReference
    /// The default value, if any.
    package var defaultValue: Value?
    /// Directives on the variable definition.
    package var directives: [Directive]
    /// Where the definition starts (its `$`).
    @IgnoredByEquality package var location: SourceLocation

    /// Creates a definition, e.g. for documents built in code.
    package init(
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
package indirect enum TypeReference: Sendable, Hashable, CustomStringConvertible {
    /// A named type.
    case named(String)
    /// A list of the inner type.
    case list(TypeReference)
    /// The inner type, never null.
    case nonNull(TypeReference)

    /// The innermost named type.
    package var namedType: String {
        switch self {
        case .named(let name): return name
        case .list(let inner), .nonNull(let inner): return inner.namedType
        }
    }

    /// Whether the outermost wrapper is non-null.
    package var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The type without an outer non-null wrapper.
    package var nullable: TypeReference {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// GraphQL notation, e.g. `[String!]!`.
    package var description: String {
        switch self {
        case .named(let name): return name
        case .list(let inner): return "[\(inner)]"
        case .nonNull(let inner): return "\(inner)!"
        }
    }
}

/// `{ selection … }`.
package struct SelectionSet: Sendable, Hashable {
    /// The selections in source order.
    package var selections: [Selection]
    /// Where the `{` is.
    @IgnoredByEquality package var location: SourceLocation

    /// Creates a selection set.
    package init(selections: [Selection], location: SourceLocation = .unknown) {
        self.selections = selections
        self.location = location
    }
}

/// One entry of a selection set.
package enum Selection: Sendable, Hashable {
    /// A field.
    case field(Field)
    /// `...FragmentName`.
    case fragmentSpread(FragmentSpread)
    /// `... on Type { … }` or `... @directive { … }`.
    case inlineFragment(InlineFragment)

    /// Where the selection starts.
    package var location: SourceLocation {
        switch self {
        case .field(let field): return field.location
        case .fragmentSpread(let spread): return spread.location
        case .inlineFragment(let fragment): return fragment.location
        }
    }
}

/// `alias: name(arguments) @directives { … }`.
package struct Field: Sendable, Hashable {
    /// The alias, if any.
    package var alias: String?
    /// The field's name in the schema.
    package var name: String
    /// Arguments in source order.
    package var arguments: [Argument]
    /// Directives on the field.
    package var directives: [Directive]
    /// Sub-selections, for fields of composite type.
    package var selectionSet: SelectionSet?
    /// Where the field (or its alias) starts.
    @IgnoredByEquality package var location: SourceLocation

    /// The key the field has in the response: its alias, else its name.
    package var responseKey: String { alias ?? name }

    /// Creates a field.
    package init(
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
package struct Argument: Sendable, Hashable {
    /// The argument's name.
    package var name: String
    /// The argument's value.
    package var value: Value
    /// Where the argument's name is.
    @IgnoredByEquality package var location: SourceLocation

    /// Creates an argument.
    package init(name: String, value: Value, location: SourceLocation = .unknown) {
        self.name = name
        self.value = value
        self.location = location
    }
}

/// `...Name @directives`.
package struct FragmentSpread: Sendable, Hashable {
    /// The spread fragment's name.
    package var name: String
    /// Directives on the spread.
    package var directives: [Directive]
    /// Where the `...` is.
    @IgnoredByEquality package var location: SourceLocation
}

/// `... on Type @directives { … }`; the type condition is optional.
package struct InlineFragment: Sendable, Hashable {
    /// The type condition, if any.
    package var typeCondition: String?
    /// Directives on the fragment.
    package var directives: [Directive]
    /// The fragment's selections.
    package var selectionSet: SelectionSet
    /// Where the `...` is.
    @IgnoredByEquality package var location: SourceLocation
}

/// `fragment Name on Type @directives { … }`.
package struct FragmentDefinition: Sendable, Hashable {
    /// The fragment's name.
    package var name: String
    /// The type the fragment applies to.
    package var typeCondition: String
    /// Directives on the fragment definition.
    package var directives: [Directive]
    /// The fragment's selections.
    package var selectionSet: SelectionSet
    /// Where the `fragment` keyword is.
    @IgnoredByEquality package var location: SourceLocation
}

/// `@name(arguments)`.
package struct Directive: Sendable, Hashable {
    /// The directive's name without `@`.
    package var name: String
    /// Arguments in source order.
    package var arguments: [Argument]
    /// Where the `@` is.
    @IgnoredByEquality package var location: SourceLocation

    /// Creates a directive.
    package init(name: String, arguments: [Argument] = [], location: SourceLocation = .unknown) {
        self.name = name
        self.arguments = arguments
        self.location = location
    }
}

/// An input value literal (spec 2.9).
package indirect enum Value: Sendable, Hashable {
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
package struct ObjectField: Sendable, Hashable {
    /// The field's name.
    package var name: String
    /// The field's value.
    package var value: Value
    /// Where the field's name is.
    @IgnoredByEquality package var location: SourceLocation

    /// Creates an input object field.
    package init(name: String, value: Value, location: SourceLocation = .unknown) {
        self.name = name
        self.value = value
        self.location = location
    }
}
