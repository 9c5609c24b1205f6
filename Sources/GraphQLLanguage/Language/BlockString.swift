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
    /// Values with other control characters, or with leading or trailing blank lines (which
    /// block-string reading removes), are printed as quoted strings instead.
    static func canPrint(_ value: String) -> Bool {
        guard !value.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0 == "\r" })
        else { return false }
        // Read the printed form back, exactly as the lexer would.
        let printed = Array(print(value).utf8)
        let body = printed[3..<(printed.count - 3)]
        var raw: [UInt8] = []
        raw.reserveCapacity(body.count)
        var index = body.startIndex
        while index < body.endIndex {
            if body[index] == 0x5C, index + 3 < body.endIndex, body[index + 1] == 0x22, body[index + 2] == 0x22,
                body[index + 3] == 0x22
            {
                raw += [0x22, 0x22, 0x22]
                index += 4
            } else {
                raw.append(body[index])
                index += 1
            }
        }
        return Self.value(ofRaw: raw[...]) == value
    }

    /// Prints a value as a block string in graphql-js's canonical layout.
    static func print(_ value: String) -> String {
        // Work on Unicode scalars, not Characters: a combining mark after a quote or a space
        // would otherwise hide `"""` from the escaping and indentation from the layout rules.
        let scalars = Array(value.unicodeScalars)
        var escaped: [Unicode.Scalar] = []
        escaped.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            if index + 2 < scalars.count, scalars[index] == "\"", scalars[index + 1] == "\"", scalars[index + 2] == "\""
            {
                escaped += ["\\", "\"", "\"", "\""]
                index += 3
            } else {
                escaped.append(scalars[index])
                index += 1
            }
        }
        let lines = scalars.split(separator: "\n", omittingEmptySubsequences: false)
        let isSingleLine = lines.count == 1
        let forceLeadingNewLine =
            lines.count > 1 && lines.dropFirst().allSatisfy { $0.isEmpty || $0.first == " " || $0.first == "\t" }
        let hasTrailingTripleQuotes = escaped.suffix(4) == ["\\", "\"", "\"", "\""]
        let hasTrailingQuote = scalars.last == "\"" && !hasTrailingTripleQuotes
        let hasTrailingSlash = scalars.last == "\\"
        let forceTrailingNewLine = hasTrailingQuote || hasTrailingSlash
        let multipleLines =
            !isSingleLine || scalars.count > 70 || forceTrailingNewLine || forceLeadingNewLine
            || hasTrailingTripleQuotes
        let skipLeadingNewLine = isSingleLine && (scalars.first == " " || scalars.first == "\t")
        var result = String.UnicodeScalarView()
        result.append(contentsOf: "\"\"\"".unicodeScalars)
        if (multipleLines && !skipLeadingNewLine) || forceLeadingNewLine { result.append("\n") }
        result.append(contentsOf: escaped)
        if multipleLines || forceTrailingNewLine { result.append("\n") }
        result.append(contentsOf: "\"\"\"".unicodeScalars)
        return String(result)
    }
}
