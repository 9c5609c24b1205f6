/// A Swift expression that ``SwiftSourceWriter`` prints on one line when it fits and otherwise
/// breaks the way swift-format keeps it: after a call's `(` with one argument per line, after an
/// array's `[` with one element per line, before a `??`.
indirect enum SwiftExpression {
    /// Text that is never broken (a name, a literal, a short call).
    case text(String)
    /// `callee(label: value, …)`.
    case call(String, [Argument])
    /// `[a, b]`.
    case array([SwiftExpression])
    /// `lhs ?? rhs`.
    case coalescing(SwiftExpression, SwiftExpression)

    /// One argument of a call.
    struct Argument {
        /// The label, or `nil` for an unlabeled argument.
        let label: String?
        let value: SwiftExpression

        init(_ label: String?, _ value: SwiftExpression) {
            self.label = label
            self.value = value
        }

        init(_ label: String?, _ text: String) {
            self.init(label, .text(text))
        }

        var flat: String { (label.map { "\($0): " } ?? "") + value.flat }
    }

    /// The expression on one line.
    var flat: String {
        switch self {
        case .text(let text): return text
        case .call(let callee, let arguments): return callee + "(" + arguments.map(\.flat).joined(separator: ", ") + ")"
        case .array(let elements): return "[" + elements.map(\.flat).joined(separator: ", ") + "]"
        case .coalescing(let lhs, let rhs): return lhs.flat + " ?? " + rhs.flat
        }
    }

    /// The lines of the expression at `indent` spaces, after `prefix` and followed by `suffix`, each
    /// at most `limit` columns where breaking can achieve it.
    func lines(indent: Int, prefix: String = "", suffix: String = "", limit: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        let single = pad + prefix + flat + suffix
        if single.count <= limit { return [single] }
        switch self {
        case .text:
            return [single]
        case .call(let callee, let arguments):
            guard !arguments.isEmpty else { return [single] }
            var result = [pad + prefix + callee + "("]
            for (position, argument) in arguments.enumerated() {
                let isLast = position == arguments.count - 1
                result += argument.value.lines(
                    indent: indent + 4, prefix: argument.label.map { "\($0): " } ?? "",
                    suffix: isLast ? ")" + suffix : ",", limit: limit)
            }
            return result
        case .array(let elements):
            guard !elements.isEmpty else { return [single] }
            var result = [pad + prefix + "["]
            for element in elements {
                result += element.lines(
                    indent: indent + 4, suffix: elements.count > 1 ? "," : "", limit: limit)
            }
            return result + [pad + "]" + suffix]
        case .coalescing(let lhs, let rhs):
            return lhs.lines(indent: indent, prefix: prefix, limit: limit)
                + rhs.lines(indent: indent, prefix: "?? ", suffix: suffix, limit: limit)
        }
    }
}
