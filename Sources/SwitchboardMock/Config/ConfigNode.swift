import Switchboard

/// A YAML node together with its key path and file, so every accessor can fail with a precise error.
struct ConfigNode {
    let node: YAMLNode
    let path: String
    let file: String

    func error(_ message: String) -> MockConfigurationError {
        MockConfigurationError(file: file, mark: node.mark, path: path, message: message)
    }

    func members(allowed: Set<String>) throws(MockConfigurationError) -> [(String, ConfigNode)] {
        guard case .mapping(let members, _) = node else { throw error("expected a mapping") }
        var result: [(String, ConfigNode)] = []
        for member in members {
            let child = ConfigNode(
                node: member.value, path: path.isEmpty ? member.key : "\(path).\(member.key)", file: file)
            guard allowed.contains(member.key) else {
                throw child.error(
                    "unknown key \"\(member.key)\" (expected one of \(allowed.sorted().joined(separator: ", ")))")
            }
            result.append((member.key, child))
        }
        return result
    }

    func member(_ key: String) -> ConfigNode? {
        node[key].map { ConfigNode(node: $0, path: path.isEmpty ? key : "\(path).\(key)", file: file) }
    }

    func elements() throws(MockConfigurationError) -> [ConfigNode] {
        guard case .sequence(let items, _) = node else { throw error("expected a list") }
        return items.enumerated().map { ConfigNode(node: $1, path: "\(path)[\($0)]", file: file) }
    }

    func string() throws(MockConfigurationError) -> String {
        guard case .scalar(let text, _, _) = node else { throw error("expected a string") }
        return text
    }

    func strings() throws(MockConfigurationError) -> [String] {
        if case .scalar = node { return [try string()] }
        var result: [String] = []
        for element in try elements() { result.append(try element.string()) }
        return result
    }

    func integer(in range: ClosedRange<Int>) throws(MockConfigurationError) -> Int {
        guard case .number(let number) = node.jsonValue, let value = Int(exactly: number), range.contains(value) else {
            throw error("expected an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// A duration: a number of seconds (`0.25`) or a string with a unit (`250ms`, `2s`).
    func duration() throws(MockConfigurationError) -> Duration {
        switch node.jsonValue {
        case .number(let seconds) where seconds >= 0 && seconds <= 3600:
            return .milliseconds(Int64((seconds * 1000).rounded()))
        case .string(let text):
            if text.hasSuffix("ms"), let value = Int64(text.dropLast(2)), value >= 0 { return .milliseconds(value) }
            if text.hasSuffix("s"), let value = Double(text.dropLast()), value >= 0, value <= 3600 {
                return .milliseconds(Int64((value * 1000).rounded()))
            }
            fallthrough
        default:
            throw error("expected a delay in seconds (0.25) or with a unit (250ms, 2s)")
        }
    }
}
