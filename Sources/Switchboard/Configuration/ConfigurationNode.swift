/// A JSON value together with its path in the configuration file, so that every error can name
/// the exact key that is wrong.
package struct ConfigurationNode: Sendable {
    /// The value at ``path``.
    package let value: JSONValue
    /// Dot-separated path from the file's root, e.g. `api.plugins.awsAPIPlugin.todo`.
    package let path: String

    /// Wraps a value found at `path`.
    package init(_ value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }

    /// The path of a member of this node.
    package func path(of key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The members of this node, which must be an object.
    package func members() throws(ConfigurationError) -> [(key: String, node: ConfigurationNode)] {
        guard case .object(let members) = value else {
            throw ConfigurationError(path: path, problem: .wrongType(expected: "an object", found: describe(value)))
        }
        return members.sorted { $0.key < $1.key }.map { ($0.key, ConfigurationNode($0.value, path: path(of: $0.key))) }
    }

    /// The member `key`, or `nil` when it is absent or `null`. Fails when this is not an object.
    package func optionalMember(_ key: String) throws(ConfigurationError) -> ConfigurationNode? {
        guard case .object(let members) = value else {
            throw ConfigurationError(path: path, problem: .wrongType(expected: "an object", found: describe(value)))
        }
        guard let member = members[key], !member.isNull else { return nil }
        return ConfigurationNode(member, path: path(of: key))
    }

    /// The member `key`; fails when it is absent.
    package func member(_ key: String) throws(ConfigurationError) -> ConfigurationNode {
        guard let member = try optionalMember(key) else {
            throw ConfigurationError(path: path(of: key), problem: .missingKey)
        }
        return member
    }

    /// This node as a non-empty string. `secret` keeps the value out of the error text.
    package func string(secret: Bool = false) throws(ConfigurationError) -> String {
        guard case .string(let text) = value else {
            throw ConfigurationError(
                path: path,
                problem: .wrongType(expected: "a string", found: secret ? value.kindDescription : describe(value))
            )
        }
        guard !text.trimmingWhitespace.isEmpty else { throw ConfigurationError(path: path, problem: .empty) }
        return text
    }

    /// This node as an array of nodes.
    package func elements() throws(ConfigurationError) -> [ConfigurationNode] {
        guard case .array(let elements) = value else {
            throw ConfigurationError(path: path, problem: .wrongType(expected: "an array", found: describe(value)))
        }
        return elements.enumerated().map { ConfigurationNode($0.element, path: "\(path)[\($0.offset)]") }
    }

    /// This node as one of the raw values of `T`.
    package func enumeration<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(ConfigurationError) -> T
    where T.RawValue == String {
        let text = try string()
        guard let result = T(rawValue: text) else {
            throw ConfigurationError(
                path: path,
                problem: .unknownValue(text, allowed: T.allCases.map(\.rawValue))
            )
        }
        return result
    }

    /// A short, bounded rendering of a value for error messages.
    private func describe(_ value: JSONValue) -> String {
        switch value {
        case .object, .array: return "an \(value.kindDescription)"
        case .null: return "null"
        default:
            let text = value.jsonText
            return "\(value.kindDescription) \(text.count > 80 ? String(text.prefix(77)) + "..." : text)"
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    var trimmingWhitespace: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
