/// Finds the `graphql("…")` calls of a Swift file and reads their string literals, without a
/// Swift parser: it knows Swift's lexical structure well enough to skip comments (nested block
/// comments too), every other string literal (raw, multi-line, with interpolations that contain
/// strings and parentheses) and `#/…/#` regex literals.
///
/// A call counts when the bare identifier `graphql` (not a member `.graphql`, not the
/// declaration `func graphql`) is followed by `(`. Its argument must be one string literal
/// without interpolation; anything else is a ``SwiftLiteralProblem``.
///
/// Bare `/…/` regex literals are not recognised: a `"` inside one would be read as the start of
/// a string.
struct SwiftLiteralScanner {
    private let bytes: [UInt8]
    private let lines: LineTable
    private var index = 0
    private var previous = PreviousToken.other
    private(set) var literals: [SwiftGraphQLLiteral] = []
    private(set) var problems: [SwiftLiteralProblem] = []

    private enum PreviousToken {
        case dot
        case funcKeyword
        case other
    }

    /// Scans `source` (a Swift file's UTF-8 bytes).
    init(_ source: [UInt8]) {
        bytes = source
        lines = LineTable(source)
        scanCode(untilClosingParenthesis: false)
    }

    // MARK: Code

    /// Skips code up to the end of the file, or up to the `)` that closes an interpolation.
    private mutating func scanCode(untilClosingParenthesis: Bool) {
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                skipLineComment()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "\""), UInt8(ascii: "#"):
                if let opening = stringOpening(at: index) {
                    _ = readString(opening, collecting: false)
                    previous = .other
                } else if byte == UInt8(ascii: "#"), let hashes = regexOpening(at: index) {
                    skipRegex(hashes: hashes)
                    previous = .other
                } else {
                    index += 1
                    previous = .other
                }
            case UInt8(ascii: "("):
                depth += 1
                index += 1
                previous = .other
            case UInt8(ascii: ")"):
                index += 1
                previous = .other
                if untilClosingParenthesis && depth == 0 { return }
                depth -= 1
            case UInt8(ascii: "."):
                index += 1
                previous = .dot
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "`"):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "`"), !isNewline(bytes[index]) { index += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: "`") { index += 1 }
                previous = .other
            default:
                guard Self.startsIdentifier(byte) else {
                    index += 1
                    previous = .other
                    break
                }
                let start = index
                while index < bytes.count, Self.continuesIdentifier(bytes[index]) { index += 1 }
                let isGraphQL = bytes[start..<index].elementsEqual("graphql".utf8)
                if isGraphQL && previous == .other {
                    readCall(identifierStart: start)
                    previous = .other
                } else {
                    previous = bytes[start..<index].elementsEqual("func".utf8) ? .funcKeyword : .other
                }
            }
        }
    }

    /// After the identifier `graphql`: reads `( "literal" )`, or reports why it is not one. When
    /// the identifier is not called, nothing happens.
    private mutating func readCall(identifierStart: Int) {
        let afterIdentifier = index
        skipTrivia()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "(") else {
            index = afterIdentifier
            return
        }
        let openParenthesis = index
        index += 1
        skipTrivia()
        guard let opening = stringOpening(at: index) else {
            report(at: index, "graphql(_:) must be given a string literal, so that its document can be generated")
            index = openParenthesis
            return
        }
        let knownProblems = problems.count
        let literal = readString(opening, collecting: true)
        let afterLiteral = index
        skipTrivia()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ")") else {
            // A literal that was itself wrong (unterminated, say) has been reported already.
            if problems.count > knownProblems {
                index = afterLiteral
                return
            }
            report(
                at: index < bytes.count ? index : afterLiteral,
                "graphql(_:) must be given a single string literal, so that its document can be generated")
            index = openParenthesis
            return
        }
        index += 1
        if let literal { literals.append(literal) }
    }

    // MARK: Comments and regex literals

    private mutating func skipLineComment() {
        while index < bytes.count, !isNewline(bytes[index]) { index += 1 }
    }

    private mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                index += 1
            }
        }
    }

    /// Whitespace, newlines and comments.
    private mutating func skipTrivia() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                skipLineComment()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                skipBlockComment()
            default:
                return
            }
        }
    }

    /// The number of `#` of an extended regex literal `#/…/#` starting at `offset`.
    private func regexOpening(at offset: Int) -> Int? {
        var hashes = 0
        while offset + hashes < bytes.count, bytes[offset + hashes] == UInt8(ascii: "#") { hashes += 1 }
        guard offset + hashes < bytes.count, bytes[offset + hashes] == UInt8(ascii: "/") else { return nil }
        return hashes
    }

    private mutating func skipRegex(hashes: Int) {
        index += hashes + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
            } else if bytes[index] == UInt8(ascii: "/") && hashesFollow(index + 1, count: hashes) {
                index += 1 + hashes
                return
            } else {
                index += 1
            }
        }
    }

    // MARK: String literals

    /// The shape of a string literal's opening delimiter.
    struct StringOpening {
        /// Where the delimiter starts (its first `#` or `"`).
        var start: Int
        /// How many `#` make it raw.
        var hashes: Int
        /// Whether it is `"""`.
        var isMultiline: Bool
    }

    private func stringOpening(at offset: Int) -> StringOpening? {
        var hashes = 0
        while offset + hashes < bytes.count, bytes[offset + hashes] == UInt8(ascii: "#") { hashes += 1 }
        let quote = offset + hashes
        guard quote < bytes.count, bytes[quote] == UInt8(ascii: "\"") else { return nil }
        let isMultiline =
            quote + 2 < bytes.count && bytes[quote + 1] == UInt8(ascii: "\"") && bytes[quote + 2] == UInt8(ascii: "\"")
        return StringOpening(start: offset, hashes: hashes, isMultiline: isMultiline)
    }

    /// Reads the literal opened by `opening` and leaves ``index`` after its closing delimiter.
    /// With `collecting`, returns its value; otherwise (and after a problem) returns `nil`.
    private mutating func readString(_ opening: StringOpening, collecting: Bool) -> SwiftGraphQLLiteral? {
        var reader = StringLiteralReader(
            bytes: bytes, lines: lines, opening: opening, collecting: collecting)
        let result = reader.read { offset in
            // An interpolation's expression is code; skip it as such.
            self.index = offset
            self.scanCode(untilClosingParenthesis: true)
            return self.index
        }
        index = reader.index
        problems += reader.problems
        return result
    }

    // MARK: Bytes

    private func peek(_ distance: Int) -> UInt8? {
        index + distance < bytes.count ? bytes[index + distance] : nil
    }

    private func hashesFollow(_ offset: Int, count: Int) -> Bool {
        guard offset + count <= bytes.count else { return false }
        return bytes[offset..<offset + count].allSatisfy { $0 == UInt8(ascii: "#") }
    }

    private func isNewline(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private mutating func report(at offset: Int, _ message: String) {
        problems.append(SwiftLiteralProblem(position: lines.position(of: offset), message: message))
    }

    private static func startsIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private static func continuesIdentifier(_ byte: UInt8) -> Bool {
        startsIdentifier(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
