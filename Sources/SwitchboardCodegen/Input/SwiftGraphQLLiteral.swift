/// The document of one `graphql("…")` literal in a Swift file, and where each of its characters
/// is in that file, so that GraphQL errors point into the Swift source.
struct SwiftGraphQLLiteral: Sendable, Equatable {
    /// The literal's value: indentation stripped and escapes decoded, as Swift would.
    var text: String
    /// For each line of ``text``, the source position of each of its Unicode scalars followed by
    /// the position just after the line (where an error at the end of the line points).
    var positions: [[SourcePosition]]

    /// The Swift source position of `line:column` in ``text``.
    func sourcePosition(line: Int, column: Int) -> SourcePosition {
        guard let lastLine = positions.last, let end = lastLine.last else { return SourcePosition(line: 1, column: 1) }
        guard line >= 1, line <= positions.count else { return end }
        let row = positions[line - 1]
        return row[min(max(column, 1), row.count) - 1]
    }
}

/// A problem with a `graphql(…)` call found while scanning a Swift file.
struct SwiftLiteralProblem: Sendable, Equatable {
    /// Where in the Swift file.
    var position: SourcePosition
    /// What is wrong.
    var message: String
}
