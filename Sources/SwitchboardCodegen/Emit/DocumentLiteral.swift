/// A GraphQL document as a Swift multi-line string literal: plain `"""` when the text needs no
/// escaping, raw (`#"""`) with as many `#` as it takes otherwise.
struct DocumentLiteral {
    let text: String

    /// The number of `#` that keep the text free of escapes and of a premature closing delimiter.
    var hashes: Int {
        var count = 0
        while text.contains("\\" + String(repeating: "#", count: count))
            || text.contains("\"\"\"" + String(repeating: "#", count: count))
        {
            count += 1
        }
        return count
    }

    /// Writes `opener` followed by the literal, its content one level deeper than the statement.
    func write(_ opener: String, into writer: inout SwiftWriter) {
        let delimiter = String(repeating: "#", count: hashes)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        writer.multilineString(opener + " " + delimiter + "\"\"\"", lines: lines, closer: "\"\"\"" + delimiter)
    }
}
