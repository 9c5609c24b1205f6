/// Lowercase hexadecimal encoding and decoding of bytes.
package enum Hex {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// `bytes` as lowercase hexadecimal.
    package static func encode(_ bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { output in
            digits.withUnsafeBufferPointer { digits in
                var index = 0
                for byte in bytes {
                    output[index] = digits[Int(byte >> 4)]
                    output[index + 1] = digits[Int(byte & 0x0f)]
                    index += 2
                }
            }
            return bytes.count * 2
        }
    }

    /// `bytes` as lowercase hexadecimal.
    package static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let encoded = bytes.withContiguousStorageIfAvailable { encode(UnsafeRawBufferPointer($0)) }
        return encoded ?? Array(bytes).withUnsafeBytes { encode($0) }
    }

    /// The bytes that `text` spells in hexadecimal (either case), or `nil` when it is not hex.
    package static func decode(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = value(utf8[index]), let low = value(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
