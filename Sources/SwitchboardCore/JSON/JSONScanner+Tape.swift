/// Reading a ``JSONTape``: the grammar, limits and error offsets of ``JSONScanner/firstError(in:)``,
/// recording each value's token instead of building it.
extension JSONScanner {
    /// The tokens of the one JSON value `bytes` hold (surrounded by optional whitespace).
    static func tape(of bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) throws(Failure) -> [JSONToken] {
        if let offset = UTF8Validator.firstInvalidOffset(in: bytes) {
            throw Failure(offset: offset, reason: "invalid UTF-8")
        }
        guard bytes.count <= Int(UInt32.max) else {
            throw Failure(offset: Int(UInt32.max), reason: "the document is larger than 4 GiB")
        }
        var scanner = JSONScanner(bytes, maximumDepth: maximumDepth)
        scanner.skipWhitespace()
        guard scanner.index < bytes.count else { throw Failure(offset: 0, reason: "the body is empty") }
        // A token takes at least two bytes of text in practice (a value and its separator).
        var tokens: [JSONToken] = []
        tokens.reserveCapacity(bytes.count / 6 + 1)
        try scanner.appendValue(to: &tokens)
        scanner.skipWhitespace()
        if scanner.index < bytes.count {
            throw scanner.failure("unexpected \(scanner.describeCurrent()) after the JSON value")
        }
        // Outside the document: the value of a key that is absent, for `superDecoder(forKey:)`.
        tokens.append(JSONToken(kind: .null, flag: false, count: 0, start: 0, end: 0))
        return tokens
    }

    private mutating func appendValue(to tokens: inout [JSONToken]) throws(Failure) {
        skipWhitespace()
        guard let byte = peek() else { throw failure("expected a value") }
        let start = UInt32(truncatingIfNeeded: index)
        switch byte {
        case UInt8(ascii: "\""): try appendString(to: &tokens)
        case UInt8(ascii: "{"): try appendContainer(isObject: true, to: &tokens)
        case UInt8(ascii: "["): try appendContainer(isObject: false, to: &tokens)
        case UInt8(ascii: "t"):
            try skipLiteral("true")
            tokens.append(JSONToken(kind: .true, flag: false, count: 0, start: start, end: UInt32(index)))
        case UInt8(ascii: "f"):
            try skipLiteral("false")
            tokens.append(JSONToken(kind: .false, flag: false, count: 0, start: start, end: UInt32(index)))
        case UInt8(ascii: "n"):
            try skipLiteral("null")
            tokens.append(JSONToken(kind: .null, flag: false, count: 0, start: start, end: UInt32(index)))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let isInteger = try skipNumberReportingInteger()
            tokens.append(JSONToken(kind: .number, flag: isInteger, count: 0, start: start, end: UInt32(index)))
        default: throw failure("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func appendContainer(isObject: Bool, to tokens: inout [JSONToken]) throws(Failure) {
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let position = tokens.count
        tokens.append(
            JSONToken(
                kind: isObject ? .object : .array, flag: false, count: 0, start: UInt32(truncatingIfNeeded: index),
                end: 0))
        try enterContainer()
        defer { depth -= 1 }
        var count: UInt32 = 0
        if try !containerEnds(close) {
            while true {
                skipWhitespace()
                if isObject {
                    guard peek() == UInt8(ascii: "\"") else {
                        throw failure("expected a string key, found \(describeCurrent())")
                    }
                    try appendString(to: &tokens)
                    skipWhitespace()
                    guard peek() == UInt8(ascii: ":") else { throw failure("expected ':', found \(describeCurrent())") }
                    index += 1
                }
                try appendValue(to: &tokens)
                count += 1
                if try elementEnds(close) { break }
            }
        }
        tokens[position].count = count
        tokens[position].end = UInt32(truncatingIfNeeded: tokens.count)
    }

    /// A string token; its flag says whether it has escapes (checked as ``skipString()`` checks them).
    private mutating func appendString(to tokens: inout [JSONToken]) throws(Failure) {
        let start = index + 1
        var position = start
        // The common case, a string without escapes, is one tight loop over the bytes.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            position += 1
        }
        if position < bytes.count && bytes[position] == UInt8(ascii: "\"") {
            index = position + 1
            tokens.append(
                JSONToken(
                    kind: .string, flag: false, count: 0, start: UInt32(truncatingIfNeeded: start),
                    end: UInt32(truncatingIfNeeded: position)))
            return
        }
        let range = try skipString()
        tokens.append(
            JSONToken(
                kind: .string, flag: true, count: 0, start: UInt32(truncatingIfNeeded: range.lowerBound),
                end: UInt32(truncatingIfNeeded: range.upperBound)))
    }

    /// Skips a number (as ``skipNumber()``) and says whether it is written as an integer.
    private mutating func skipNumberReportingInteger() throws(Failure) -> Bool {
        let start = index
        try skipNumber()
        for position in start..<index {
            let byte = bytes[position]
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return false }
        }
        return true
    }
}
