/// Builds a Swift file line by line: four-space indentation, at most one blank line in a row, and
/// expressions broken to stay within 120 columns, so that the output passes
/// `swift format lint --strict` with the repository's configuration unchanged.
struct SwiftSourceWriter {
    /// swift-format's `lineLength`.
    static let lineLimit = 120

    private(set) var lines: [String] = []
    private var indentation = 0

    /// Appends `text` at the current indentation (an empty string makes an empty line).
    mutating func line(_ text: String) {
        lines.append(text.isEmpty ? "" : String(repeating: " ", count: indentation) + text)
    }

    /// Appends an empty line, unless the previous line is empty or opens a block.
    mutating func blankLine() {
        guard let last = lines.last, !last.isEmpty, !last.hasSuffix("{"), !last.hasSuffix(" in") else { return }
        lines.append("")
    }

    /// `opening {`, the body one level deeper, then `}` (or `closing`).
    mutating func block(_ opening: String, closing: String = "}", _ body: (inout SwiftSourceWriter) -> Void) {
        scope(opening + " {", closing: closing, body)
    }

    /// The line `opening` as written (`defineSchema { model in`), the body one level deeper, then `closing`.
    mutating func scope(_ opening: String, closing: String = "}", _ body: (inout SwiftSourceWriter) -> Void) {
        line(opening)
        indentation += 4
        body(&self)
        indentation -= 4
        if lines.last == "" { lines.removeLast() }
        line(closing)
    }

    /// `prefix` + the expression + `suffix`, broken across lines where it does not fit.
    mutating func expression(_ expression: SwiftExpression, prefix: String = "", suffix: String = "") {
        lines += expression.lines(indent: indentation, prefix: prefix, suffix: suffix, limit: Self.lineLimit)
    }

    /// `target = value` on one line, or `target =` followed by the value one level deeper.
    mutating func assignment(_ target: String, _ value: SwiftExpression) {
        let single = value.lines(indent: indentation, prefix: target + " = ", limit: Self.lineLimit)
        if single.count == 1 && single[0].count <= Self.lineLimit {
            lines += single
            return
        }
        line(target + " =")
        lines += value.lines(indent: indentation + 4, limit: Self.lineLimit)
    }

    /// `callee(` with each argument on its own line and `)` on a line of its own (the layout of
    /// `model.fields(…)` in generated schemas), or after the last argument.
    mutating func statementCall(_ callee: String, _ arguments: [SwiftExpression], closingOnLastLine: Bool = false) {
        line(callee + "(")
        for (position, argument) in arguments.enumerated() {
            let isLast = position == arguments.count - 1
            let suffix = isLast ? (closingOnLastLine ? ")" : "") : ","
            lines += argument.lines(indent: indentation + 4, suffix: suffix, limit: Self.lineLimit)
        }
        if !closingOnLastLine || arguments.isEmpty { line(")") }
    }

    /// Whether `text` fits on one line at the current indentation.
    func fits(_ text: String) -> Bool {
        indentation + text.count <= Self.lineLimit
    }

    /// `public struct post: Model {`-style declarations of a type named in lower case, as GraphQL
    /// allows, are preceded by the comment that tells swift-format the name is intended.
    mutating func typeDeclaration(_ declaration: String, named name: String, _ body: (inout SwiftSourceWriter) -> Void)
    {
        if let first = name.first, first.isLowercase {
            line("// swift-format-ignore: TypeNamesShouldBeCapitalized")
        }
        block(declaration, body)
    }

    /// `prefix[` with each element on its own line, then `]`: the layout of `model.authRules = […]`.
    mutating func statementArray(_ prefix: String, _ elements: [SwiftExpression]) {
        line(prefix + "[")
        for element in elements {
            lines += element.lines(
                indent: indentation + 4, suffix: elements.count > 1 ? "," : "", limit: Self.lineLimit)
        }
        line("]")
    }

    /// A declaration whose parameters go one per line: `head(` … `) {`, then the body.
    mutating func function(
        _ head: String, parameters: [String], trailer: String = "", _ body: (inout SwiftSourceWriter) -> Void
    ) {
        guard !parameters.isEmpty else { return block(head + "()" + trailer, body) }
        line(head + "(")
        indentation += 4
        for (position, parameter) in parameters.enumerated() {
            line(parameter + (position == parameters.count - 1 ? "" : ","))
        }
        indentation -= 4
        block(")" + trailer, body)
    }

    /// The file's text, ending with one newline.
    var text: String {
        var result = lines
        while result.last == "" { result.removeLast() }
        return result.joined(separator: "\n") + "\n"
    }
}
