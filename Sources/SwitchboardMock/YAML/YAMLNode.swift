import Switchboard

/// A position in a YAML or JSON source: 1-based line and column (in characters of the line).
package struct SourceMark: Sendable, Equatable, CustomStringConvertible {
    /// 1-based line.
    package var line: Int
    /// 1-based column.
    package var column: Int

    /// Creates a mark.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    package var description: String { "\(line):\(column)" }
}

/// A parsed YAML node with the position it started at, so that configuration errors can point
/// at the exact value that is wrong.
package indirect enum YAMLNode: Sendable, Equatable {
    /// A scalar; `isQuoted` scalars are always strings, plain ones are resolved by the core schema.
    case scalar(String, isQuoted: Bool, mark: SourceMark)
    /// A sequence of nodes.
    case sequence([YAMLNode], mark: SourceMark)
    /// A mapping with string keys, in document order.
    case mapping([(key: String, value: YAMLNode)], mark: SourceMark)

    /// Where the node starts.
    package var mark: SourceMark {
        switch self {
        case .scalar(_, _, let mark), .sequence(_, let mark), .mapping(_, let mark): mark
        }
    }

    /// The member `key` of a mapping.
    package subscript(key: String) -> YAMLNode? {
        guard case .mapping(let members, _) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The node as JSON, resolving plain scalars with YAML 1.2's core schema (null, booleans,
    /// integers and floats; everything else is a string).
    package var jsonValue: JSONValue {
        switch self {
        case .scalar(let text, let isQuoted, _):
            isQuoted ? .string(text) : Self.resolvePlain(text)
        case .sequence(let items, _):
            .array(items.map(\.jsonValue))
        case .mapping(let members, _):
            .object(Dictionary(members.map { ($0.key, $0.value.jsonValue) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    static func resolvePlain(_ text: String) -> JSONValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .boolean(true)
        case "false", "False", "FALSE": return .boolean(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .number(-.infinity)
        default: break
        }
        if let integer = Int(text, radix: 10) { return .number(Double(integer)) }
        if text.hasPrefix("0x"), let integer = Int(text.dropFirst(2), radix: 16) { return .number(Double(integer)) }
        if text.hasPrefix("0o"), let integer = Int(text.dropFirst(2), radix: 8) { return .number(Double(integer)) }
        let isNumeric = text.first.map { $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." } ?? false
        if isNumeric, text.contains(where: \.isNumber), let double = Double(text), !text.lowercased().contains("n") {
            return .number(double)
        }
        return .string(text)
    }

    /// Structural equality (marks included).
    package static func == (lhs: YAMLNode, rhs: YAMLNode) -> Bool {
        switch (lhs, rhs) {
        case (.scalar(let a, let aq, let am), .scalar(let b, let bq, let bm)): a == b && aq == bq && am == bm
        case (.sequence(let a, let am), .sequence(let b, let bm)): a == b && am == bm
        case (.mapping(let a, let am), .mapping(let b, let bm)):
            am == bm && a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }
}

/// A YAML syntax error with the file (when known), line and column.
package struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file name, when parsing a file.
    package var file: String?
    /// Where the problem is.
    package var mark: SourceMark
    /// What is wrong.
    package var message: String

    /// Creates an error.
    package init(file: String? = nil, mark: SourceMark, message: String) {
        self.file = file
        self.mark = mark
        self.message = message
    }

    /// `file:line:column: message`.
    package var description: String { "\(file.map { "\($0):" } ?? "")\(mark.line):\(mark.column): \(message)" }
}
