import GraphQLLanguage

/// The input and enum types every model schema shares, with the operators of Amplify's
/// `definitions.ts` (and the reference table): scalar filters, subscription filters, attribute
/// types, size, sort direction and key conditions.
enum SharedInputs {
    private static func input(_ name: String, _ fields: [(String, TypeReference)]) -> TypeDefinition {
        TypeDefinition(
            kind: .inputObject, name: name,
            inputFields: fields.map { InputValueDefinition(name: $0.0, type: $0.1) })
    }

    /// `ModelStringInput` … `ModelIDInput`: condition and filter operators, plus the DynamoDB functions.
    static func scalarFilterInput(_ scalar: ModelScalar) -> TypeDefinition {
        let type = TypeReference.named(scalar.rawValue)
        var fields: [(String, TypeReference)] = [("ne", type), ("eq", type)]
        if scalar != .boolean {
            fields += [("le", type), ("lt", type), ("ge", type), ("gt", type)]
        }
        if scalar == .string || scalar == .id {
            fields += [("contains", type), ("notContains", type), ("between", .list(type)), ("beginsWith", type)]
        } else if scalar != .boolean {
            fields.append(("between", .list(type)))
        }
        fields += [("attributeExists", .named("Boolean")), ("attributeType", .named(GeneratedNames.attributeTypes))]
        if scalar == .string || scalar == .id { fields.append(("size", .named(GeneratedNames.sizeInput))) }
        return input(GeneratedNames.scalarFilterInput(scalar), fields)
    }

    /// `ModelSubscriptionStringInput` …: enhanced-filter operators, `in`/`notIn` instead of functions.
    static func subscriptionFilterInput(_ scalar: ModelScalar) -> TypeDefinition {
        let type = TypeReference.named(scalar.rawValue)
        var fields: [(String, TypeReference)] = [("ne", type), ("eq", type)]
        if scalar != .boolean {
            fields += [("le", type), ("lt", type), ("ge", type), ("gt", type)]
            if scalar == .string || scalar == .id {
                fields += [("contains", type), ("notContains", type), ("between", .list(type)), ("beginsWith", type)]
            } else {
                fields.append(("between", .list(type)))
            }
            fields += [("in", .list(type)), ("notIn", .list(type))]
        }
        return input(GeneratedNames.scalarFilterInput(scalar, subscription: true), fields)
    }

    static var attributeTypes: TypeDefinition {
        TypeDefinition(
            kind: .enum, name: GeneratedNames.attributeTypes,
            enumValues: [
                "binary", "binarySet", "bool", "list", "map", "number", "numberSet", "string", "stringSet", "_null",
            ]
            .map { EnumValueDefinition(name: $0) })
    }

    static var sizeInput: TypeDefinition {
        let int = TypeReference.named("Int")
        return input(
            GeneratedNames.sizeInput,
            [("ne", int), ("eq", int), ("le", int), ("lt", int), ("ge", int), ("gt", int), ("between", .list(int))])
    }

    static var sortDirection: TypeDefinition {
        TypeDefinition(
            kind: .enum, name: GeneratedNames.sortDirection,
            enumValues: [EnumValueDefinition(name: "ASC"), EnumValueDefinition(name: "DESC")])
    }

    /// Everything the model transformer adds once, in its order.
    static var all: [TypeDefinition] {
        GeneratedNames.scalarFilterInputOrder.map(scalarFilterInput)
            + GeneratedNames.scalarFilterInputOrder.map(subscriptionFilterInput)
            + [attributeTypes, sizeInput, sortDirection]
    }

    /// `ModelStatusInput { eq ne }` or `ModelStatusListInput { eq ne contains notContains }`.
    static func enumFilterInput(_ enumName: String, list: Bool) -> TypeDefinition {
        let value = TypeReference.named(enumName)
        let compared: TypeReference = list ? .list(value) : value
        var fields: [(String, TypeReference)] = [("eq", compared), ("ne", compared)]
        if list { fields += [("contains", value), ("notContains", value)] }
        return input(GeneratedNames.enumFilterInput(enumName, list: list), fields)
    }

    /// `ModelStringKeyConditionInput`: `beginsWith` only for strings and IDs.
    static func keyConditionInput(_ scalar: ModelScalar) -> TypeDefinition {
        let base = scalar.filterScalar
        let type = TypeReference.named(base.rawValue)
        var fields: [(String, TypeReference)] = [
            ("eq", type), ("le", type), ("lt", type), ("ge", type), ("gt", type), ("between", .list(type)),
        ]
        if base == .string || base == .id { fields.append(("beginsWith", type)) }
        return input(GeneratedNames.keyConditionInput(base), fields)
    }

    /// The condition over a composite sort key: string operators over `…CompositeKeyInput` values.
    static func compositeKeyConditionInput(model: String, keyName: String) -> TypeDefinition {
        let key = TypeReference.named(GeneratedNames.compositeKeyInput(model, keyName: keyName))
        return input(
            GeneratedNames.compositeKeyConditionInput(model, keyName: keyName),
            [
                ("eq", key), ("le", key), ("lt", key), ("ge", key), ("gt", key), ("between", .list(key)),
                ("beginsWith", key),
            ])
    }

    /// One field per sort key; the last one, which a `beginsWith` may cut short, uses its filter scalar.
    static func compositeKeyInput(model: Model, keyName: String, sortKeyFields: [String]) -> TypeDefinition {
        let fields = sortKeyFields.enumerated().map { index, fieldName -> (String, TypeReference) in
            let field = model.field(named: fieldName)
            var typeName = field?.typeName ?? "String"
            if index == sortKeyFields.count - 1, case .scalar(let scalar)? = field?.kind {
                typeName = scalar.filterScalar.rawValue
            }
            return (fieldName, .named(typeName))
        }
        return input(GeneratedNames.compositeKeyInput(model.name, keyName: keyName), fields)
    }
}
