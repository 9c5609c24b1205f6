/// Limits that keep hostile documents from exhausting the stack or the CPU.
package struct ParserOptions: Sendable, Hashable {
    /// The deepest nesting of selection sets, list/object values and list types allowed.
    package var maxDepth: Int
    /// The most tokens a document may contain.
    package var maxTokens: Int

    /// Creates options; the defaults accept any realistic document (GitHub's 368 KB schema
    /// has about 60,000 tokens) and reject `{{{{…` within microseconds.
    package init(maxDepth: Int = 256, maxTokens: Int = 200_000) {
        self.maxDepth = maxDepth
        self.maxTokens = maxTokens
    }
}
