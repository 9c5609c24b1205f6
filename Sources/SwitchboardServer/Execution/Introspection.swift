import GraphQLLanguage

/// Answers the introspection fields (`__schema`, `__type` and the fields of `__Schema`, `__Type`,
/// `__Field`, `__InputValue`, `__EnumValue`, `__Directive`) from a ``Schema``, so GraphQL tools
/// and code generators can read the served schema.
///
/// Types are passed around as small reference objects (`{"$name": "Post"}`, `{"$nonNull": …}`,
/// `{"$list": …}`) and expanded only for the fields a query selects, so an introspection query
/// costs what it asks for.
struct Introspection {
    let schema: Schema

    /// `__schema` and `__type(name:)` on the query root.
    func root(field: String, arguments: JSONObject) -> JSON {
        if field == "__schema" { return .object(["$schema": .bool(true)]) }
        guard let name = arguments["name"]?.stringValue, schema.type(named: name) != nil else { return .null }
        return Self.reference(.named(name))
    }

    /// A field of one of the introspection types, given its parent object.
    func resolve(field: String, of source: JSON, arguments: JSONObject) -> JSON {
        guard case .object(let object) = source else { return .null }
        let includeDeprecated = arguments["includeDeprecated"]?.boolValue ?? false
        if object["$schema"] != nil { return schemaField(field) }
        if let inner = object["$nonNull"] { return wrapperField(field, kind: "NON_NULL", inner: inner) }
        if let inner = object["$list"] { return wrapperField(field, kind: "LIST", inner: inner) }
        if let name = object["$name"]?.stringValue, let type = schema.type(named: name) {
            return typeField(field, type, includeDeprecated: includeDeprecated)
        }
        if field == "args", case .array(let values)? = object["args"] {
            return .array(includeDeprecated ? values : values.filter { $0["isDeprecated"]?.boolValue != true })
        }
        return object[field] ?? .null
    }

    static func reference(_ type: TypeReference) -> JSON {
        switch type {
        case .named(let name): return .object(["$name": .string(name)])
        case .list(let inner): return .object(["$list": reference(inner)])
        case .nonNull(let inner): return .object(["$nonNull": reference(inner)])
        }
    }

    // MARK: __Schema

    private func schemaField(_ field: String) -> JSON {
        switch field {
        case "description": return schema.description.map(JSON.string) ?? .null
        case "types": return .array(schema.types.keys.sorted().map { Self.reference(.named($0)) })
        case "queryType": return schema.queryType.map { Self.reference(.named($0)) } ?? .null
        case "mutationType": return schema.mutationType.map { Self.reference(.named($0)) } ?? .null
        case "subscriptionType": return schema.subscriptionType.map { Self.reference(.named($0)) } ?? .null
        case "directives": return .array(orderedDirectives.map(directive))
        default: return .null
        }
    }

    /// The spec's directives first, in the spec's order, then the others by name.
    private var orderedDirectives: [SchemaDirective] {
        let builtIn = ["include", "skip", "deprecated", "specifiedBy", "oneOf"]
        let first = builtIn.compactMap { schema.directives[$0] }
        let rest = schema.directives.values.filter { !builtIn.contains($0.name) }.sorted { $0.name < $1.name }
        return first + rest
    }

    private func directive(_ directive: SchemaDirective) -> JSON {
        .object([
            "name": .string(directive.name),
            "description": directive.description.map(JSON.string) ?? .null,
            "isRepeatable": .bool(directive.isRepeatable),
            "locations": .array(directive.locations.map { .string($0.rawValue) }),
            "args": .array(directive.arguments.map(inputValue)),
        ])
    }

    // MARK: __Type

    private func wrapperField(_ field: String, kind: String, inner: JSON) -> JSON {
        switch field {
        case "kind": return .string(kind)
        case "ofType": return inner
        default: return .null
        }
    }

    private func typeField(_ field: String, _ type: SchemaType, includeDeprecated: Bool) -> JSON {
        switch field {
        case "kind": return .string(Self.kindName(type.kind))
        case "name": return .string(type.name)
        case "description": return type.description.map(JSON.string) ?? .null
        case "specifiedByURL": return type.specifiedByURL.map(JSON.string) ?? .null
        case "fields":
            guard type.kind == .object || type.kind == .interface else { return .null }
            let fields = type.fields.filter { includeDeprecated || $0.deprecationReason == nil }
            return .array(fields.map(self.field))
        case "interfaces":
            guard type.kind == .object || type.kind == .interface else { return .null }
            return .array(type.interfaces.map { Self.reference(.named($0)) })
        case "possibleTypes":
            guard type.isAbstract else { return .null }
            return .array(schema.possibleTypes(of: type.name).map { Self.reference(.named($0)) })
        case "enumValues":
            guard type.kind == .enum else { return .null }
            return .array(
                type.enumValues.filter { includeDeprecated || $0.deprecationReason == nil }.map { value in
                    .object([
                        "name": .string(value.name), "description": value.description.map(JSON.string) ?? .null,
                        "isDeprecated": .bool(value.deprecationReason != nil),
                        "deprecationReason": value.deprecationReason.map(JSON.string) ?? .null,
                    ])
                })
        case "inputFields":
            guard type.kind == .inputObject else { return .null }
            return .array(
                type.inputFields.filter { includeDeprecated || $0.deprecationReason == nil }.map(inputValue))
        case "ofType": return .null
        case "isOneOf": return type.kind == .inputObject ? .bool(type.isOneOf) : .null
        default: return .null
        }
    }

    private func field(_ field: SchemaField) -> JSON {
        .object([
            "name": .string(field.name),
            "description": field.description.map(JSON.string) ?? .null,
            "args": .array(field.arguments.map(inputValue)),
            "type": Self.reference(field.type),
            "isDeprecated": .bool(field.deprecationReason != nil),
            "deprecationReason": field.deprecationReason.map(JSON.string) ?? .null,
        ])
    }

    private func inputValue(_ value: SchemaInputValue) -> JSON {
        .object([
            "name": .string(value.name),
            "description": value.description.map(JSON.string) ?? .null,
            "type": Self.reference(value.type),
            "defaultValue": value.defaultValue.map { .string(Printer.print($0)) } ?? .null,
            "isDeprecated": .bool(value.deprecationReason != nil),
            "deprecationReason": value.deprecationReason.map(JSON.string) ?? .null,
        ])
    }

    static func kindName(_ kind: TypeDefinitionKind) -> String {
        switch kind {
        case .scalar: return "SCALAR"
        case .object: return "OBJECT"
        case .interface: return "INTERFACE"
        case .union: return "UNION"
        case .enum: return "ENUM"
        case .inputObject: return "INPUT_OBJECT"
        }
    }
}
