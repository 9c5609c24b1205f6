// Type-system productions (spec section 3): schema, types, directives and their extensions.
extension Parser {
    mutating func parseDescription() throws(GraphQLSyntaxError) -> Description? {
        guard peek(.string) || peek(.blockString) else { return nil }
        let description = Description(value: token.value, isBlock: token.kind == .blockString)
        try advance()
        return description
    }

    mutating func parseSchemaDefinition() throws(GraphQLSyntaxError) -> SchemaDefinition {
        let start = token.location
        let description = try parseDescription()
        try expectKeyword("schema")
        let directives = try parseDirectives(constant: true)
        try expect(.braceLeft)
        var operationTypes: [OperationTypeDefinition] = []
        repeat {
            operationTypes.append(try parseOperationTypeDefinition())
        } while !(try skip(.braceRight))
        return SchemaDefinition(
            description: description, directives: directives,
            operationTypes: operationTypes, location: start)
    }

    mutating func parseOperationTypeDefinition() throws(GraphQLSyntaxError) -> OperationTypeDefinition {
        let start = token.location
        let operation = try parseOperationType()
        try expect(.colon)
        return OperationTypeDefinition(operation: operation, type: try parseName(), location: start)
    }

    mutating func parseTypeDefinition() throws(GraphQLSyntaxError) -> TypeDefinition {
        let start = token.location
        let description = try parseDescription()
        var definition = try parseTypeBody(extension: false)
        definition.description = description
        definition.location = start
        return definition
    }

    /// Everything after the description: keyword, name and the kind-specific members. In an
    /// extension at least one of interfaces, directives or members must be present.
    mutating func parseTypeBody(extension isExtension: Bool) throws(GraphQLSyntaxError) -> TypeDefinition {
        let start = token.location
        guard token.kind == .name, let kind = TypeDefinitionKind(rawValue: token.value) else { throw unexpected() }
        try advance()
        var definition = TypeDefinition(kind: kind, name: try parseName(), location: start)
        switch kind {
        case .scalar:
            definition.directives = try parseDirectives(constant: true)
            if isExtension && definition.directives.isEmpty { throw unexpected() }
        case .object, .interface:
            definition.interfaces = try parseImplementsInterfaces()
            definition.directives = try parseDirectives(constant: true)
            definition.fields = try parseFieldsDefinition()
            if isExtension && definition.interfaces.isEmpty && definition.directives.isEmpty
                && definition.fields.isEmpty
            {
                throw unexpected()
            }
        case .union:
            definition.directives = try parseDirectives(constant: true)
            if try skip(.equals) {
                _ = try skip(.pipe)
                repeat {
                    definition.unionMembers.append(try parseName())
                } while try skip(.pipe)
            }
            if isExtension && definition.directives.isEmpty && definition.unionMembers.isEmpty { throw unexpected() }
        case .enum:
            definition.directives = try parseDirectives(constant: true)
            if try skip(.braceLeft) {
                repeat {
                    definition.enumValues.append(try parseEnumValueDefinition())
                } while !(try skip(.braceRight))
            }
            if isExtension && definition.directives.isEmpty && definition.enumValues.isEmpty { throw unexpected() }
        case .inputObject:
            definition.directives = try parseDirectives(constant: true)
            if try skip(.braceLeft) {
                repeat {
                    definition.inputFields.append(try parseInputValueDefinition())
                } while !(try skip(.braceRight))
            }
            if isExtension && definition.directives.isEmpty && definition.inputFields.isEmpty { throw unexpected() }
        }
        return definition
    }

    mutating func parseImplementsInterfaces() throws(GraphQLSyntaxError) -> [String] {
        guard peekKeyword("implements") else { return [] }
        try advance()
        _ = try skip(.ampersand)
        var names: [String] = []
        repeat {
            names.append(try parseName())
        } while try skip(.ampersand)
        return names
    }

    mutating func parseFieldsDefinition() throws(GraphQLSyntaxError) -> [FieldDefinition] {
        guard try skip(.braceLeft) else { return [] }
        var fields: [FieldDefinition] = []
        repeat {
            let start = token.location
            let description = try parseDescription()
            let name = try parseName()
            let arguments = try parseArgumentDefinitions()
            try expect(.colon)
            let type = try parseTypeReference()
            let directives = try parseDirectives(constant: true)
            fields.append(
                FieldDefinition(
                    description: description, name: name, arguments: arguments,
                    type: type, directives: directives, location: start))
        } while !(try skip(.braceRight))
        return fields
    }

    mutating func parseArgumentDefinitions() throws(GraphQLSyntaxError) -> [InputValueDefinition] {
        guard try skip(.parenLeft) else { return [] }
        var arguments: [InputValueDefinition] = []
        repeat {
            arguments.append(try parseInputValueDefinition())
        } while !(try skip(.parenRight))
        return arguments
    }

    mutating func parseInputValueDefinition() throws(GraphQLSyntaxError) -> InputValueDefinition {
        let start = token.location
        let description = try parseDescription()
        let name = try parseName()
        try expect(.colon)
        let type = try parseTypeReference()
        var defaultValue: Value?
        if try skip(.equals) { defaultValue = try parseValue(constant: true) }
        let directives = try parseDirectives(constant: true)
        return InputValueDefinition(
            description: description, name: name, type: type,
            defaultValue: defaultValue, directives: directives, location: start)
    }

    mutating func parseEnumValueDefinition() throws(GraphQLSyntaxError) -> EnumValueDefinition {
        let start = token.location
        let description = try parseDescription()
        if peekKeyword("true") || peekKeyword("false") || peekKeyword("null") {
            throw syntaxError("\(token.value) is reserved and cannot be used for an enum value.")
        }
        let name = try parseName()
        return EnumValueDefinition(
            description: description, name: name,
            directives: try parseDirectives(constant: true), location: start)
    }

    mutating func parseDirectiveDefinition() throws(GraphQLSyntaxError) -> DirectiveDefinition {
        let start = token.location
        let description = try parseDescription()
        try expectKeyword("directive")
        try expect(.at)
        let name = try parseName()
        let arguments = try parseArgumentDefinitions()
        let repeatable = peekKeyword("repeatable")
        if repeatable { try advance() }
        try expectKeyword("on")
        _ = try skip(.pipe)
        var locations: [DirectiveLocation] = []
        repeat {
            guard token.kind == .name, let location = DirectiveLocation(rawValue: token.value) else {
                throw unexpected()
            }
            locations.append(location)
            try advance()
        } while try skip(.pipe)
        return DirectiveDefinition(
            description: description, name: name, arguments: arguments,
            isRepeatable: repeatable, locations: locations, location: start)
    }

    mutating func parseTypeSystemExtension() throws(GraphQLSyntaxError) -> Definition {
        let start = token.location
        try expectKeyword("extend")
        if peekKeyword("schema") {
            try advance()
            let directives = try parseDirectives(constant: true)
            var operationTypes: [OperationTypeDefinition] = []
            if try skip(.braceLeft) {
                repeat {
                    operationTypes.append(try parseOperationTypeDefinition())
                } while !(try skip(.braceRight))
            }
            if directives.isEmpty && operationTypes.isEmpty { throw unexpected() }
            return .schemaExtension(
                SchemaDefinition(
                    description: nil, directives: directives,
                    operationTypes: operationTypes, location: start))
        }
        var definition = try parseTypeBody(extension: true)
        definition.location = start
        return .typeExtension(definition)
    }
}
