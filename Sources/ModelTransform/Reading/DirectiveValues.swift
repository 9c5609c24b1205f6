import GraphQLLanguage

// Reading directive arguments the way Amplify's DirectiveWrapper does: a single string where a
// list is expected counts as a one-element list, and an explicit `null` is distinct from absence.

extension Directive {
    /// The argument called `name`, if written.
    func argument(_ name: String) -> Argument? { arguments.first { $0.name == name } }

    /// Whether `name` is written as `null`.
    func isExplicitNull(_ name: String) -> Bool {
        if case .null = argument(name)?.value { return true }
        return false
    }

    /// The string value of `name`, if it is a string.
    func string(_ name: String) -> String? { argument(name)?.value.stringValue }

    /// The list of strings in `name` (a lone string counts as a list of one), if it is one.
    func stringList(_ name: String) -> [String]? { argument(name)?.value.stringListValue }
}

extension Value {
    var stringValue: String? {
        if case .string(let text, _) = self { return text }
        return nil
    }

    var stringListValue: [String]? {
        switch self {
        case .string(let text, _): return [text]
        case .list(let items):
            var strings: [String] = []
            for item in items {
                guard let text = item.stringValue else { return nil }
                strings.append(text)
            }
            return strings
        default: return nil
        }
    }

    var enumOrStringValue: String? {
        switch self {
        case .enumValue(let name): return name
        case .string(let text, _): return text
        default: return nil
        }
    }

    var intValue: Int? {
        if case .int(let literal) = self { return Int(literal) }
        return nil
    }

    /// The fields of an object literal, if this is one.
    var objectFields: [ObjectField]? {
        if case .object(let fields) = self { return fields }
        return nil
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// How the value is written, for messages (`"byPost"`, `[…]`, `{…}`).
    var shortDescription: String {
        switch self {
        case .list: return "a list"
        case .object: return "an object"
        case .null: return "null"
        case .string: return "a string"
        case .int, .float: return "a number"
        case .boolean: return "a boolean"
        case .enumValue(let name): return name
        case .variable(let name): return "$" + name
        }
    }
}
