/// The syntax of an HTTP/1.1 head's lines and header fields (RFC 9112 §2.2, §5), one codec for the
/// server's request parser and the client's WebSocket handshake: strict token names (no obsolete
/// line folding, no whitespace before the colon: request smuggling vectors), optional whitespace
/// trimmed, control characters refused.
package enum HTTPHeadSyntax {
    /// A malformed line: what is wrong and the offset of the byte where it starts.
    struct Malformed: Error, Equatable {
        let offset: Int
        let reason: String
    }

    /// The CRLF-separated lines of `bytes[lower..<upper]` (the last one runs to `upper`).
    static func lines(in bytes: [UInt8], from lower: Int, to upper: Int) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var lineStart = lower
        var index = lower
        while index < upper {
            if bytes[index] == 13 && index + 1 < bytes.count && bytes[index + 1] == 10 {
                lines.append(lineStart..<index)
                index += 2
                lineStart = index
            } else {
                index += 1
            }
        }
        lines.append(lineStart..<upper)
        return lines
    }

    /// The name and value of the header (or trailer) field on `line`.
    static func field(in bytes: [UInt8], line: Range<Int>) throws(Malformed) -> (name: String, value: String) {
        guard let colon = bytes[line].firstIndex(of: UInt8(ascii: ":")), colon > line.lowerBound else {
            throw Malformed(offset: line.lowerBound, reason: "malformed header line")
        }
        guard bytes[line.lowerBound..<colon].allSatisfy(isTokenByte) else {
            throw Malformed(offset: line.lowerBound, reason: "malformed header name")
        }
        var valueStart = colon + 1
        var valueEnd = line.upperBound
        while valueStart < valueEnd, bytes[valueStart] == 32 || bytes[valueStart] == 9 { valueStart += 1 }
        while valueEnd > valueStart, bytes[valueEnd - 1] == 32 || bytes[valueEnd - 1] == 9 { valueEnd -= 1 }
        if bytes[valueStart..<valueEnd].contains(where: { $0 == 0 || $0 == 10 || $0 == 13 }) {
            throw Malformed(offset: valueStart, reason: "control character in header value")
        }
        return (
            name: String(decoding: bytes[line.lowerBound..<colon], as: UTF8.self),
            value: String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
        )
    }

    /// The size on a chunk-size line of a chunked body (RFC 9112 §7.1), requests and responses
    /// alike: hexadecimal digits, then optional whitespace and extensions only after a `;`. `1 0`,
    /// a leading space, a sign or more than 15 digits are malformed.
    static func chunkSize(in bytes: [UInt8], line: Range<Int>) throws(Malformed) -> Int {
        var index = line.lowerBound
        var size = 0
        while index < line.upperBound, let digit = PercentDecoding.hexValue(bytes[index]) {
            guard index - line.lowerBound < 15 else {
                throw Malformed(offset: line.lowerBound, reason: "chunk size too large")
            }
            size = size << 4 | Int(digit)
            index += 1
        }
        guard index > line.lowerBound else { throw Malformed(offset: line.lowerBound, reason: "malformed chunk size") }
        while index < line.upperBound, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
        guard index == line.upperBound || bytes[index] == UInt8(ascii: ";") else {
            throw Malformed(offset: index, reason: "malformed chunk size")
        }
        // Extensions are ignored, but may not carry control characters (a bare LF above all).
        if let bad = bytes[index..<line.upperBound].firstIndex(where: { ($0 < 32 && $0 != 9) || $0 == 127 }) {
            throw Malformed(offset: bad, reason: "control character in a chunk extension")
        }
        return size
    }

    /// The body length the `Content-Length` fields `values` declare (RFC 9110 §8.6), requests and
    /// responses alike: decimal digits only, at most 15 of them, and repeated fields only with the
    /// same value; `nil` when they are malformed or disagree (a request smuggling vector).
    package static func contentLength(_ values: [String]) -> Int? {
        guard let first = values.first, values.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.count <= 15,
            first.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int(first)
    }

    /// RFC 9110 `tchar`: the bytes allowed in methods and header names.
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
