import GraphQLLanguage

@testable import SwitchboardServer

/// Values for an operation's required variables, made from the schema's types: one valid value
/// per scalar (AppSync's included), the first value of an enum, and every required field of an
/// input object. Optional variables and fields are left out, as a client that sets only what it
/// must would send them. The values are the same every time, so that the `get`, `update` and
/// `delete` that follow a `create` address the item it made.
struct VariableValues {
    let schema: Schema

    /// The variables of `operation`: a value for each non-null variable without a default.
    func values(for operation: OperationDefinition) -> JSON {
        var object: JSONObject = [:]
        for variable in operation.variableDefinitions where variable.type.isNonNull && variable.defaultValue == nil {
            object[variable.name] = value(of: variable.type)
        }
        return .object(object)
    }

    private func value(of type: TypeReference) -> JSON {
        switch type {
        case .nonNull(let inner): return value(of: inner)
        case .list(let element): return [value(of: element)]
        case .named(let name): return value(named: name)
        }
    }

    private func value(named name: String) -> JSON {
        switch name {
        case "ID", "String": return "k1"
        case "Int": return 1
        case "Float": return 1.5
        case "Boolean": return true
        case "AWSDate": return "2026-12-02"
        case "AWSTime": return "12:30:00.000"
        case "AWSDateTime": return "2026-12-02T12:30:00.000Z"
        case "AWSTimestamp": return 1_780_000_000
        case "AWSEmail": return "ann@example.com"
        case "AWSJSON": return #"{"n":1}"#
        case "AWSURL": return "https://example.com/a"
        case "AWSPhone": return "+12065550100"
        case "AWSIPAddress": return "127.0.0.1"
        default: break
        }
        guard let type = schema.type(named: name) else { return .null }
        if let first = type.enumValues.first { return .string(first.name) }
        var object: JSONObject = [:]
        // `id` too: it is optional on create, and the later requests address the item by it.
        for field in type.inputFields where field.isRequired || (field.name == "id" && name.hasPrefix("Create")) {
            object[field.name] = value(of: field.type)
        }
        return .object(object)
    }
}
