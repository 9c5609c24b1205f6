/// Strict, incremental UTF-8 validation (Unicode table 3-7: no overlong forms, no surrogates,
/// nothing above U+10FFFF), the one validator of the package: JSON text checks a whole buffer,
/// WebSocket text messages check their fragments as they arrive.
///
/// It rejects a byte as soon as no valid continuation of the input seen so far could include
/// it, so bad text fails on its first bad byte rather than when it ends.
package struct UTF8Validator: Sendable {
    /// Bytes still expected to complete the current sequence (0 between sequences).
    private var remaining = 0
    /// Bytes of the current sequence seen so far (its lead byte included).
    private var seen = 0
    /// The allowed range of the next continuation byte (narrower right after some lead bytes).
    private var nextLow: UInt8 = 0x80
    private var nextHigh: UInt8 = 0xBF

    /// A validator at the start of a text.
    package init() {}

    /// Whether the input so far ends on a sequence boundary.
    package var isComplete: Bool { remaining == 0 }

    /// Validates `bytes`, continuing from the previous call. Returns the index of the first
    /// invalid byte in `bytes`, or `nil` if every byte can be part of valid UTF-8.
    package mutating func validate(_ bytes: UnsafeRawBufferPointer) -> Int? {
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
                seen = 1
            } else {
                guard byte >= nextLow && byte <= nextHigh else { return index }
                nextLow = 0x80
                nextHigh = 0xBF
                remaining -= 1
                seen = remaining == 0 ? 0 : seen + 1
            }
            index += 1
        }
        return nil
    }

    /// Validates `bytes` (convenience for arrays).
    package mutating func validate(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { validate($0) }
    }

    /// The offset of the first byte of the first sequence that is not valid UTF-8 in a complete
    /// text (the lead byte of a broken or truncated sequence), or `nil` when all of it is valid.
    package static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var validator = UTF8Validator()
        let raw = UnsafeRawBufferPointer(bytes)
        if let bad = validator.validate(raw) { return bad - validator.seen }
        return validator.isComplete ? nil : bytes.count - validator.seen
    }
}
