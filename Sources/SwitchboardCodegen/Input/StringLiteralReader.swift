/// Reads one Swift string literal (`"…"`, `"""…"""`, raw `#"…"#` forms) the way the Swift
/// compiler does: escapes (`\n`, `\u{…}`, `\#n` in raw strings), line continuations, and the
/// indentation of a multi-line literal's closing delimiter stripped from every line.
///
/// When collecting, it returns the literal's value with the source position of every scalar; an
/// interpolation, a bad escape or bad indentation is a problem instead. When not collecting it
/// only finds the literal's end, handing interpolations to the caller to skip as code.
struct StringLiteralReader {
    let bytes: [UInt8]
    let lines: LineTable
    let opening: SwiftLiteralScanner.StringOpening
    let collecting: Bool
    /// After ``read(skippingInterpolation:)``: the offset just after the closing delimiter.
    private(set) var index: Int
    private(set) var problems: [SwiftLiteralProblem] = []
    private var failed = false

    init(bytes: [UInt8], lines: LineTable, opening: SwiftLiteralScanner.StringOpening, collecting: Bool) {
        self.bytes = bytes
        self.lines = lines
        self.opening = opening
        self.collecting = collecting
        self.index = opening.start
    }

    /// Reads the literal. `skipInterpolation` receives the offset after `\(` and returns the offset
    /// after the interpolation's closing `)`.
    mutating func read(skippingInterpolation skipInterpolation: (Int) -> Int) -> SwiftGraphQLLiteral? {
        let decoded = opening.isMultiline ? readMultiline(skipInterpolation) : readSingleLine(skipInterpolation)
        guard collecting, !failed, let decoded else { return nil }
        return Self.literal(from: decoded.scalars, end: decoded.end)
    }

    private typealias Decoded = (scalars: [(Unicode.Scalar, SourcePosition)], end: SourcePosition)

    // MARK: Single-line literals

    private mutating func readSingleLine(_ skipInterpolation: (Int) -> Int) -> Decoded? {
        index = opening.start + opening.hashes + 1
        var scalars: [(Unicode.Scalar, SourcePosition)] = []
        while true {
            guard index < bytes.count, !isNewline(bytes[index]) else {
                report(at: opening.start, "unterminated string literal")
                return nil
            }
            if bytes[index] == UInt8(ascii: "\"") && hashesFollow(index + 1) {
                let end = position(index)
                index += 1 + opening.hashes
                return (scalars, end)
            }
            if bytes[index] == UInt8(ascii: "\\") && hashesFollow(index + 1) {
                if let scalar = readEscape(skipInterpolation) { scalars.append(scalar) }
            } else {
                scalars.append(readScalar())
            }
        }
    }

    // MARK: Multi-line literals

    private mutating func readMultiline(_ skipInterpolation: (Int) -> Int) -> Decoded? {
        index = opening.start + opening.hashes + 3
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        guard index < bytes.count, isNewline(bytes[index]) else {
            report(at: index, "a multi-line string literal's content must begin on a new line")
            skipToClosingDelimiter(skipInterpolation)
            return nil
        }
        skipNewline()
        var contentLines: [Range<Int>] = []
        while true {
            let lineStart = index
            var cursor = index
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") {
                cursor += 1
            }
            if isClosingDelimiter(at: cursor) {
                let indentation = Array(bytes[lineStart..<cursor])
                // Errors at the end of the document point just after its last character.
                let end = position(contentLines.last?.upperBound ?? cursor)
                defer { index = cursor + 3 + opening.hashes }
                guard collecting, !failed else { return nil }
                return decode(contentLines, indentation: indentation, end: end)
            }
            guard scanContentLine(skipInterpolation) else { return nil }
            contentLines.append(lineStart..<index)
            guard index < bytes.count else {
                report(at: opening.start, "unterminated multi-line string literal")
                return nil
            }
            skipNewline()
        }
    }

    /// Moves to the end of a content line, skipping interpolations; false when the literal ends
    /// (wrongly) in the middle of the line.
    private mutating func scanContentLine(_ skipInterpolation: (Int) -> Int) -> Bool {
        while index < bytes.count, !isNewline(bytes[index]) {
            if bytes[index] == UInt8(ascii: "\\") && hashesFollow(index + 1) {
                let escape = index
                index += 1 + opening.hashes
                if index < bytes.count, bytes[index] == UInt8(ascii: "(") {
                    reportInterpolation(at: escape)
                    index = skipInterpolation(index + 1)
                } else if index < bytes.count, !isNewline(bytes[index]) {
                    index += 1
                }
            } else if isClosingDelimiter(at: index) {
                report(at: index, "a multi-line string literal's closing delimiter must begin on a new line")
                index += 3 + opening.hashes
                return false
            } else {
                index += 1
            }
        }
        return true
    }

    /// Strips `indentation` from each content line and decodes escapes.
    private mutating func decode(_ contentLines: [Range<Int>], indentation: [UInt8], end: SourcePosition) -> Decoded? {
        var scalars: [(Unicode.Scalar, SourcePosition)] = []
        for (number, line) in contentLines.enumerated() {
            let isBlank = bytes[line].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            if bytes[line].starts(with: indentation) {
                index = line.lowerBound + indentation.count
            } else if isBlank {
                index = line.upperBound
            } else {
                report(
                    at: line.lowerBound,
                    "insufficient indentation of line in multi-line string literal: it must start with the "
                        + "indentation of the closing delimiter")
                return nil
            }
            var continues = false
            while index < line.upperBound {
                guard bytes[index] == UInt8(ascii: "\\") && hashesFollow(index + 1) else {
                    scalars.append(readScalar())
                    continue
                }
                let afterEscape = index + 1 + opening.hashes
                if bytes[afterEscape..<line.upperBound].allSatisfy({
                    $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
                }) {
                    continues = true  // a line continuation: no newline after this line
                    index = line.upperBound
                } else if let scalar = readEscape({ $0 }) {
                    scalars.append(scalar)
                }
            }
            if !continues && number < contentLines.count - 1 {
                scalars.append(("\n", position(line.upperBound)))
            }
        }
        return failed ? nil : (scalars, end)
    }

    private mutating func skipToClosingDelimiter(_ skipInterpolation: (Int) -> Int) {
        while index < bytes.count && !isClosingDelimiter(at: index) {
            if bytes[index] == UInt8(ascii: "\\") && hashesFollow(index + 1) {
                index += 1 + opening.hashes
                if index < bytes.count, bytes[index] == UInt8(ascii: "(") { index = skipInterpolation(index + 1) }
            } else {
                index += 1
            }
        }
        index = min(bytes.count, index + 3 + opening.hashes)
    }

    // MARK: Escapes and scalars

    /// Reads the escape at ``index`` (its backslash); `nil` for an interpolation or a bad escape.
    private mutating func readEscape(_ skipInterpolation: (Int) -> Int) -> (Unicode.Scalar, SourcePosition)? {
        let start = index
        let at = position(start)
        index += 1 + opening.hashes
        guard index < bytes.count else {
            report(at: start, "unterminated string literal")
            return nil
        }
        let code = bytes[index]
        index += 1
        switch code {
        case UInt8(ascii: "("):
            reportInterpolation(at: start)
            index = skipInterpolation(index)
            return nil
        case UInt8(ascii: "0"): return ("\0", at)
        case UInt8(ascii: "\\"): return ("\\", at)
        case UInt8(ascii: "t"): return ("\t", at)
        case UInt8(ascii: "n"): return ("\n", at)
        case UInt8(ascii: "r"): return ("\r", at)
        case UInt8(ascii: "\""): return ("\"", at)
        case UInt8(ascii: "'"): return ("'", at)
        case UInt8(ascii: "u"):
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { break }
            var end = index + 1
            while end < bytes.count, end - index <= 9, bytes[end] != UInt8(ascii: "}") { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: "}"),
                let value = UInt32(String(decoding: bytes[index + 1..<end], as: UTF8.self), radix: 16),
                end - index - 1 <= 8, let scalar = Unicode.Scalar(value)
            else { break }
            index = end + 1
            return (scalar, at)
        default:
            break
        }
        report(at: start, "invalid escape sequence in string literal")
        return nil
    }

    /// Reads the UTF-8 scalar at ``index``.
    private mutating func readScalar() -> (Unicode.Scalar, SourcePosition) {
        let at = position(index)
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        let end = min(bytes.count, index + length)
        let scalar = String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
        index = end
        return (scalar, at)
    }

    // MARK: Helpers

    private func isClosingDelimiter(at offset: Int) -> Bool {
        offset + 2 < bytes.count && bytes[offset] == UInt8(ascii: "\"") && bytes[offset + 1] == UInt8(ascii: "\"")
            && bytes[offset + 2] == UInt8(ascii: "\"") && hashesFollow(offset + 3)
    }

    private func hashesFollow(_ offset: Int) -> Bool {
        guard offset + opening.hashes <= bytes.count else { return false }
        return bytes[offset..<offset + opening.hashes].allSatisfy { $0 == UInt8(ascii: "#") }
    }

    private func isNewline(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private mutating func skipNewline() {
        if bytes[index] == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
            index += 2
        } else {
            index += 1
        }
    }

    private func position(_ offset: Int) -> SourcePosition { lines.position(of: offset) }

    private mutating func reportInterpolation(at offset: Int) {
        report(
            at: offset,
            "a graphql(_:) literal cannot contain string interpolation: its document is read when the code "
                + "is generated; pass values as variables")
    }

    private mutating func report(at offset: Int, _ message: String) {
        failed = true
        guard collecting else { return }
        problems.append(SwiftLiteralProblem(position: position(offset), message: message))
    }

    /// The literal, its lines split where GraphQL splits them (`\n`, `\r\n`, `\r`).
    private static func literal(from scalars: [(Unicode.Scalar, SourcePosition)], end: SourcePosition)
        -> SwiftGraphQLLiteral
    {
        var text = String.UnicodeScalarView()
        var positions: [[SourcePosition]] = [[]]
        var offset = 0
        while offset < scalars.count {
            let (scalar, at) = scalars[offset]
            text.append(scalar)
            positions[positions.count - 1].append(at)
            if scalar == "\r", offset + 1 < scalars.count, scalars[offset + 1].0 == "\n" {
                text.append("\n")
                positions[positions.count - 1].append(scalars[offset + 1].1)
                offset += 1
                positions.append([])
            } else if scalar == "\n" || scalar == "\r" {
                positions.append([])
            }
            offset += 1
        }
        positions[positions.count - 1].append(end)
        return SwiftGraphQLLiteral(text: String(text), positions: positions)
    }
}
