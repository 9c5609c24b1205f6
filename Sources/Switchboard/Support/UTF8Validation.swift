/// Strict UTF-8 validation (Unicode 15, table 3-7: no overlongs, no surrogates, nothing above
/// U+10FFFF) that reports where the first bad byte is.
package enum UTF8Validation {
    /// The offset of the first byte that does not begin or continue a valid sequence, or `nil`.
    package static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                secondRange = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                secondRange = 0x80...0x9F
            case 0xF0:
                length = 4
                secondRange = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                secondRange = 0x80...0x8F
            default: return index
            }
            guard index + 1 < count, secondRange.contains(bytes[index + 1]) else { return index }
            for offset in 2..<length {
                guard index + offset < count, (0x80...0xBF).contains(bytes[index + offset]) else { return index }
            }
            index += length
        }
        return nil
    }
}
