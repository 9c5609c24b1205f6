import Foundation
import SwitchboardCore

// The JSON syntax the pass needs: just enough to find its way, with the decoder validating the rest.
extension ListMarkingScanner {
    static let itemsKey = Array("items".utf8)

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func expect(_ byte: UInt8) throws(GiveUp) {
        guard current == byte else { throw GiveUp() }
        index += 1
    }

    /// Steps into an object or array, refusing to nest deeper than the JSON scanner does.
    mutating func enterContainer() throws(GiveUp) {
        depth += 1
        guard depth <= JSONScanner.maximumDepth else { throw GiveUp() }
        index += 1
    }

    /// Steps past the `}` or `]` at the cursor, out of the container ``enterContainer()`` entered.
    mutating func leaveContainer() {
        index += 1
        depth -= 1
    }

    /// Reads `"key":` and leaves the cursor on the value; escaped keys give up (they would need
    /// unescaping to compare, and never occur in practice).
    mutating func keyAndColon() throws(GiveUp) -> Range<Int> {
        skipWhitespace()
        try expect(UInt8(ascii: "\""))
        let start = index
        index = quoteOrBackslash(from: index)
        guard current == UInt8(ascii: "\"") else { throw GiveUp() }
        let key = start..<index
        index += 1
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
        skipWhitespace()
        return key
    }

    /// The position of the first `"` or `\` at or after `start` (or the end): eight bytes at a
    /// time, since keys and most values are short and a call to `memchr` costs as much as they do.
    func quoteOrBackslash(from start: Int) -> Int {
        var position = start
        guard let base = bytes.baseAddress else { return bytes.count }
        while position + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            // A byte equal to the pattern becomes zero; the lowest flagged byte is exact (a borrow can
            // only flag bytes above it).
            let quotes = word ^ 0x2222_2222_2222_2222
            let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
            let flags =
                ((quotes &- 0x0101_0101_0101_0101) & ~quotes | (backslashes &- 0x0101_0101_0101_0101) & ~backslashes)
                & 0x8080_8080_8080_8080
            if flags != 0 { return position + flags.trailingZeroBitCount / 8 }
            position += 8
        }
        while position < bytes.count && bytes[position] != UInt8(ascii: "\"") && bytes[position] != UInt8(ascii: "\\") {
            position += 1
        }
        return position
    }

    /// After a member: `true` at the object's `}` (the cursor stays on it), `false` after a `,`.
    mutating func memberSeparator() throws(GiveUp) -> Bool {
        skipWhitespace()
        switch current {
        case UInt8(ascii: ","):
            index += 1
            return false
        case UInt8(ascii: "}"): return true
        default: throw GiveUp()
        }
    }

    func keyEquals(_ key: Range<Int>, _ name: [UInt8]) -> Bool {
        key.count == name.count && UnsafeBufferPointer(rebasing: bytes[key]).elementsEqual(name)
    }

    /// Skips the string at the cursor (escapes included).
    mutating func skipString() throws(GiveUp) {
        try expect(UInt8(ascii: "\""))
        while true {
            index = quoteOrBackslash(from: index)
            switch current {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"): index += 2
            default: throw GiveUp()
            }
        }
    }

    /// Skips the value at the cursor.
    mutating func skipValue() throws(GiveUp) {
        skipWhitespace()
        guard let byte = current else { throw GiveUp() }
        switch byte {
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            try enterContainer()
            skipWhitespace()
            if current == close {
                leaveContainer()
                return
            }
            while true {
                if byte == UInt8(ascii: "{") {
                    try skipString()
                    skipWhitespace()
                    try expect(UInt8(ascii: ":"))
                }
                try skipValue()
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case close:
                    leaveContainer()
                    return
                default: throw GiveUp()
                }
            }
        default:
            // A number or literal: up to the next delimiter (the decoder checks its spelling).
            let start = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
                    guard index > start else { throw GiveUp() }
                    return
                default: index += 1
                }
            }
            throw GiveUp()
        }
    }
}
