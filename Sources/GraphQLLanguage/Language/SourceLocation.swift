/// A position in GraphQL source text: 1-based line and column (counted in Unicode scalars)
/// and the 0-based UTF-8 byte offset.
package struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line number.
    package var line: Int
    /// 1-based column, counted in Unicode scalars from the start of the line.
    package var column: Int
    /// 0-based byte offset into the UTF-8 source.
    package var offset: Int

    /// Creates a location from its line, column and byte offset.
    package init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line:column`, the form editors understand.
    package var description: String { "\(line):\(column)" }

    /// The location used for synthesized nodes that did not come from source text.
    package static let unknown = SourceLocation(line: 0, column: 0, offset: 0)
}

/// Wraps a node's source location so that AST equality and hashing ignore it: two documents
/// are equal when they say the same thing, wherever it was written.
@propertyWrapper
package struct IgnoredByEquality<Value: Sendable>: Sendable, Hashable {
    /// The wrapped value (typically a ``SourceLocation``).
    package var wrappedValue: Value

    /// Wraps a value.
    package init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

    /// Always true: the wrapped value never makes two nodes differ.
    package static func == (lhs: Self, rhs: Self) -> Bool { true }

    /// Contributes nothing to the hash, consistent with `==`.
    package func hash(into hasher: inout Hasher) {}
}
