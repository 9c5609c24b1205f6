/// The XOR masking of RFC 6455 §5.3, eight bytes at a time.
enum WebSocketMasking {
    /// XORs `bytes` in place with `key` (four bytes in wire order), starting at key position
    /// `phase` (the payload offset of `bytes[0]` modulo 4).
    static func apply(key: (UInt8, UInt8, UInt8, UInt8), phase: Int, to bytes: UnsafeMutableRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        let keyBytes = [key.0, key.1, key.2, key.3]
        var rotated: UInt64 = 0
        withUnsafeMutableBytes(of: &rotated) { word in
            for index in 0..<8 { word[index] = keyBytes[(phase + index) & 3] }
        }
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            let value = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            bytes.storeBytes(of: value ^ rotated, toByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < count {
            bytes[index] ^= keyBytes[(phase + index) & 3]
            index += 1
        }
    }

    /// A fresh masking key from the system's cryptographically secure generator (§5.3 requires
    /// keys the server cannot predict).
    static func randomKey() -> (UInt8, UInt8, UInt8, UInt8) {
        var generator = SystemRandomNumberGenerator()
        let value: UInt32 = generator.next()
        return (
            UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
            UInt8(truncatingIfNeeded: value >> 16),
            UInt8(truncatingIfNeeded: value >> 24)
        )
    }
}
