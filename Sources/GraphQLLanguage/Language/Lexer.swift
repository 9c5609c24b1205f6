/// Turns UTF-8 GraphQL source into tokens (spec section 2.1), skipping ignored tokens
/// (whitespace, line terminators, commas, comments and the byte order mark).
struct Lexer {
    /// The token kind of each one-byte punctuator, indexed by its byte.
    private static let singleBytePunctuators: [TokenKind?] = {
        var table = [TokenKind?](repeating: nil, count: 128)
        let kinds: [(Character, TokenKind)] = [
            ("!", .bang),
            ("$", .dollar),
            ("&", .ampersand),
            ("(", .parenLeft),
            (")", .parenRight),
            (":", .colon),
            ("=", .equals),
            ("@", .at),
            ("[", .bracketLeft),
            ("]", .bracketRight),
            ("{", .braceLeft),
            ("|", .pipe),
            ("}", .braceRight),
        ]
        for (character, kind) in kinds { table[Int(character.asciiValue!)] = kind }
        return table
    }()

    /// The byte a one-character escape (`\n`, `\"`, …) stands for.
    private static func singleCharacterEscape(_ code: UInt8) -> UInt8? {
        switch code {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return code
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        default: return nil
        }
    }

    let bytes: [UInt8]
    private(set) var position = 0
    private var line = 1
    private var lineStart = 0
    // The column of `columnOffset` on the current line, so columns are computed incrementally
    // (in Unicode scalars) without rescanning long single-line documents.
    private var columnOffset = 0
    private var column = 1
    private(set) var tokenCount = 0
    let maxTokens: Int

    init(bytes: [UInt8], maxTokens: Int) {
        self.bytes = bytes
        self.maxTokens = maxTokens
    }

    /// The location of a byte offset on or after the last computed position of the current line.
    mutating func location(at offset: Int) -> SourceLocation {
        if offset < columnOffset {
            columnOffset = lineStart
            column = 1
        }
        var index = columnOffset
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        // A continuation byte at `offset` itself belongs to the previous scalar.
        columnOffset = offset
        return SourceLocation(line: line, column: column, offset: offset)
    }

    private mutating func newLine(at nextLineStart: Int) {
        line += 1
        lineStart = nextLineStart
        columnOffset = nextLineStart
        column = 1
    }

    /// The text of the source line containing `offset`, for error excerpts.
    func sourceLine(containing offset: Int) -> String {
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    func error(
        _ message: String, at location: SourceLocation, token: String? = nil,
        limit: GraphQLSyntaxError.ParserLimit? = nil
    ) -> GraphQLSyntaxError {
        GraphQLSyntaxError(
            message: message, location: location, token: token,
            sourceLine: sourceLine(containing: location.offset), limit: limit)
    }

    private mutating func errorAt(_ offset: Int, _ message: String) -> GraphQLSyntaxError {
        error(message, at: location(at: offset))
    }

    @inline(__always) private func byte(_ index: Int) -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    /// Lexes the next significant token.
    mutating func next() throws(GraphQLSyntaxError) -> Token {
        skipIgnored()
        tokenCount += 1
        let start = position
        if tokenCount > maxTokens {
            throw error(
                "Document contains more than \(maxTokens) tokens; parsing aborted.",
                at: location(at: start), limit: .tokens(maxTokens))
        }
        guard start < bytes.count else {
            return Token(kind: .endOfFile, start: start, end: start, location: location(at: start), value: "")
        }
        let loc = location(at: start)
        let code = bytes[start]
        func punctuator(_ kind: TokenKind, _ length: Int = 1) -> Token {
            Token(kind: kind, start: start, end: start + length, location: loc, value: "")
        }
        if code < 128, let kind = Self.singleBytePunctuators[Int(code)] {
            position += 1
            return punctuator(kind)
        }
        switch code {
        case UInt8(ascii: "."):
            if byte(start + 1) == UInt8(ascii: "."), byte(start + 2) == UInt8(ascii: ".") {
                position += 3
                return punctuator(.spread, 3)
            }
            throw error("Unexpected character: \".\".", at: loc, token: "\".\"")
        case UInt8(ascii: "\""):
            if byte(start + 1) == UInt8(ascii: "\""), byte(start + 2) == UInt8(ascii: "\"") {
                return try readBlockString(start: start, location: loc)
            }
            return try readString(start: start, location: loc)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try readNumber(start: start, location: loc)
        default:
            if isNameStart(code) {
                var end = start + 1
                while end < bytes.count, isNameContinue(bytes[end]) { end += 1 }
                position = end
                return Token(
                    kind: .name, start: start, end: end, location: loc,
                    value: String(decoding: bytes[start..<end], as: UTF8.self))
            }
            let shown = describeCharacter(at: start)
            throw error("Unexpected character: \(shown).", at: loc, token: shown)
        }
    }

    private mutating func skipIgnored() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, UInt8(ascii: ","):
                position += 1
            case 0x0A:
                position += 1
                newLine(at: position)
            case 0x0D:
                position += byte(position + 1) == 0x0A ? 2 : 1
                newLine(at: position)
            case 0xEF where byte(position + 1) == 0xBB && byte(position + 2) == 0xBF:
                position += 3
            case UInt8(ascii: "#"):
                while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            default:
                return
            }
        }
    }

    /// A character as graphql-js shows it: printable ones quoted, others as `U+XXXX`.
    private func describeCharacter(at offset: Int) -> String {
        guard offset < bytes.count else { return "<EOF>" }
        let (scalar, _) = decodeScalar(at: offset)
        guard let scalar else { return "invalid UTF-8 byte 0x\(String(bytes[offset], radix: 16, uppercase: true))" }
        if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return scalar == "\"" ? "'\"'" : "\"\(scalar)\""
    }

    /// Decodes one UTF-8 scalar; returns nil and a length of 1 for malformed input.
    func decodeScalar(at offset: Int) -> (Unicode.Scalar?, Int) {
        let lead = bytes[offset]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            value = UInt32(lead & 0x07)
        default: return (nil, 1)
        }
        guard offset + length <= bytes.count else { return (nil, 1) }
        for index in 1..<length {
            let next = bytes[offset + index]
            guard next & 0xC0 == 0x80 else { return (nil, 1) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        return (Unicode.Scalar(value), length)
    }

    // MARK: Numbers

    private mutating func readNumber(start: Int, location loc: SourceLocation) throws(GraphQLSyntaxError) -> Token {
        var index = start
        var isFloat = false
        if byte(index) == UInt8(ascii: "-") { index += 1 }
        if byte(index) == UInt8(ascii: "0") {
            index += 1
            if isDigit(byte(index)) {
                throw errorAt(index, "Invalid number, unexpected digit after 0: \(describeCharacter(at: index)).")
            }
        } else {
            index = try readDigits(from: index)
        }
        if byte(index) == UInt8(ascii: ".") {
            isFloat = true
            index = try readDigits(from: index + 1)
        }
        if byte(index) == UInt8(ascii: "e") || byte(index) == UInt8(ascii: "E") {
            isFloat = true
            index += 1
            if byte(index) == UInt8(ascii: "+") || byte(index) == UInt8(ascii: "-") { index += 1 }
            index = try readDigits(from: index)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || isNameStart(bytes[index]) {
            throw errorAt(index, "Invalid number, expected digit but got: \(describeCharacter(at: index)).")
        }
        position = index
        return Token(
            kind: isFloat ? .float : .int, start: start, end: index, location: loc,
            value: String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func readDigits(from start: Int) throws(GraphQLSyntaxError) -> Int {
        guard isDigit(byte(start)) else {
            throw errorAt(start, "Invalid number, expected digit but got: \(describeCharacter(at: start)).")
        }
        var index = start + 1
        while isDigit(byte(index)) { index += 1 }
        return index
    }

    // MARK: Strings

    private mutating func readString(start: Int, location loc: SourceLocation) throws(GraphQLSyntaxError) -> Token {
        var index = start + 1
        var chunkStart = index
        var value: [UInt8] = []
        while index < bytes.count {
            let code = bytes[index]
            switch code {
            case UInt8(ascii: "\""):
                value.append(contentsOf: bytes[chunkStart..<index])
                position = index + 1
                return Token(
                    kind: .string, start: start, end: index + 1, location: loc,
                    value: String(decoding: value, as: UTF8.self))
            case 0x0A, 0x0D:
                throw errorAt(index, "Unterminated string.")
            case UInt8(ascii: "\\"):
                value.append(contentsOf: bytes[chunkStart..<index])
                index = try readEscape(at: index, into: &value)
                chunkStart = index
            default:
                if code < 0x20 && code != 0x09 {
                    throw errorAt(index, "Invalid character within String: \(describeCharacter(at: index)).")
                }
                if code >= 0x80 {
                    let (scalar, length) = decodeScalar(at: index)
                    if scalar == nil { throw errorAt(index, "Invalid UTF-8 byte within String.") }
                    index += length
                } else {
                    index += 1
                }
            }
        }
        throw errorAt(index, "Unterminated string.")
    }

    /// Reads one escape sequence starting at the backslash; returns the index after it.
    private mutating func readEscape(at index: Int, into value: inout [UInt8]) throws(GraphQLSyntaxError) -> Int {
        let code = byte(index + 1)
        func append(_ scalar: Unicode.Scalar) { value.append(contentsOf: Array(String(scalar).utf8)) }
        if let unescaped = Self.singleCharacterEscape(code) {
            value.append(unescaped)
            return index + 2
        }
        switch code {
        case UInt8(ascii: "u"):
            if byte(index + 2) == UInt8(ascii: "{") {
                // Variable-width form: \u{1F600}
                var end = index + 3
                var scalarValue: UInt32 = 0
                while end < bytes.count, let digit = hexValue(bytes[end]) {
                    if scalarValue > 0x10FFFF { break }
                    scalarValue = scalarValue << 4 | digit
                    end += 1
                }
                guard byte(end) == UInt8(ascii: "}"), end > index + 3, let scalar = Unicode.Scalar(scalarValue) else {
                    throw invalidEscape(at: index, through: min(end + 1, bytes.count))
                }
                append(scalar)
                return end + 1
            }
            guard let high = fixedHex(at: index + 2) else {
                throw invalidEscape(at: index, through: min(index + 6, bytes.count))
            }
            if let scalar = Unicode.Scalar(high) {
                append(scalar)
                return index + 6
            }
            // A leading surrogate must be followed by an escaped trailing surrogate.
            if (0xD800...0xDBFF).contains(high), byte(index + 6) == UInt8(ascii: "\\"),
                byte(index + 7) == UInt8(ascii: "u"), let low = fixedHex(at: index + 8),
                (0xDC00...0xDFFF).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            {
                append(scalar)
                return index + 12
            }
            throw invalidEscape(at: index, through: min(index + 6, bytes.count))
        default:
            throw invalidEscape(at: index, through: min(index + 2, bytes.count))
        }
    }

    private mutating func invalidEscape(at index: Int, through end: Int) -> GraphQLSyntaxError {
        let text = String(decoding: bytes[index..<max(index, end)], as: UTF8.self)
        return errorAt(index, "Invalid Unicode escape sequence: \"\(text)\".")
    }

    private func fixedHex(at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var result: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = hexValue(bytes[index + offset]) else { return nil }
            result = result << 4 | digit
        }
        return result
    }

    private mutating func readBlockString(start: Int, location loc: SourceLocation) throws(GraphQLSyntaxError) -> Token
    {
        var index = start + 3
        var chunkStart = index
        var raw: [UInt8] = []
        var hasEscapes = false
        // Line breaks inside the block string still advance the lexer's line counter, but the
        // token's own location was taken at its start.
        while index < bytes.count {
            let code = bytes[index]
            if code == UInt8(ascii: "\""), byte(index + 1) == UInt8(ascii: "\""), byte(index + 2) == UInt8(ascii: "\"")
            {
                position = index + 3
                let value: String
                if hasEscapes {
                    raw.append(contentsOf: bytes[chunkStart..<index])
                    value = BlockString.value(ofRaw: raw[...])
                } else {
                    // The common case: no escaped quotes, so the source bytes are the raw value.
                    value = BlockString.value(ofRaw: bytes[(start + 3)..<index])
                }
                return Token(kind: .blockString, start: start, end: index + 3, location: loc, value: value)
            }
            if code == UInt8(ascii: "\\"), byte(index + 1) == UInt8(ascii: "\""),
                byte(index + 2) == UInt8(ascii: "\""), byte(index + 3) == UInt8(ascii: "\"")
            {
                hasEscapes = true
                raw.append(contentsOf: bytes[chunkStart..<index])
                raw.append(contentsOf: [0x22, 0x22, 0x22])
                index += 4
                chunkStart = index
                continue
            }
            if code == 0x0A {
                index += 1
                newLine(at: index)
            } else if code == 0x0D {
                index += byte(index + 1) == 0x0A ? 2 : 1
                newLine(at: index)
            } else if code < 0x20 && code != 0x09 {
                throw errorAt(index, "Invalid character within String: \(describeCharacter(at: index)).")
            } else if code >= 0x80 {
                let (scalar, length) = decodeScalar(at: index)
                if scalar == nil { throw errorAt(index, "Invalid UTF-8 byte within String.") }
                index += length
            } else {
                index += 1
            }
        }
        throw errorAt(index, "Unterminated string.")
    }
}

@inline(__always) func isNameStart(_ code: UInt8) -> Bool {
    (code >= UInt8(ascii: "a") && code <= UInt8(ascii: "z")) || (code >= UInt8(ascii: "A") && code <= UInt8(ascii: "Z"))
        || code == UInt8(ascii: "_")
}

@inline(__always) func isNameContinue(_ code: UInt8) -> Bool {
    isNameStart(code) || isDigit(code)
}

@inline(__always) func isDigit(_ code: UInt8) -> Bool {
    code >= UInt8(ascii: "0") && code <= UInt8(ascii: "9")
}

@inline(__always) private func hexValue(_ code: UInt8) -> UInt32? {
    switch code {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(code - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(code - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(code - UInt8(ascii: "A") + 10)
    default: return nil
    }
}
