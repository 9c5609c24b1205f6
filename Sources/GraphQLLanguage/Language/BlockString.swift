import Foundation

/// Block string rules (spec 2.9.4): the value of a raw `"""` string and how to print one back.
enum BlockString {
    /// The spec's BlockStringValue: common indentation and blank first/last lines removed.
    static func value(ofRaw raw: String) -> String {
        var lines = splitLines(raw)
        var commonIndent: Int?
        for line in lines.dropFirst() {
            let indent = leadingWhitespace(line)
            if indent < line.count, indent < (commonIndent ?? Int.max) { commonIndent = indent }
        }
        if let commonIndent, commonIndent > 0 {
            for index in lines.indices.dropFirst() {
                lines[index] = Array(lines[index].dropFirst(commonIndent))
            }
        }
        while let first = lines.first, leadingWhitespace(first) == first.count { lines.removeFirst() }
        while let last = lines.last, leadingWhitespace(last) == last.count { lines.removeLast() }
        return lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
    }

    /// Whether a value can be written as a block string and read back unchanged.
    static func canPrint(_ value: String) -> Bool {
        !value.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0 == "\r" }
    }

    /// Prints a value as a block string in graphql-js's canonical layout.
    static func print(_ value: String) -> String {
        let escaped = value.replacingOccurrences(of: "\"\"\"", with: "\\\"\"\"")
        let lines = value.split(separator: "\n", omittingEmptySubsequences: false)
        let isSingleLine = lines.count == 1
        let forceLeadingNewLine = lines.count > 1
            && lines.dropFirst().allSatisfy { $0.isEmpty || $0.first == " " || $0.first == "\t" }
        let hasTrailingTripleQuotes = escaped.hasSuffix("\\\"\"\"")
        let hasTrailingQuote = value.hasSuffix("\"") && !hasTrailingTripleQuotes
        let hasTrailingSlash = value.hasSuffix("\\")
        let forceTrailingNewLine = hasTrailingQuote || hasTrailingSlash
        let multipleLines = !isSingleLine || value.unicodeScalars.count > 70 || forceTrailingNewLine
            || forceLeadingNewLine || hasTrailingTripleQuotes
        let skipLeadingNewLine = isSingleLine && (value.first == " " || value.first == "\t")
        var result = ""
        if (multipleLines && !skipLeadingNewLine) || forceLeadingNewLine { result += "\n" }
        result += escaped
        if multipleLines || forceTrailingNewLine { result += "\n" }
        return "\"\"\"" + result + "\"\"\""
    }

    private static func splitLines(_ raw: String) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = [[]]
        var previousWasCR = false
        for scalar in raw.unicodeScalars {
            if scalar == "\n" {
                if !previousWasCR { lines.append([]) }
                previousWasCR = false
            } else if scalar == "\r" {
                lines.append([])
                previousWasCR = true
            } else {
                lines[lines.count - 1].append(scalar)
                previousWasCR = false
            }
        }
        return lines
    }

    private static func leadingWhitespace(_ line: [Unicode.Scalar]) -> Int {
        var count = 0
        while count < line.count, line[count] == " " || line[count] == "\t" { count += 1 }
        return count
    }
}
