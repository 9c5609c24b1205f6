import Foundation

/// Block string rules (spec 2.9.4): the value of a raw `"""` string and how to print one back.
enum BlockString {
    /// The spec's BlockStringValue: common indentation and blank first/last lines removed.
    static func value(ofRaw raw: String) -> String {
        value(ofRaw: Array(raw.utf8)[...])
    }

    /// The same over raw UTF-8 bytes; spaces, tabs and line terminators are single bytes, so
    /// the work is byte-wise and the string is built once.
    static func value(ofRaw raw: ArraySlice<UInt8>) -> String {
        // Line ranges, split at LF, CRLF and CR.
        var lines: [Range<Int>] = []
        var lineStart = raw.startIndex
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            if byte == 0x0A || byte == 0x0D {
                lines.append(lineStart..<index)
                index += byte == 0x0D && index + 1 < raw.endIndex && raw[index + 1] == 0x0A ? 2 : 1
                lineStart = index
            } else {
                index += 1
            }
        }
        lines.append(lineStart..<raw.endIndex)
        func indentation(_ line: Range<Int>) -> Int {
            var position = line.lowerBound
            while position < line.upperBound, raw[position] == 0x20 || raw[position] == 0x09 { position += 1 }
            return position - line.lowerBound
        }
        var commonIndent = Int.max
        for line in lines.dropFirst() {
            let indent = indentation(line)
            if indent < line.count, indent < commonIndent { commonIndent = indent }
        }
        if commonIndent == Int.max { commonIndent = 0 }
        var first = 0
        while first < lines.count, indentation(lines[first]) == lines[first].count { first += 1 }
        var last = lines.count - 1
        while last >= first, indentation(lines[last]) == lines[last].count { last -= 1 }
        guard first <= last else { return "" }
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        for lineIndex in first...last {
            if lineIndex > first { result.append(0x0A) }
            var line = lines[lineIndex]
            if lineIndex > 0 { line = min(line.lowerBound + commonIndent, line.upperBound)..<line.upperBound }
            result.append(contentsOf: raw[line])
        }
        return String(decoding: result, as: UTF8.self)
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
        let forceLeadingNewLine =
            lines.count > 1
            && lines.dropFirst().allSatisfy { $0.isEmpty || $0.first == " " || $0.first == "\t" }
        let hasTrailingTripleQuotes = escaped.hasSuffix("\\\"\"\"")
        let hasTrailingQuote = value.hasSuffix("\"") && !hasTrailingTripleQuotes
        let hasTrailingSlash = value.hasSuffix("\\")
        let forceTrailingNewLine = hasTrailingQuote || hasTrailingSlash
        let multipleLines =
            !isSingleLine || value.unicodeScalars.count > 70 || forceTrailingNewLine
            || forceLeadingNewLine || hasTrailingTripleQuotes
        let skipLeadingNewLine = isSingleLine && (value.first == " " || value.first == "\t")
        var result = ""
        if (multipleLines && !skipLeadingNewLine) || forceLeadingNewLine { result += "\n" }
        result += escaped
        if multipleLines || forceTrailingNewLine { result += "\n" }
        return "\"\"\"" + result + "\"\"\""
    }
}
