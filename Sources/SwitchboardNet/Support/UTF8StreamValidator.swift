/// Strict, incremental UTF-8 validation (Unicode table 3-7: no overlong forms, no surrogates,
/// nothing above U+10FFFF) for text that arrives in pieces, such as WebSocket fragments.
///
/// It rejects a byte as soon as no valid continuation of the input seen so far could include
/// it, so a bad text message fails on its first bad byte rather than when it ends.
struct UTF8StreamValidator: Sendable {
    /// Bytes still expected to complete the current sequence (0 between sequences).
    private var remaining = 0
    /// The allowed range of the next continuation byte (narrower right after some lead bytes).
    private var nextLow: UInt8 = 0x80
    private var nextHigh: UInt8 = 0xBF

    /// Whether the input so far ends on a sequence boundary.
    var isComplete: Bool { remaining == 0 }

    /// Validates `bytes`, continuing from the previous call. Returns the index of the first
    /// invalid byte in `bytes`, or `nil` if every byte can be part of valid UTF-8.
    mutating func validate(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if remaining == 0 {
                if byte < 0x80 {
                    // ASCII fast path: skip 8 bytes at a time while none has the high bit set.
                    index += 1
                    while index + 8 <= count,
                        bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                    {
                        index += 8
                    }
                    continue
                }
                nextLow = 0x80
                nextHigh = 0xBF
                switch byte {
                case 0xC2...0xDF: remaining = 1
                case 0xE0:
                    remaining = 2
                    nextLow = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
                case 0xED:
                    remaining = 2
                    nextHigh = 0x9F
                case 0xF0:
                    remaining = 3
                    nextLow = 0x90
                case 0xF1...0xF3: remaining = 3
                case 0xF4:
                    remaining = 3
                    nextHigh = 0x8F
                default: return index
                }
            } else {
                guard byte >= nextLow && byte <= nextHigh else { return index }
                nextLow = 0x80
                nextHigh = 0xBF
                remaining -= 1
            }
            index += 1
        }
        return nil
    }

    /// Validates `bytes` (convenience for arrays).
    mutating func validate(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { validate($0) }
    }
}
