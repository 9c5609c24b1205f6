import Foundation

/// What the scanner builds values with: one grammar, one set of limits and one kind of error for
/// every JSON representation in the package (the hub's `JSONValue`, the local server's ordered,
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

/// Reading values: the document is read into a ``JSONTape`` (the grammar, limits and error offsets
/// of ``JSONScanner/firstError(in:)``, so a document is either valid everywhere or invalid with
/// one explanation), then built bottom-up. Foundation's decoder is not used: it rejects valid
/// numbers such as `-0.0e-7`.
extension JSONScanner {
    /// The value `bytes` hold, built by `builder`; nesting beyond `maximumDepth` is an error.
    package static func value<Builder: JSONValueBuilder>(
        in bytes: UnsafeBufferPointer<UInt8>, builder: Builder, maximumDepth: Int = maximumDepth
    ) throws(Failure) -> Builder.Value {
        try JSONTape(UnsafeRawBufferPointer(bytes), maximumDepth: maximumDepth).value(builder: builder)
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
