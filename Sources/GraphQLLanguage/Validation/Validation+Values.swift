// ValuesOfCorrectType and UniqueInputFieldNames, and the variable usages that
// VariablesInAllowedPosition needs. Literal values carry no locations of their own, so problems
// inside them are reported at the enclosing argument or input field.

extension Validation {
    mutating func checkValue(
        _ value: Value, expected: TypeReference?, at location: SourceLocation,
        positionHasDefault: Bool
    ) {
        if case .variable(let name) = value {
            usages.append(
                VariableUsage(
                    name: name, location: location, expectedType: expected,
                    positionHasDefault: positionHasDefault))
            return
        }
        if case .object(let fields) = value { checkUniqueFields(fields) }
        guard let expected else {
            // No known type: still find variables and duplicate input fields inside.
            switch value {
            case .list(let items):
                for item in items { checkValue(item, expected: nil, at: location, positionHasDefault: false) }
            case .object(let fields):
                for field in fields {
                    checkValue(field.value, expected: nil, at: field.location, positionHasDefault: false)
                }
            default: break
            }
            return
        }
        switch expected {
        case .nonNull(let inner):
            if value == .null {
                report("Expected value of type \"\(expected)\", found null.", [location])
                return
            }
            if case .named(let name) = inner, let type = schema.types[name] {
                checkNamedValue(value, type: type, typeText: expected.description, at: location)
            } else {
                checkValue(value, expected: inner, at: location, positionHasDefault: false)
            }
        case .list(let inner):
            if case .list(let items) = value {
                for item in items { checkValue(item, expected: inner, at: location, positionHasDefault: false) }
            } else {
                checkValue(value, expected: inner, at: location, positionHasDefault: false)
            }
        case .named(let name):
            guard value != .null, let type = schema.types[name] else { return }
            checkNamedValue(value, type: type, typeText: name, at: location)
        }
    }

    private mutating func checkUniqueFields(_ fields: [ObjectField]) {
        var seen: [String: SourceLocation] = [:]
        for field in fields {
            if let first = seen[field.name] {
                report("There can be only one input field named \"\(field.name)\".", [first, field.location])
            } else {
                seen[field.name] = field.location
            }
        }
    }

    /// `typeText` is the expected type as graphql-js prints it in messages (with its `!`).
    private mutating func checkNamedValue(
        _ value: Value, type: SchemaType, typeText: String,
        at location: SourceLocation
    ) {
        let printed = Printer.print(value)
        switch type.kind {
        case .inputObject:
            guard case .object(let fields) = value else {
                report("Expected value of type \"\(typeText)\", found \(printed).", [location])
                checkValue(value, expected: nil, at: location, positionHasDefault: false)
                return
            }
            for definition in type.inputFields where definition.isRequired {
                if !fields.contains(where: { $0.name == definition.name }) {
                    report(
                        "Field \"\(type.name).\(definition.name)\" of required type \"\(definition.type)\" was not provided.",
                        [location])
                }
            }
            for field in fields {
                guard let definition = type.inputField(named: field.name) else {
                    let suggestions = Suggestions.list(field.name, type.inputFields.map(\.name))
                    report(
                        "Field \"\(field.name)\" is not defined by type \"\(type.name)\"."
                            + Suggestions.didYouMean(suggestions), [field.location])
                    continue
                }
                checkValue(
                    field.value, expected: definition.type, at: field.location,
                    positionHasDefault: definition.defaultValue != nil)
            }
            if type.isOneOf { checkOneOf(fields, type: type, at: location) }
        case .enum:
            let names = type.enumValues.map(\.name)
            guard case .enumValue(let name) = value else {
                report(
                    "Enum \"\(type.name)\" cannot represent non-enum value: \(printed)."
                        + Suggestions.didYouMean(Suggestions.list(printed, names), subMessage: "the enum value"),
                    [location])
                return
            }
            if !names.contains(name) {
                report(
                    "Value \"\(name)\" does not exist in \"\(type.name)\" enum."
                        + Suggestions.didYouMean(Suggestions.list(name, names), subMessage: "the enum value"),
                    [location])
            }
        case .scalar:
            if let message = Self.scalarProblem(value, scalar: type.name, printed: printed) {
                report(message, [location])
            }
            // Custom scalars accept any literal; variables inside one are still used.
            checkValue(value, expected: nil, at: location, positionHasDefault: false)
        case .object, .interface, .union:
            report("Expected value of type \"\(typeText)\", found \(printed).", [location])
        }
    }

    /// Why a literal cannot be a value of a built-in scalar, in graphql-js's words; custom
    /// scalars accept any literal.
    static func scalarProblem(_ value: Value, scalar: String, printed: String) -> String? {
        switch scalar {
        case "Int":
            guard case .int(let text) = value else { return "Int cannot represent non-integer value: \(printed)" }
            guard let number = Int64(text), number >= Int64(Int32.min), number <= Int64(Int32.max) else {
                return "Int cannot represent non 32-bit signed integer value: \(text)"
            }
            return nil
        case "Float":
            switch value {
            case .int, .float: return nil
            default: return "Float cannot represent non numeric value: \(printed)"
            }
        case "String":
            if case .string = value { return nil }
            return "String cannot represent a non string value: \(printed)"
        case "Boolean":
            if case .boolean = value { return nil }
            return "Boolean cannot represent a non boolean value: \(printed)"
        case "ID":
            switch value {
            case .string, .int: return nil
            default: return "ID cannot represent a non-string and non-integer value: \(printed)"
            }
        default:
            return nil
        }
    }

    /// A `@oneOf` input object literal names exactly one field, whose value is not null; a
    /// variable there must be of a non-null type.
    private mutating func checkOneOf(_ fields: [ObjectField], type: SchemaType, at location: SourceLocation) {
        guard fields.count == 1, fields[0].value != .null else {
            report(
                "Within OneOf Input Object type \"\(type.name)\", exactly one field must be specified, "
                    + "and the value for that field must be non-null.", [location])
            return
        }
        if case .variable(let name) = fields[0].value, let index = usages.lastIndex(where: { $0.name == name }) {
            usages[index].oneOfInputType = type.name
        }
    }
}
