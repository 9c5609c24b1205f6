/// SHA-256 (FIPS 180-4) in pure Swift, streaming or one-shot.
///
/// ```swift
/// var hasher = SHA256()
/// hasher.update("abc")
/// let digest = hasher.finalize()  // ba7816bf…
/// let same = SHA256.hash("abc")
/// ```
package struct SHA256: Sendable {
    /// The size of a digest in bytes.
    package static let digestByteCount = 32
    /// The size of the blocks the compression function consumes, in bytes.
    package static let blockByteCount = 64

    /// The eight chaining words.
    struct State: Sendable, Hashable {
        var h0, h1, h2, h3, h4, h5, h6, h7: UInt32

        static let initial = State(
            h0: 0x6a09_e667, h1: 0xbb67_ae85, h2: 0x3c6e_f372, h3: 0xa54f_f53a,
            h4: 0x510e_527f, h5: 0x9b05_688c, h6: 0x1f83_d9ab, h7: 0x5be0_cd19)
    }

    /// Sixty-four bytes kept inline so that hashing never allocates.
    private typealias Block = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    private(set) var state: State
    private var pending: Block = (0, 0, 0, 0, 0, 0, 0, 0)
    private var pendingCount = 0
    private var totalByteCount: UInt64

    /// A fresh hash computation.
    package init() {
        state = .initial
        totalByteCount = 0
    }

    /// Resumes from `state` after `byteCount` bytes (a whole number of blocks), as HMAC's
    /// precomputed pads do.
    init(state: State, byteCount: UInt64) {
        self.state = state
        totalByteCount = byteCount
    }

    /// Adds the bytes at `buffer` to the message.
    package mutating func update(bytes buffer: UnsafeRawBufferPointer) {
        guard var base = buffer.baseAddress, buffer.count > 0 else { return }
        var remaining = buffer.count
        totalByteCount &+= UInt64(remaining)
        if pendingCount > 0 {
            let take = min(Self.blockByteCount - pendingCount, remaining)
            let offset = pendingCount
            withUnsafeMutableBytes(of: &pending) { block in
                block.baseAddress!.advanced(by: offset).copyMemory(from: base, byteCount: take)
            }
            pendingCount += take
            base += take
            remaining -= take
            guard pendingCount == Self.blockByteCount else { return }
            withUnsafeBytes(of: pending) { block in
                Self.compress(&state, blocks: block.baseAddress!, blockCount: 1)
            }
            pendingCount = 0
        }
        let wholeBlocks = remaining / Self.blockByteCount
        if wholeBlocks > 0 {
            Self.compress(&state, blocks: base, blockCount: wholeBlocks)
            base += wholeBlocks * Self.blockByteCount
            remaining -= wholeBlocks * Self.blockByteCount
        }
        if remaining > 0 {
            withUnsafeMutableBytes(of: &pending) { block in
                block.baseAddress!.copyMemory(from: base, byteCount: remaining)
            }
            pendingCount = remaining
        }
    }

    /// Adds `bytes` (an array, slice, `Data` or any byte sequence) to the message.
    package mutating func update(_ bytes: some Sequence<UInt8>) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { update(bytes: UnsafeRawBufferPointer($0)) }
        if handled == nil {
            Array(bytes).withUnsafeBytes { update(bytes: $0) }
        }
    }

    /// Adds the UTF-8 bytes of `text` to the message.
    package mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Pads the message and returns its digest.
    package func finalize() -> SHA256Digest {
        var state = self.state
        let bitLength = totalByteCount &* 8
        let count = pendingCount
        var padded: (Block, Block) = (pending, (0, 0, 0, 0, 0, 0, 0, 0))
        withUnsafeMutableBytes(of: &padded) { buffer in
            // Bytes past `count` may hold earlier data: the padding must be zeros.
            buffer[count] = 0x80
            let blocks = count + 9 > Self.blockByteCount ? 2 : 1
            let end = blocks * Self.blockByteCount
            for index in (count + 1)..<(end - 8) { buffer[index] = 0 }
            buffer.storeBytes(of: bitLength.bigEndian, toByteOffset: end - 8, as: UInt64.self)
            Self.compress(&state, blocks: buffer.baseAddress!, blockCount: blocks)
        }
        return SHA256Digest(state: state)
    }

    /// The digest of the bytes at `buffer`.
    package static func hash(bytes buffer: UnsafeRawBufferPointer) -> SHA256Digest {
        var hasher = SHA256()
        hasher.update(bytes: buffer)
        return hasher.finalize()
    }

    /// The digest of `bytes`.
    package static func hash(_ bytes: some Sequence<UInt8>) -> SHA256Digest {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The digest of the UTF-8 bytes of `text`.
    package static func hash(_ text: String) -> SHA256Digest {
        var hasher = SHA256()
        hasher.update(text)
        return hasher.finalize()
    }
}

/// A 32-byte SHA-256 digest, stored inline.
package struct SHA256Digest: Sendable, Hashable, CustomStringConvertible {
    let state: SHA256.State

    /// The digest bytes, most significant first.
    package var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// Lowercase hexadecimal, as SigV4 writes hashes.
    package var hexString: String { withUnsafeBytes { Hex.encode($0) } }

    /// The digest in hexadecimal.
    package var description: String { hexString }

    /// Calls `body` with the 32 digest bytes.
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let s = state
        var words = (
            s.h0.bigEndian, s.h1.bigEndian, s.h2.bigEndian, s.h3.bigEndian,
            s.h4.bigEndian, s.h5.bigEndian, s.h6.bigEndian, s.h7.bigEndian
        )
        return try Swift.withUnsafeBytes(of: &words) { try body($0) }
    }
}
