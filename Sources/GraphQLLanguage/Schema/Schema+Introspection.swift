import Foundation

extension Schema {
    /// Builds a schema from the JSON result of the standard introspection query, either the whole
    /// response (`{"data": {"__schema": …}}`) or just `{"__schema": …}`. Introspection types
    /// and built-in scalars and directives are the built-in ones, whatever the JSON says.
    package init(introspectionJSON: Data) throws(SchemaError) {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: introspectionJSON)
        } catch {
            throw SchemaError(
                .invalidIntrospection, "The introspection result is not valid JSON: \(error.localizedDescription)")
        }
        var reader = IntrospectionReader()
        let object = try reader.object(root, "$")
        let schemaObject: [String: Any]
        if let data = object["data"] {
            schemaObject = try reader.object(try reader.object(data, "$.data")["__schema"] as Any, "$.data.__schema")
        } else {
            schemaObject = try reader.object(object["__schema"] as Any, "$.__schema")
        }
        self = try reader.schema(schemaObject)
    }
}

/// Reads introspection JSON (as produced by JSONSerialization) with errors naming the JSON path.
private struct IntrospectionReader {
    func fail(_ path: String, _ expected: String) -> SchemaError {
        SchemaError(.invalidIntrospection, "Invalid introspection result: \(path) must be \(expected).")
    }

    func object(_ value: Any, _ path: String) throws(SchemaError) -> [String: Any] {
        guard let object = value as? [String: Any] else { throw fail(path, "an object") }
        return object
    }

    func array(_ value: Any?, _ path: String) throws(SchemaError) -> [Any] {
        guard let array = value as? [Any] else { throw fail(path, "an array") }
        return array
    }

    func string(_ value: Any?, _ path: String) throws(SchemaError) -> String {
        guard let string = value as? String else { throw fail(path, "a string") }
        return string
    }

    func optionalString(_ value: Any?) -> String? { value as? String }

    func rootName(_ value: Any?, _ path: String) throws(SchemaError) -> String? {
        guard let value, !(value is NSNull) else { return nil }
        return try string(try object(value, path)["name"], path + ".name")
    }

    mutating func schema(_ json: [String: Any]) throws(SchemaError) -> Schema {
        var builder = SchemaBuilder()
        for (index, item) in try array(json["types"], "__schema.types").enumerated() {
            let path = "__schema.types[\(index)]"
            let type = try self.type(try object(item, path), path)
            // Built-in types are always the spec's own, whatever descriptions the server sent.
            if type.name.hasPrefix("__") || BuiltIns.scalarNames.contains(type.name) { continue }
            if builder.types[type.name] != nil {
                throw SchemaError(.duplicateDefinition, "There can be only one type named \"\(type.name)\".")
            }
            builder.types[type.name] = type
        }
        for (index, item) in (json["directives"] as? [Any] ?? []).enumerated() {
            let path = "__schema.directives[\(index)]"
            let json = try object(item, path)
            // Built-in directives are always the spec's own; newer servers list locations for
            // them (such as DIRECTIVE_DEFINITION) that this edition does not have.
            if let name = json["name"] as? String, BuiltIns.directiveNames.contains(name) { continue }
            let directive = try self.directive(json, path)
            builder.directives[directive.name] = directive
        }
        builder.description = normalized(optionalString(json["description"]))
        try builder.addImplicitDefinitions(options: SchemaOptions())
        if let query = try rootName(json["queryType"], "__schema.queryType") {
            builder.roots[.query] = (query, .unknown)
        }
        if let mutation = try rootName(json["mutationType"], "__schema.mutationType") {
            builder.roots[.mutation] = (mutation, .unknown)
        }
        if let subscription = try rootName(json["subscriptionType"], "__schema.subscriptionType") {
            builder.roots[.subscription] = (subscription, .unknown)
        }
        builder.hasSchemaDefinition = true
        return try builder.finish()
    }

    func type(_ json: [String: Any], _ path: String) throws(SchemaError) -> SchemaType {
        let kindName = try string(json["kind"], path + ".kind")
        let kinds: [String: TypeDefinitionKind] = [
            "SCALAR": .scalar, "OBJECT": .object, "INTERFACE": .interface, "UNION": .union, "ENUM": .enum,
            "INPUT_OBJECT": .inputObject,
        ]
        guard let kind = kinds[kindName] else { throw fail(path + ".kind", "a named type kind") }
        var type = SchemaType(
            kind: kind, name: try string(json["name"], path + ".name"),
            description: normalized(optionalString(json["description"])))
        type.specifiedByURL = optionalString(json["specifiedByURL"])
        type.isOneOf = json["isOneOf"] as? Bool ?? false
        switch kind {
        case .object, .interface:
            for (index, item) in try array(json["fields"], path + ".fields").enumerated() {
                let fieldPath = "\(path).fields[\(index)]"
                let field = try object(item, fieldPath)
                type.fields.append(
                    SchemaField(
                        name: try string(field["name"], fieldPath + ".name"),
                        description: normalized(optionalString(field["description"])),
                        arguments: try inputValues(field["args"], fieldPath + ".args"),
                        type: try typeReference(field["type"], fieldPath + ".type"),
                        deprecationReason: deprecation(field)))
            }
            for (index, item) in (json["interfaces"] as? [Any] ?? []).enumerated() {
                let interfacePath = "\(path).interfaces[\(index)]"
                type.interfaces.append(try string(try object(item, interfacePath)["name"], interfacePath + ".name"))
            }
        case .union:
            for (index, item) in try array(json["possibleTypes"], path + ".possibleTypes").enumerated() {
                let memberPath = "\(path).possibleTypes[\(index)]"
                type.unionMembers.append(try string(try object(item, memberPath)["name"], memberPath + ".name"))
            }
        case .enum:
            for (index, item) in try array(json["enumValues"], path + ".enumValues").enumerated() {
                let valuePath = "\(path).enumValues[\(index)]"
                let value = try object(item, valuePath)
                type.enumValues.append(
                    SchemaEnumValue(
                        name: try string(value["name"], valuePath + ".name"),
                        description: normalized(optionalString(value["description"])),
                        deprecationReason: deprecation(value)))
            }
        case .inputObject:
            type.inputFields = try inputValues(json["inputFields"], path + ".inputFields")
        case .scalar:
            break
        }
        return type
    }

    func deprecation(_ json: [String: Any]) -> String? {
        guard json["isDeprecated"] as? Bool == true else { return nil }
        return optionalString(json["deprecationReason"]) ?? "No longer supported"
    }

    func inputValues(_ value: Any?, _ path: String) throws(SchemaError) -> [SchemaInputValue] {
        var values: [SchemaInputValue] = []
        for (index, item) in try array(value, path).enumerated() {
            let valuePath = "\(path)[\(index)]"
            let json = try object(item, valuePath)
            var defaultValue: Value?
            if let text = optionalString(json["defaultValue"]) {
                do {
                    defaultValue = try Parser.parseValue(text)
                } catch {
                    throw fail(valuePath + ".defaultValue", "a GraphQL value literal (\(error.message))")
                }
            }
            values.append(
                SchemaInputValue(
                    name: try string(json["name"], valuePath + ".name"),
                    description: normalized(optionalString(json["description"])),
                    type: try typeReference(json["type"], valuePath + ".type"), defaultValue: defaultValue,
                    deprecationReason: deprecation(json)))
        }
        return values
    }

    func typeReference(_ value: Any?, _ path: String, depth: Int = 0) throws(SchemaError) -> TypeReference {
        guard depth < 32 else { throw fail(path, "a type reference nested less than 32 levels deep") }
        let json = try object(value as Any, path)
        switch try string(json["kind"], path + ".kind") {
        case "NON_NULL": return .nonNull(try typeReference(json["ofType"], path + ".ofType", depth: depth + 1))
        case "LIST": return .list(try typeReference(json["ofType"], path + ".ofType", depth: depth + 1))
        default: return .named(try string(json["name"], path + ".name"))
        }
    }

    func directive(_ json: [String: Any], _ path: String) throws(SchemaError) -> SchemaDirective {
        var locations: [DirectiveLocation] = []
        for (index, item) in try array(json["locations"], path + ".locations").enumerated() {
            guard let name = item as? String, let location = DirectiveLocation(rawValue: name) else {
                throw fail("\(path).locations[\(index)]", "a directive location")
            }
            locations.append(location)
        }
        return SchemaDirective(
            name: try string(json["name"], path + ".name"),
            description: normalized(optionalString(json["description"])),
            arguments: try inputValues(json["args"], path + ".args"),
            isRepeatable: json["isRepeatable"] as? Bool ?? false,
            locations: locations)
    }
}
