#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Cryptographically secure random bytes for item ids, nonces and request ids, from the
/// operating system's generator.
///
/// Foundation's `UUID()` on Linux opens, reads and closes `/dev/urandom` for every id (three
/// system calls and a file, 8 % of a `create` request's CPU), and drawing bytes one at a time from
/// `SystemRandomNumberGenerator` costs a `getrandom` call per byte (16 for one pagination token).
/// Here the bytes come from a buffer of ``poolSize`` bytes that one read of the system's generator
/// refills: one system call per 256 ids. Every byte is handed out once and zeroed as it leaves
/// the buffer, so no two callers see the same bytes and none stay behind after use.
///
/// The source is `/dev/urandom`, opened once and kept; should that fail (no `/dev` in a sandbox)
/// or a read come back short, the bytes come from `SystemRandomNumberGenerator` instead, which is
/// as secure and only slower.
package enum SecureRandom {
    /// The bytes one refill reads.
    package static let poolSize = 4096

    private static let pool = Locked(Pool())

    /// `count` random bytes.
    package static func bytes(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            fill(UnsafeMutableRawBufferPointer(buffer))
            initialized = count
        }
    }

    /// Fills `buffer` with random bytes.
    package static func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        guard !buffer.isEmpty else { return }
        pool.withLock { $0.take(into: buffer) }
    }

    /// A random (version 4) UUID in lowercase, `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`, the form
    /// AppSync's `util.autoId()` gives ids.
    package static func uuidString() -> String {
        var random = (UInt64(0), UInt64(0))
        withUnsafeMutableBytes(of: &random) { fill($0) }
        return withUnsafeBytes(of: &random) { raw in
            String(unsafeUninitializedCapacity: 36) { text in
                let digits: StaticString = "0123456789abcdef"
                var written = 0
                for index in 0..<16 {
                    var byte = raw[index]
                    if index == 6 { byte = byte & 0x0F | 0x40 }  // version 4
                    if index == 8 { byte = byte & 0x3F | 0x80 }  // the RFC 4122 variant
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[written] = UInt8(ascii: "-")
                        written += 1
                    }
                    text[written] = digits.utf8Start[Int(byte >> 4)]
                    text[written + 1] = digits.utf8Start[Int(byte & 0x0F)]
                    written += 2
                }
                return written
            }
        }
    }
}

/// The buffer and the open source behind ``SecureRandom``; reached only under its lock.
private struct Pool {
    var bytes = [UInt8](repeating: 0, count: SecureRandom.poolSize)
    /// How many bytes at the front have been handed out (and zeroed).
    var used = SecureRandom.poolSize
    /// `/dev/urandom`, once opened; `nil` before, and `-1` when it could not be.
    var source: Int32?

    mutating func take(into buffer: UnsafeMutableRawBufferPointer) {
        var filled = 0
        while filled < buffer.count {
            if used == bytes.count { refill() }
            let count = min(buffer.count - filled, bytes.count - used)
            bytes.withUnsafeMutableBytes { pool in
                let start = pool.baseAddress!.advanced(by: used)
                buffer.baseAddress!.advanced(by: filled).copyMemory(from: start, byteCount: count)
                start.initializeMemory(as: UInt8.self, repeating: 0, count: count)
            }
            used += count
            filled += count
        }
    }

    private mutating func refill() {
        if source == nil { source = Self.openSource() }
        if let descriptor = source, descriptor >= 0, readFully(from: descriptor) {
            used = 0
            return
        }
        var generator = SystemRandomNumberGenerator()
        bytes.withUnsafeMutableBytes { pool in
            for offset in stride(from: 0, to: pool.count, by: 8) {
                pool.storeBytes(of: generator.next(), toByteOffset: offset, as: UInt64.self)
            }
        }
        used = 0
    }

    /// Whether the whole buffer was read from `descriptor`.
    private mutating func readFully(from descriptor: Int32) -> Bool {
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { pool in
                read(descriptor, pool.baseAddress!.advanced(by: total), pool.count - total)
            }
            if count > 0 {
                total += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    private static func openSource() -> Int32 {
        open("/dev/urandom", O_RDONLY | O_CLOEXEC)
    }
}
