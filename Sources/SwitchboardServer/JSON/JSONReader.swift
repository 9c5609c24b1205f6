/// Text that is not valid JSON, with the byte offset of the problem.
struct JSONReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 0-based byte offset where reading failed.
    var offset: Int
    /// What was expected or found.
    var reason: String

    var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

/// Reads JSON text (RFC 8259) from bytes into ``JSON``: integers that fit 64 bits stay `.int`,
/// strings must be valid UTF-8, nesting is limited so hostile input cannot exhaust the stack,
/// and a duplicate object key keeps its last value.
struct JSONReader {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 128

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parses one JSON value filling all of `bytes` (surrounding whitespace allowed).
    static func read(_ bytes: [UInt8]) throws(JSONReadError) -> JSON {
        var reader = JSONReader(bytes)
        reader.skipWhitespace()
        let value = try reader.readValue()
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.failure("unexpected text after the value") }
        return value
    }

    /// Parses JSON text.
    static func read(_ text: String) throws(JSONReadError) -> JSON {
        try read(Array(text.utf8))
    }

    private func failure(_ reason: String) -> JSONReadError {
        JSONReadError(offset: index, reason: reason)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func readValue() throws(JSONReadError) -> JSON {
        guard index < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): return try readLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try readLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try readLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw failure("unexpected character")
        }
    }

    private mutating func readLiteral(_ word: String, _ value: JSON) throws(JSONReadError) -> JSON {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("expected \(word)")
        }
        index += expected.count
        return value
    }

    private mutating func enter() throws(JSONReadError) {
        depth += 1
        if depth > Self.maximumDepth { throw failure("nested deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func readObject() throws(JSONReadError) -> JSON {
        try enter()
        index += 1
        var object = JSONObject()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("expected a member name")
            }
            let key = try readString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
            object[key] = try readValue()
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input in an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw failure("expected ',' or '}'") }
            index += 1
            depth -= 1
            return .object(object)
        }
    }

    private mutating func readArray() throws(JSONReadError) -> JSON {
        try enter()
        index += 1
        var elements: [JSON] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try readValue())
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input in an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw failure("expected ',' or ']'") }
            index += 1
            depth -= 1
            return .array(elements)
        }
    }

    private mutating func readString() throws(JSONReadError) -> String {
        index += 1
        var output: [UInt8] = []
        var start = index
        while true {
            guard index < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                output.append(contentsOf: bytes[start..<index])
                index += 1
                break
            }
            if byte < 0x20 { throw failure("control character in a string") }
            if byte == UInt8(ascii: "\\") {
                output.append(contentsOf: bytes[start..<index])
                try readEscape(into: &output)
                start = index
                continue
            }
            index += 1
        }
        guard let string = String(validating: output, as: UTF8.self) else {
            throw failure("a string is not valid UTF-8")
        }
        return string
    }

    private mutating func readEscape(into output: inout [UInt8]) throws(JSONReadError) {
        index += 1
        guard index < bytes.count else { throw failure("unterminated escape") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): output.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw failure("unpaired surrogate in \\u escape") }
                index += 2
                let low = try readHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate in \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw failure("unpaired surrogate in \\u escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
            output.append(contentsOf: Array(String(Character(unicode)).utf8))
        default: throw failure("invalid escape")
        }
    }

    private mutating func readHex4() throws(JSONReadError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func readNumber() throws(JSONReadError) -> JSON {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected an exponent digit") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .int(integer) }
        guard let number = Double(text), number.isFinite else {
            throw JSONReadError(offset: start, reason: "number out of range")
        }
        return .double(number)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
