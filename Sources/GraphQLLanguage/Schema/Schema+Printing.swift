extension Schema {
    /// The schema as SDL, as graphql-js's `printSchema` writes it: directive definitions, then the
    /// named types sorted by name, each with its description and `@deprecated` reasons, without the
    /// spec's built-in scalars, directives and introspection types; a `schema { … }` block only
    /// when the root types are not named `Query`, `Mutation` and `Subscription` or the schema has
    /// a description. What
    /// `switchboard codegen schema --introspect` writes from an introspection result.
    package var sdl: String {
        Printer.print(document) + "\n"
    }

    /// The type-system document ``sdl`` prints.
    package var document: Document {
        var definitions: [Definition] = []
        let conventional =
            (queryType ?? "Query") == "Query" && (mutationType ?? "Mutation") == "Mutation"
            && (subscriptionType ?? "Subscription") == "Subscription"
        if !conventional || description != nil {
            var operations: [OperationTypeDefinition] = []
            for (operation, name) in [
                (OperationType.query, queryType), (.mutation, mutationType), (.subscription, subscriptionType),
            ] {
                if let name {
                    operations.append(OperationTypeDefinition(operation: operation, type: name, location: .unknown))
                }
            }
            definitions.append(
                .schema(
                    SchemaDefinition(
                        description: Self.description(description), directives: [], operationTypes: operations,
                        location: .unknown)))
        }
        for directive in directives.values.sorted(by: { $0.name < $1.name })
        where !BuiltIns.directiveNames.contains(directive.name) {
            definitions.append(
                .directive(
                    DirectiveDefinition(
                        description: Self.description(directive.description), name: directive.name,
                        arguments: directive.arguments.map(Self.inputValue), isRepeatable: directive.isRepeatable,
                        locations: directive.locations, location: .unknown)))
        }
        for type in types.values.sorted(by: { $0.name < $1.name })
        where !type.name.hasPrefix("__") && !(type.kind == .scalar && BuiltIns.scalarNames.contains(type.name)) {
            definitions.append(.type(Self.definition(of: type)))
        }
        return Document(definitions: definitions)
    }

    private static func definition(of type: SchemaType) -> TypeDefinition {
        var directives: [Directive] = []
        if let url = type.specifiedByURL {
            directives.append(
                Directive(name: "specifiedBy", arguments: [Argument(name: "url", value: .string(url, block: false))]))
        }
        if type.isOneOf { directives.append(Directive(name: "oneOf")) }
        return TypeDefinition(
            kind: type.kind, description: description(type.description), name: type.name,
            interfaces: type.interfaces, directives: directives,
            fields: type.fields.map { field in
                FieldDefinition(
                    description: description(field.description), name: field.name,
                    arguments: field.arguments.map(inputValue), type: field.type,
                    directives: deprecation(field.deprecationReason))
            },
            unionMembers: type.unionMembers,
            enumValues: type.enumValues.map { value in
                EnumValueDefinition(
                    description: description(value.description), name: value.name,
                    directives: deprecation(value.deprecationReason))
            },
            inputFields: type.inputFields.map(inputValue))
    }

    private static func inputValue(_ value: SchemaInputValue) -> InputValueDefinition {
        InputValueDefinition(
            description: description(value.description), name: value.name, type: value.type,
            defaultValue: value.defaultValue, directives: deprecation(value.deprecationReason))
    }

    private static func description(_ text: String?) -> Description? {
        guard let text, !text.isEmpty else { return nil }
        return Description(value: text, isBlock: text.contains("\n"))
    }

    /// `@deprecated`, with the reason unless it is the default one.
    private static func deprecation(_ reason: String?) -> [Directive] {
        guard let reason else { return [] }
        if reason == "No longer supported" { return [Directive(name: "deprecated")] }
        return [
            Directive(name: "deprecated", arguments: [Argument(name: "reason", value: .string(reason, block: false))])
        ]
    }
}
