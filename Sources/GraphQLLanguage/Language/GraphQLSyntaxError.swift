/// A GraphQL document could not be parsed: where (line:column and byte offset), which token,
/// and why. `description` adds the offending source line with a caret under the position.
package struct GraphQLSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in graphql-js style (e.g. `Expected Name, found "}".`).
    package var message: String
    /// Where the problem is.
    package var location: SourceLocation
    /// The offending token as written in messages (e.g. `"}"`, `Name "foo"`, `<EOF>`), if any.
    package var token: String?
    /// The full text of the source line holding the problem (without its line terminator).
    package var sourceLine: String
    /// The parser's limit the document went past, when that is the problem rather than its syntax.
    package var limit: ParserLimit?

    /// A limit of ``ParserOptions`` that stopped the parse, with its value.
    package enum ParserLimit: Sendable, Hashable {
        /// More tokens than ``ParserOptions/maxTokens``.
        case tokens(Int)
        /// Nested deeper than ``ParserOptions/maxDepth``.
        case depth(Int)
    }

    /// 1-based line of the problem.
    package var line: Int { location.line }
    /// 1-based column of the problem.
    package var column: Int { location.column }
    /// 0-based byte offset of the problem.
    package var offset: Int { location.offset }

    /// Creates an error; the parser fills in the source line.
    package init(
        message: String, location: SourceLocation, token: String? = nil, sourceLine: String = "",
        limit: ParserLimit? = nil
    ) {
        self.message = message
        self.location = location
        self.token = token
        self.sourceLine = sourceLine
        self.limit = limit
    }

    /// `Syntax Error: … (line:column)` followed by the source line and a caret.
    package var description: String {
        var text = "Syntax Error: \(message) (\(location.line):\(location.column))"
        guard !sourceLine.isEmpty else { return text }
        // Long lines (minified documents) are cut to a window around the column.
        let scalars = Array(sourceLine.unicodeScalars)
        let caretIndex = max(0, min(location.column - 1, scalars.count))
        let windowStart = max(0, caretIndex - 60)
        let windowEnd = min(scalars.count, caretIndex + 60)
        var excerpt = String(String.UnicodeScalarView(scalars[windowStart..<windowEnd]))
        excerpt = excerpt.replacingTabs()
        let gutter = "\(location.line) | "
        text += "\n" + gutter + excerpt
        text +=
            "\n" + String(repeating: " ", count: gutter.count - 2) + "| "
            + String(repeating: " ", count: caretIndex - windowStart) + "^"
        return text
    }
}

extension String {
    /// Tabs would misalign the caret, so they are shown as single spaces.
    fileprivate func replacingTabs() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\t" ? " " : $0 }))
    }
}
