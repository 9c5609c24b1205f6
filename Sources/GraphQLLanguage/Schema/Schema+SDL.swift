extension Schema {
    /// Builds a schema from SDL text: type, directive and schema definitions and their extensions.
    /// Built-in scalars and directives are added; `options` declares AppSync's scalars and
    /// directives (or others) implicitly.
    package init(sdl: String, options: SchemaOptions = .init()) throws(SchemaError) {
        let document: Document
        do {
            document = try Parser.parse(sdl)
        } catch {
            throw SchemaError(.syntax(error), error.message, at: error.location)
        }
        try self.init(document: document, options: options)
    }

    /// Builds a schema from a parsed type-system document.
    package init(document: Document, options: SchemaOptions = .init()) throws(SchemaError) {
        var builder = SchemaBuilder()
        try builder.add(document.definitions)
        try builder.addImplicitDefinitions(options: options)
        self = try builder.finish()
    }
}

/// Assembles a ``Schema`` from type-system definitions, then checks every reference.
struct SchemaBuilder {
    var types: [String: SchemaType] = [:]
    var directives: [String: SchemaDirective] = [:]
    var locations: [String: SourceLocation] = [:]
    var roots: [OperationType: (name: String, location: SourceLocation)] = [:]
    var description: String?
    var hasSchemaDefinition = false
    // Applied directives to check once every directive definition is known.
    var appliedDirectives: [Directive] = []

    mutating func add(_ definitions: [Definition]) throws(SchemaError) {
        var extensions: [Definition] = []
        for definition in definitions {
            switch definition {
            case .operation(let operation):
                throw SchemaError(
                    .executableDefinition, "An operation cannot appear in a schema document.",
                    at: operation.location)
            case .fragment(let fragment):
                throw SchemaError(
                    .executableDefinition, "A fragment cannot appear in a schema document.",
                    at: fragment.location)
            case .schema(let schema):
                if hasSchemaDefinition {
                    throw SchemaError(
                        .duplicateDefinition, "Must provide only one schema definition.", at: schema.location)
                }
                hasSchemaDefinition = true
                description = normalized(schema.description?.value)
                try addSchema(schema)
            case .type(let definition):
                if types[definition.name] != nil {
                    throw SchemaError(
                        .duplicateDefinition,
                        "There can be only one type named \"\(definition.name)\".", at: definition.location)
                }
                types[definition.name] = try convert(definition)
                locations[definition.name] = definition.location
            case .directive(let definition):
                if directives[definition.name] != nil {
                    throw SchemaError(
                        .duplicateDefinition,
                        "There can be only one directive named \"@\(definition.name)\".",
                        at: definition.location)
                }
                directives[definition.name] = SchemaDirective(
                    name: definition.name, description: normalized(definition.description?.value),
                    arguments: try inputValues(definition.arguments, of: "@\(definition.name)"),
                    isRepeatable: definition.isRepeatable, locations: definition.locations)
            case .schemaExtension, .typeExtension:
                extensions.append(definition)
            }
        }
        // Extensions apply after every definition, so they may precede what they extend.
        for definition in extensions {
            switch definition {
            case .schemaExtension(let schema): try addSchema(schema)
            case .typeExtension(let definition): try extend(with: definition)
            default: break
            }
        }
    }

    private mutating func addSchema(_ schema: SchemaDefinition) throws(SchemaError) {
        appliedDirectives += schema.directives
        for entry in schema.operationTypes {
            if roots[entry.operation] != nil {
                throw SchemaError(
                    .duplicateDefinition, "Type for \(entry.operation.rawValue) already defined in the schema.",
                    at: entry.location)
            }
            roots[entry.operation] = (entry.type, entry.location)
        }
    }

    private mutating func convert(_ definition: TypeDefinition) throws(SchemaError) -> SchemaType {
        var type = SchemaType(
            kind: definition.kind, name: definition.name,
            description: normalized(definition.description?.value))
        try merge(definition, into: &type)
        return type
    }

    private mutating func extend(with definition: TypeDefinition) throws(SchemaError) {
        guard var type = types[definition.name] else {
            throw SchemaError(
                .invalidExtension,
                "Cannot extend type \"\(definition.name)\" because it is not defined.", at: definition.location)
        }
        guard type.kind == definition.kind else {
            throw SchemaError(
                .invalidExtension,
                "Cannot extend non-\(definition.kind.rawValue) type \"\(definition.name)\".",
                at: definition.location)
        }
        try merge(definition, into: &type)
        types[definition.name] = type
    }

    /// Adds a definition's or extension's members to a type, rejecting duplicates.
    private mutating func merge(_ definition: TypeDefinition, into type: inout SchemaType) throws(SchemaError) {
        let name = definition.name
        for directive in definition.directives {
            appliedDirectives.append(directive)
            switch directive.name {
            case "specifiedBy":
                if case .string(let url, _)? = directive.arguments.first(where: { $0.name == "url" })?.value {
                    type.specifiedByURL = url
                }
            case "oneOf": type.isOneOf = true
            default: type.directives.append(directive)
            }
        }
        for interface in definition.interfaces {
            if type.interfaces.contains(interface) {
                throw SchemaError(
                    .duplicateMember, "Type \"\(name)\" can only implement \"\(interface)\" once.",
                    at: definition.location)
            }
            type.interfaces.append(interface)
        }
        for field in definition.fields {
            if type.fields.contains(where: { $0.name == field.name }) {
                throw SchemaError(
                    .duplicateMember, "Field \"\(name).\(field.name)\" can only be defined once.",
                    at: field.location)
            }
            appliedDirectives += field.directives
            type.fields.append(
                SchemaField(
                    name: field.name, description: normalized(field.description?.value),
                    arguments: try inputValues(field.arguments, of: "\(name).\(field.name)"), type: field.type,
                    deprecationReason: deprecationReason(field.directives),
                    directives: withoutDeprecated(field.directives)))
        }
        for member in definition.unionMembers {
            if type.unionMembers.contains(member) {
                throw SchemaError(
                    .duplicateMember, "Union type \"\(name)\" can only include type \"\(member)\" once.",
                    at: definition.location)
            }
            type.unionMembers.append(member)
        }
        for value in definition.enumValues {
            if type.enumValues.contains(where: { $0.name == value.name }) {
                throw SchemaError(
                    .duplicateMember, "Enum value \"\(name).\(value.name)\" can only be defined once.",
                    at: value.location)
            }
            appliedDirectives += value.directives
            type.enumValues.append(
                SchemaEnumValue(
                    name: value.name, description: normalized(value.description?.value),
                    deprecationReason: deprecationReason(value.directives),
                    directives: withoutDeprecated(value.directives)))
        }
        let inputFields = try inputValues(definition.inputFields, of: name)
        for field in inputFields where type.inputFields.contains(where: { $0.name == field.name }) {
            throw SchemaError(
                .duplicateMember, "Field \"\(name).\(field.name)\" can only be defined once.",
                at: definition.location)
        }
        type.inputFields += inputFields
    }

    private mutating func inputValues(_ definitions: [InputValueDefinition], of owner: String) throws(SchemaError)
        -> [SchemaInputValue]
    {
        var values: [SchemaInputValue] = []
        for definition in definitions {
            if values.contains(where: { $0.name == definition.name }) {
                throw SchemaError(
                    .duplicateMember,
                    "Argument \"\(owner)(\(definition.name):)\" can only be defined once.",
                    at: definition.location)
            }
            appliedDirectives += definition.directives
            values.append(
                SchemaInputValue(
                    name: definition.name, description: normalized(definition.description?.value),
                    type: definition.type,
                    defaultValue: definition.defaultValue, deprecationReason: deprecationReason(definition.directives),
                    directives: withoutDeprecated(definition.directives)))
        }
        return values
    }

    private func deprecationReason(_ directives: [Directive]) -> String? {
        guard let deprecated = directives.first(where: { $0.name == "deprecated" }) else { return nil }
        if case .string(let reason, _)? = deprecated.arguments.first(where: { $0.name == "reason" })?.value {
            return reason
        }
        return "No longer supported"
    }

    private func withoutDeprecated(_ directives: [Directive]) -> [Directive] {
        directives.filter { $0.name != "deprecated" }
    }

    // MARK: - Built-ins and finishing

    mutating func addImplicitDefinitions(options: SchemaOptions) throws(SchemaError) {
        var scalars = BuiltIns.scalarNames + options.implicitScalars
        if options.declaresAppSyncScalars { scalars += BuiltIns.appSyncScalarNames }
        for name in scalars where types[name] == nil {
            types[name] = SchemaType(kind: .scalar, name: name)
        }
        var directiveSDL = BuiltIns.directivesSDL
        if options.declaresAppSyncDirectives { directiveSDL += "\n" + BuiltIns.appSyncDirectivesSDL }
        var implicit = SchemaBuilder()
        try implicit.add(Self.parseBuiltIn(directiveSDL + "\n" + BuiltIns.introspectionSDL))
        for (name, directive) in implicit.directives where directives[name] == nil {
            directives[name] = directive
        }
        for (name, type) in implicit.types where types[name] == nil {
            types[name] = type
        }
    }

    static func parseBuiltIn(_ sdl: String) -> [Definition] {
        // The built-in SDL is a constant covered by tests; it always parses.
        (try? Parser.parse(sdl))?.definitions ?? []
    }

    func finish() throws(SchemaError) -> Schema {
        var schema = Schema(types: types, directives: directives, description: description)
        var roots = roots
        if !hasSchemaDefinition {
            // Without a schema definition the roots are the types named by convention, which
            // `extend schema` may add to.
            for (operation, name) in [
                (OperationType.query, "Query"), (.mutation, "Mutation"), (.subscription, "Subscription"),
            ]
            where roots[operation] == nil && types[name]?.kind == .object {
                roots[operation] = (name, locations[name] ?? .unknown)
            }
        }
        for (operation, root) in roots {
            guard let type = types[root.name] else {
                throw SchemaError(.unknownType, "Unknown type \"\(root.name)\".", at: root.location)
            }
            guard type.kind == .object else {
                throw SchemaError(
                    .invalidRootType,
                    "\(operation.rawValue.capitalized) root type must be Object type, it cannot be \(root.name).",
                    at: root.location)
            }
        }
        schema.queryType = roots[.query]?.name
        schema.mutationType = roots[.mutation]?.name
        schema.subscriptionType = roots[.subscription]?.name
        try checkReferences(schema)
        return schema
    }

    private func checkReferences(_ schema: Schema) throws(SchemaError) {
        for directive in appliedDirectives where schema.directives[directive.name] == nil {
            throw SchemaError(.unknownDirective, "Unknown directive \"@\(directive.name)\".", at: directive.location)
        }
        for directive in schema.directives.values.sorted(by: { $0.name < $1.name }) {
            for argument in directive.arguments {
                try checkInput(argument.type, schema, "@\(directive.name)(\(argument.name):)", location: nil)
            }
        }
        for type in schema.types.values.sorted(by: { $0.name < $1.name }) {
            let location = locations[type.name]
            for field in type.fields {
                let named = field.type.namedType
                guard let fieldType = schema.types[named] else {
                    throw SchemaError(.unknownType, "Unknown type \"\(named)\".", at: location)
                }
                guard fieldType.isOutput else {
                    throw SchemaError(
                        .wrongKind,
                        "The type of \(type.name).\(field.name) must be Output Type but got: \(field.type).",
                        at: location)
                }
                for argument in field.arguments {
                    try checkInput(
                        argument.type, schema, "\(type.name).\(field.name)(\(argument.name):)", location: location)
                }
            }
            for field in type.inputFields {
                try checkInput(field.type, schema, "\(type.name).\(field.name)", location: location)
            }
            for member in type.unionMembers {
                guard let memberType = schema.types[member] else {
                    throw SchemaError(.unknownType, "Unknown type \"\(member)\".", at: location)
                }
                guard memberType.kind == .object else {
                    throw SchemaError(
                        .wrongKind,
                        "Union type \(type.name) can only include Object types, it cannot include \(member).",
                        at: location)
                }
            }
            for interfaceName in type.interfaces {
                guard let interface = schema.types[interfaceName] else {
                    throw SchemaError(.unknownType, "Unknown type \"\(interfaceName)\".", at: location)
                }
                guard interface.kind == .interface else {
                    throw SchemaError(
                        .wrongKind,
                        "Type \(type.name) must only implement Interface types, it cannot implement \(interfaceName).",
                        at: location)
                }
                for required in interface.fields {
                    guard let field = type.field(named: required.name) else {
                        throw SchemaError(
                            .interfaceNotImplemented,
                            "Interface field \(interfaceName).\(required.name) expected but \(type.name) does not provide it.",
                            at: location)
                    }
                    guard schema.isSubtype(field.type, of: required.type) else {
                        throw SchemaError(
                            .interfaceNotImplemented,
                            "Interface field \(interfaceName).\(required.name) expects type \(required.type) but \(type.name).\(field.name) is type \(field.type).",
                            at: location)
                    }
                }
            }
        }
    }

    private func checkInput(_ reference: TypeReference, _ schema: Schema, _ owner: String, location: SourceLocation?)
        throws(SchemaError)
    {
        guard let type = schema.types[reference.namedType] else {
            throw SchemaError(.unknownType, "Unknown type \"\(reference.namedType)\".", at: location)
        }
        guard type.isInput else {
            throw SchemaError(
                .wrongKind, "The type of \(owner) must be Input Type but got: \(reference).", at: location)
        }
    }
}

/// Descriptions that are empty say nothing; introspection reports missing ones as `""` or `null`.
func normalized(_ description: String?) -> String? {
    guard let description, !description.isEmpty else { return nil }
    return description
}
