import Foundation

/// A minimal JSON scanner over raw bytes that finds the byte range of the value at a key path and
/// pinpoints syntax errors. It allocates nothing: it is used to hand out raw JSON text
/// (`R == String`, transformation errors) and to explain bodies that are not JSON.
package struct JSONScanner {
    /// A syntax error at a byte offset.
    package struct Failure: Error, Equatable {
        package let offset: Int
        package let reason: String

        /// A failure at byte `offset`.
        package init(offset: Int, reason: String) {
            self.offset = offset
            self.reason = reason
        }
    }

    /// Nesting deeper than this is reported as an error rather than risking the stack.
    package static let maximumDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    /// The deepest nesting accepted.
    let maximumDepth: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = JSONScanner.maximumDepth) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// The byte range of the value at `path` (object keys from the root), or `nil` when a key is
    /// missing or a value on the way is not an object.
    package static func range(at path: [String], in bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> Range<Int>? {
        var scanner = JSONScanner(bytes)
        scanner.skipWhitespace()
        for key in path {
            guard scanner.peek() == UInt8(ascii: "{") else { return nil }
            guard try scanner.enterMember(named: key) else { return nil }
        }
        let start = scanner.index
        try scanner.skipValue()
        return start..<scanner.index
    }

    /// The first syntax error of the document, or `nil` when it is one valid JSON value.
    package static func firstError(in bytes: UnsafeBufferPointer<UInt8>) -> Failure? {
        if let offset = UTF8Validator.firstInvalidOffset(in: bytes) {
            return Failure(offset: offset, reason: "invalid UTF-8")
        }
        var scanner = JSONScanner(bytes)
        do {
            scanner.skipWhitespace()
            guard scanner.index < bytes.count else { return Failure(offset: 0, reason: "the body is empty") }
            try scanner.skipValue()
            scanner.skipWhitespace()
            if scanner.index < bytes.count {
                return Failure(
                    offset: scanner.index, reason: "unexpected \(scanner.describeCurrent()) after the JSON value")
            }
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Scanning

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    func describeCurrent() -> String {
        guard let byte = peek() else { return "end of input" }
        if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "#") {
            return "character '\(Character(Unicode.Scalar(byte)))' (JSON does not allow comments)"
        }
        if byte >= 0x20 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    func failure(_ reason: String) -> Failure {
        Failure(offset: index, reason: index >= bytes.count ? "\(reason) (the body ends early)" : reason)
    }

    /// Positions the scanner on the value of member `key` of the object at the cursor.
    private mutating func enterMember(named key: String) throws(Failure) -> Bool {
        index += 1  // {
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { return false }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else {
                throw failure("expected a string key, found \(describeCurrent())")
            }
            let keyRange = try skipString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw failure("expected ':', found \(describeCurrent())") }
            index += 1
            skipWhitespace()
            if keyEquals(keyRange, key) { return true }
            try skipValue()
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): return false
            default: throw failure("expected ',' or '}', found \(describeCurrent())")
            }
        }
    }

    private func keyEquals(_ range: Range<Int>, _ key: String) -> Bool {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        if !raw.contains(UInt8(ascii: "\\")) { return raw.elementsEqual(key.utf8) }
        return JSONScanner.unescapeString(raw) == key
    }

    /// Skips the value at the cursor.
    private mutating func skipValue() throws(Failure) {
        skipWhitespace()
        guard let byte = peek() else { throw failure("expected a value") }
        switch byte {
        case UInt8(ascii: "{"): try skipContainer(close: UInt8(ascii: "}"), isObject: true)
        case UInt8(ascii: "["): try skipContainer(close: UInt8(ascii: "]"), isObject: false)
        case UInt8(ascii: "\""): _ = try skipString()
        case UInt8(ascii: "t"): try skipLiteral("true")
        case UInt8(ascii: "f"): try skipLiteral("false")
        case UInt8(ascii: "n"): try skipLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
        default: throw failure("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func skipContainer(close: UInt8, isObject: Bool) throws(Failure) {
        try enterContainer()
        defer { depth -= 1 }
        if try containerEnds(close) { return }
        while true {
            skipWhitespace()
            if isObject {
                guard peek() == UInt8(ascii: "\"") else {
                    throw failure("expected a string key, found \(describeCurrent())")
                }
                _ = try skipString()
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else { throw failure("expected ':', found \(describeCurrent())") }
                index += 1
            }
            try skipValue()
            if try elementEnds(close) { return }
        }
    }

    /// Steps into an array or object at the cursor, counting its depth against the limit.
    mutating func enterContainer() throws(Failure) {
        depth += 1
        guard depth <= maximumDepth else { throw failure("nesting deeper than \(maximumDepth) levels") }
        index += 1
    }

    /// After the opening bracket: whether the container is empty (its closing bracket is consumed).
    mutating func containerEnds(_ close: UInt8) throws(Failure) -> Bool {
        skipWhitespace()
        guard peek() == close else { return false }
        index += 1
        return true
    }

    /// After an element or member: `true` at the closing bracket (consumed), `false` after a comma.
    mutating func elementEnds(_ close: UInt8) throws(Failure) -> Bool {
        skipWhitespace()
        if peek() == UInt8(ascii: ",") {
            let comma = index
            index += 1
            skipWhitespace()
            if peek() == close {
                // Some JSON parsers (Foundation's among them, on some platforms) accept this;
                // Switchboard does not, so a file means the same thing everywhere.
                throw Failure(
                    offset: comma,
                    reason:
                        "trailing comma before '\(Character(Unicode.Scalar(close)))' (JSON does not allow trailing commas)"
                )
            }
            return false
        }
        if peek() == close {
            index += 1
            return true
        }
        throw failure("expected ',' or '\(Character(Unicode.Scalar(close)))', found \(describeCurrent())")
    }

    /// Skips a string and returns the range of its contents (without quotes, escapes raw).
    mutating func skipString() throws(Failure) -> Range<Int> {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return start..<(index - 1)
            }
            if byte == UInt8(ascii: "\\") {
                index += 1
                guard let escaped = peek() else { break }
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    index += 1
                    for _ in 0..<4 {
                        guard let hex = peek(), hex.isHexDigit else { throw failure("invalid \\u escape") }
                        index += 1
                    }
                default: throw failure("invalid escape \\\(Character(Unicode.Scalar(escaped)))")
                }
                continue
            }
            if byte < 0x20 { throw failure("unescaped control character in a string") }
            index += 1
        }
        throw failure("unterminated string")
    }

    mutating func skipLiteral(_ literal: StaticString) throws(Failure) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count,
            UnsafeBufferPointer(rebasing: bytes[index..<(index + count)]).elementsEqual(
                UnsafeBufferPointer(start: literal.utf8Start, count: count))
        else { throw failure("expected a value, found \(describeCurrent())") }
        index += count
    }

    mutating func skipNumber() throws(Failure) {
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), first.isDigit else { throw failure("expected a digit") }
        index += 1
        if first != UInt8(ascii: "0") { while let byte = peek(), byte.isDigit { index += 1 } }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let byte = peek(), byte.isDigit else { throw failure("expected a digit after '.'") }
            while let byte = peek(), byte.isDigit { index += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let byte = peek(), byte.isDigit else { throw failure("expected a digit in the exponent") }
            while let byte = peek(), byte.isDigit { index += 1 }
        }
    }
}

extension UInt8 {
    var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    var isHexDigit: Bool {
        isDigit || (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "f"))
            || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "F"))
    }
}

extension JSONScanner {
    /// The first syntax error of `data` as `line L, column C: reason`, or `nil` when `data` is
    /// one valid JSON value. Strict: trailing commas and comments are errors, whatever
    /// Foundation's decoder on this platform would accept.
    package static func syntaxErrorDescription(in data: Data) -> String? {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let failure = firstError(in: bytes) else { return nil }
            let position = failure.lineAndColumn(in: bytes)
            return "line \(position.line), column \(position.column): \(failure.reason)"
        }
    }
}

extension JSONScanner.Failure {
    /// The 1-based line and column of ``offset`` in `bytes` (columns count bytes).
    package func lineAndColumn(in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }
}
