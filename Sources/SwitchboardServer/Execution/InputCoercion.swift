import GraphQLLanguage

/// Why an input value does not fit its type (completed into a message by the caller, which knows
/// the variable or argument).
enum InputProblem: Error, Sendable, Hashable {
    /// `null` (or nothing) where a non-null type is required; carries that type.
    case nullForNonNull(TypeReference)
    /// Anything else.
    case invalid(String)
}

/// The spec's input coercion (CoerceVariableValues, CoerceArgumentValues and coercion of input
/// values) over the schema's types, keeping "absent" apart from an explicit `null`: only given
/// or defaulted members appear in coerced input objects.
struct InputCoercion: Sendable {
    /// The schema's input types.
    let inputTypes: InputTypes

    // MARK: Variables

    /// The coerced values of `definitions` from the request's `values`, or the first error in
    /// graphql-java's words (AppSync's): "Variable 'input' has coerced Null value for NonNull type 'String!'".
    func coerceVariables(_ definitions: [VariableDefinition], values: JSONObject) throws(ExecutionError) -> JSONObject {
        var coerced = JSONObject()
        for definition in definitions {
            let given = values[definition.name]
            do throws(InputProblem) {
                if given == nil, let defaultValue = definition.defaultValue {
                    if let value = try coerceLiteral(defaultValue, to: definition.type, variables: JSONObject()) {
                        coerced[definition.name] = value
                    }
                    continue
                }
                guard let given else {
                    if definition.type.isNonNull { throw InputProblem.nullForNonNull(definition.type) }
                    continue
                }
                coerced[definition.name] = try coerce(given, to: definition.type)
            } catch {
                throw ExecutionError(Self.message(variable: definition.name, error), locations: [definition.location])
            }
        }
        return coerced
    }

    static func message(variable: String, _ problem: InputProblem) -> String {
        switch problem {
        case .nullForNonNull(let type):
            return "Variable '\(variable)' has coerced Null value for NonNull type '\(type)'"
        case .invalid(let reason): return "Variable '\(variable)' has an invalid value: \(reason)"
        }
    }

    /// Coerces a JSON value (a variable's, or part of one) to `type`.
    func coerce(_ value: JSON, to type: TypeReference) throws(InputProblem) -> JSON {
        switch type {
        case .nonNull(let inner):
            if value.isNull { throw .nullForNonNull(type) }
            return try coerce(value, to: inner)
        case .list(let inner):
            if value.isNull { return .null }
            if case .array(let elements) = value {
                var output: [JSON] = []
                output.reserveCapacity(elements.count)
                for element in elements { output.append(try coerce(element, to: inner)) }
                return .array(output)
            }
            return .array([try coerce(value, to: inner)])
        case .named(let name):
            if value.isNull { return .null }
            switch inputTypes[name] {
            case nil: throw .invalid("Unknown type '\(name)'.")
            case .scalar(let scalar):
                do {
                    return try scalar.parseValue(value)
                } catch {
                    throw .invalid(error.reason)
                }
            case .enumeration(let values):
                guard case .string(let text) = value, values.contains(text) else {
                    throw .invalid(
                        "Invalid input for enum '\(name)'. No value found for name '\(value.stringValue ?? value.text)'"
                    )
                }
                return value
            case .inputObject(let shape):
                guard case .object(let members) = value else {
                    throw .invalid("Expected type 'Map' but was '\(BuiltInScalar.kind(of: value))'.")
                }
                return .object(try coerceObject(members, shape, name: name))
            case .output:
                throw .invalid("'\(name)' is not an input type.")
            }
        }
    }

    /// `members` coerced to the input object `shape` (of the type `name`): an unknown member is
    /// refused before any is coerced; the given members and the defaults of absent ones come out
    /// in the order the type declares its fields, and an absent non-null field is refused where
    /// the type declares it.
    private func coerceObject(
        _ members: JSONObject, _ shape: InputObjectShape, name: String
    ) throws(InputProblem) -> JSONObject {
        var given: [(position: Int, value: JSON)] = []
        given.reserveCapacity(members.count)
        for (key, member) in members {
            guard let position = shape.positions[key] else {
                throw .invalid(
                    "The variables input contains a field name '\(key)' that is not defined for input object type '\(name)' "
                )
            }
            given.append((position, member))
        }
        given.sort { $0.position < $1.position }
        var keys: [String] = []
        var values: [JSON] = []
        keys.reserveCapacity(given.count)
        values.reserveCapacity(given.count)
        let absent = shape.neededWhenAbsent
        var nextGiven = 0
        var nextAbsent = 0
        // The given members and the fields needed when absent, merged by position.
        while nextGiven < given.count || nextAbsent < absent.count {
            if nextAbsent == absent.count
                || (nextGiven < given.count && given[nextGiven].position <= absent[nextAbsent])
            {
                let (position, member) = given[nextGiven]
                nextGiven += 1
                if nextAbsent < absent.count && absent[nextAbsent] == position { nextAbsent += 1 }
                keys.append(shape.names[position])
                values.append(try coerce(member, to: shape.types[position]))
                continue
            }
            let position = absent[nextAbsent]
            nextAbsent += 1
            if let defaultValue = shape.defaults[position] {
                if let value = try coerceLiteral(defaultValue, to: shape.types[position], variables: JSONObject()) {
                    keys.append(shape.names[position])
                    values.append(value)
                }
            } else {
                throw .nullForNonNull(shape.types[position])
            }
        }
        return JSONObject(uniqueKeys: keys, values: values)
    }

    // MARK: Literals and arguments

    /// Coerces a literal of the document to `type`; `nil` when it is a variable that was not
    /// given (the value is then absent, not null).
    func coerceLiteral(_ value: Value, to type: TypeReference, variables: JSONObject) throws(InputProblem) -> JSON? {
        if case .variable(let name) = value {
            guard let given = variables[name] else {
                if type.isNonNull { throw .nullForNonNull(type) }
                return nil
            }
            if given.isNull && type.isNonNull { throw .nullForNonNull(type) }
            return given
        }
        switch type {
        case .nonNull(let inner):
            if case .null = value { throw .nullForNonNull(type) }
            guard let coerced = try coerceLiteral(value, to: inner, variables: variables), !coerced.isNull else {
                throw .nullForNonNull(type)
            }
            return coerced
        case .list(let inner):
            if case .null = value { return .null }
            if case .list(let elements) = value {
                var output: [JSON] = []
                for element in elements {
                    output.append(try coerceLiteral(element, to: inner, variables: variables) ?? .null)
                }
                return .array(output)
            }
            return .array([try coerceLiteral(value, to: inner, variables: variables) ?? .null])
        case .named(let name):
            if case .null = value { return .null }
            switch inputTypes[name] {
            case nil: throw .invalid("Unknown type '\(name)'.")
            case .scalar(let scalar):
                do {
                    return try scalar.parseLiteral(value)
                } catch {
                    throw .invalid(error.reason)
                }
            case .enumeration(let values):
                guard case .enumValue(let text) = value, values.contains(text) else {
                    throw .invalid(
                        "Invalid input for enum '\(name)'. No value found for name '\(Printer.print(value))'")
                }
                return .string(text)
            case .inputObject(let shape):
                guard case .object(let fields) = value else {
                    throw .invalid("Expected type '\(name)' but was '\(Printer.print(value).prefix(100))'.")
                }
                var output = JSONObject()
                for position in shape.names.indices {
                    let (fieldName, fieldType) = (shape.names[position], shape.types[position])
                    if let node = fields.first(where: { $0.name == fieldName }) {
                        if let coerced = try coerceLiteral(node.value, to: fieldType, variables: variables) {
                            output.append(fieldName, coerced)
                            continue
                        }
                    }
                    if let defaultValue = shape.defaults[position] {
                        if let coerced = try coerceLiteral(defaultValue, to: fieldType, variables: JSONObject()) {
                            output.append(fieldName, coerced)
                        }
                    } else if fieldType.isNonNull {
                        throw .nullForNonNull(fieldType)
                    }
                }
                return .object(output)
            case .output:
                throw .invalid("'\(name)' is not an input type.")
            }
        }
    }

    /// The coerced arguments of a field or directive: given ones, then defaults; absent
    /// optional arguments stay absent.
    func coerceArguments(
        _ definitions: [SchemaInputValue], _ arguments: [Argument], variables: JSONObject
    ) throws(InputProblem) -> JSONObject {
        var output = JSONObject()
        for definition in definitions {
            if let node = arguments.first(where: { $0.name == definition.name }) {
                if let coerced = try coerceLiteral(node.value, to: definition.type, variables: variables) {
                    output.append(definition.name, coerced)
                    continue
                }
            }
            if let defaultValue = definition.defaultValue {
                if let coerced = try coerceLiteral(defaultValue, to: definition.type, variables: JSONObject()) {
                    output.append(definition.name, coerced)
                }
            } else if definition.type.isNonNull {
                throw .nullForNonNull(definition.type)
            }
        }
        return output
    }
}
