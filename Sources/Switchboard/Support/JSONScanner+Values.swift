import Foundation

/// What the scanner builds values with: one grammar, one set of limits and one kind of error for
/// every JSON representation in the package (``JSONValue`` here, the local server's ordered,
/// integer-keeping values there). Containers arrive bottom-up, complete.
package protocol JSONValueBuilder {
    /// The values built.
    associatedtype Value
    /// `null`.
    func null() -> Value
    /// `true` or `false`.
    func boolean(_ value: Bool) -> Value
    /// A number as written (already valid JSON), or `nil` when it cannot be represented.
    func number(_ text: String, isInteger: Bool) -> Value?
    /// A string, escapes decoded.
    func string(_ value: String) -> Value
    /// An array.
    func array(_ elements: [Value]) -> Value
    /// An object's members in document order; a key may repeat (RFC 8259 leaves that open).
    func object(_ members: [(key: String, value: Value)]) -> Value
}

/// ``JSONValue``s: numbers as `Double`; of repeated keys, the last one wins.
struct JSONValueTreeBuilder: JSONValueBuilder {
    func null() -> JSONValue { .null }
    func boolean(_ value: Bool) -> JSONValue { .boolean(value) }
    func number(_ text: String, isInteger: Bool) -> JSONValue? {
        guard let number = Double(text), number.isFinite else { return nil }
        return .number(number)
    }
    func string(_ value: String) -> JSONValue { .string(value) }
    func array(_ elements: [JSONValue]) -> JSONValue { .array(elements) }
    func object(_ members: [(key: String, value: JSONValue)]) -> JSONValue {
        .object(Dictionary(members, uniquingKeysWith: { _, last in last }))
    }
}

/// Reading values with the scanner: the same grammar, limits and error offsets as
/// ``JSONScanner/firstError(in:)``, so a document is either valid everywhere or invalid with one
/// explanation. Foundation's decoder is not used: it rejects valid numbers such as `-0.0e-7`.
extension JSONScanner {
    /// The JSON value `bytes` hold (one value, surrounded by optional whitespace).
    package static func value(in bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> JSONValue {
        try value(in: bytes, builder: JSONValueTreeBuilder())
    }

    /// The value `bytes` hold, built by `builder`; nesting beyond `maximumDepth` is an error.
    package static func value<Builder: JSONValueBuilder>(
        in bytes: UnsafeBufferPointer<UInt8>, builder: Builder, maximumDepth: Int = maximumDepth
    ) throws(Failure) -> Builder.Value {
        if let offset = UTF8Validator.firstInvalidOffset(in: bytes) {
            throw Failure(offset: offset, reason: "invalid UTF-8")
        }
        var scanner = JSONScanner(bytes, maximumDepth: maximumDepth)
        scanner.skipWhitespace()
        guard scanner.index < bytes.count else { throw Failure(offset: 0, reason: "the body is empty") }
        let value = try scanner.readValue(builder)
        scanner.skipWhitespace()
        if scanner.index < bytes.count {
            throw scanner.failure("unexpected \(scanner.describeCurrent()) after the JSON value")
        }
        return value
    }

    private mutating func readValue<Builder: JSONValueBuilder>(_ builder: Builder) throws(Failure) -> Builder.Value {
        skipWhitespace()
        guard let byte = peek() else { throw failure("expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try readContainer(isObject: true, builder)
        case UInt8(ascii: "["): return try readContainer(isObject: false, builder)
        case UInt8(ascii: "\""): return builder.string(try readString())
        case UInt8(ascii: "t"):
            try skipLiteral("true")
            return builder.boolean(true)
        case UInt8(ascii: "f"):
            try skipLiteral("false")
            return builder.boolean(false)
        case UInt8(ascii: "n"):
            try skipLiteral("null")
            return builder.null()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = index
            try skipNumber()
            let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
            let isInteger = !raw.contains {
                $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
            }
            let text = String(decoding: raw, as: UTF8.self)
            guard let number = builder.number(text, isInteger: isInteger) else {
                throw Failure(offset: start, reason: "number \(text.prefix(40)) is beyond the range of a Double")
            }
            return number
        default: throw failure("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func readContainer<Builder: JSONValueBuilder>(
        isObject: Bool, _ builder: Builder
    ) throws(Failure) -> Builder.Value {
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        try enterContainer()
        defer { depth -= 1 }
        var members: [(key: String, value: Builder.Value)] = []
        var elements: [Builder.Value] = []
        if try containerEnds(close) { return isObject ? builder.object(members) : builder.array(elements) }
        while true {
            skipWhitespace()
            if isObject {
                let key = try readKey()
                members.append((key, try readValue(builder)))
            } else {
                elements.append(try readValue(builder))
            }
            if try elementEnds(close) { return isObject ? builder.object(members) : builder.array(elements) }
        }
    }

    /// Reads an object member's key and the `:` after it.
    private mutating func readKey() throws(Failure) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw failure("expected a string key, found \(describeCurrent())") }
        let key = try readString()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw failure("expected ':', found \(describeCurrent())") }
        index += 1
        return key
    }

    /// A string's value. The bytes are valid UTF-8 (checked up front), so only escapes need work.
    private mutating func readString() throws(Failure) -> String {
        let range = try skipString()
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        return Self.unescapeString(raw)
    }

    /// Decodes the escapes of a string that ``skipString()`` accepted.
    static func unescapeString(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var position = 0
        while position < raw.count {
            let byte = raw[position]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                position += 1
                continue
            }
            let escaped = raw[position + 1]
            position += 2
            switch escaped {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hexValue(raw, at: position)
                position += 4
                if (0xD800...0xDBFF).contains(scalar), position + 6 <= raw.count, raw[position] == UInt8(ascii: "\\"),
                    raw[position + 1] == UInt8(ascii: "u"),
                    case let low = hexValue(raw, at: position + 2), (0xDC00...0xDFFF).contains(low)
                {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    position += 6
                } else if (0xD800...0xDFFF).contains(scalar) {
                    // An unpaired surrogate (valid JSON, RFC 8259 §8.2) has no Unicode scalar:
                    // it reads as U+FFFD, as JavaScript would display it.
                    scalar = 0xFFFD
                }
                UTF8.encode(Unicode.Scalar(scalar)!) { output.append($0) }
            default: output.append(escaped)  // \" \\ \/
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hexValue(_ raw: UnsafeBufferPointer<UInt8>, at position: Int) -> UInt32 {
        var value: UInt32 = 0
        for byte in raw[position..<(position + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: digit = byte - UInt8(ascii: "A") + 10
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
