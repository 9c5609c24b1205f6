/// HMAC-SHA256 (RFC 2104) in pure Swift, streaming or one-shot.
///
/// The key's inner and outer pads are compressed once, when the value is created, so a copy of a
/// keyed value authenticates a new message for two compressions fewer than starting over; SigV4
/// keeps one per cached signing key for that reason.
package struct HMACSHA256: Sendable {
    private var inner: SHA256
    private let outerState: SHA256.State

    /// Starts an authentication code keyed with `key` (keys longer than a block are hashed first).
    package init(key: some Sequence<UInt8>) {
        var keyBlock = [UInt8](repeating: 0, count: SHA256.blockByteCount)
        let keyBytes = Array(key)
        if keyBytes.count > SHA256.blockByteCount {
            SHA256.hash(keyBytes).withUnsafeBytes { digest in
                for index in 0..<digest.count { keyBlock[index] = digest[index] }
            }
        } else {
            for index in 0..<keyBytes.count { keyBlock[index] = keyBytes[index] }
        }
        self.init(keyBlock: keyBlock)
    }

    /// Starts an authentication code keyed with a previous digest (as SigV4's key derivation does).
    package init(key digest: SHA256Digest) {
        var keyBlock = [UInt8](repeating: 0, count: SHA256.blockByteCount)
        digest.withUnsafeBytes { digest in
            for index in 0..<digest.count { keyBlock[index] = digest[index] }
        }
        self.init(keyBlock: keyBlock)
    }

    private init(keyBlock: [UInt8]) {
        var pad = keyBlock.map { $0 ^ 0x36 }
        var innerHasher = SHA256()
        innerHasher.update(pad)
        for index in pad.indices { pad[index] = keyBlock[index] ^ 0x5c }
        var outerHasher = SHA256()
        outerHasher.update(pad)
        inner = innerHasher
        outerState = outerHasher.state
    }

    /// Adds the bytes at `buffer` to the message.
    package mutating func update(bytes buffer: UnsafeRawBufferPointer) {
        inner.update(bytes: buffer)
    }

    /// Adds `bytes` to the message.
    package mutating func update(_ bytes: some Sequence<UInt8>) {
        inner.update(bytes)
    }

    /// Adds the UTF-8 bytes of `text` to the message.
    package mutating func update(_ text: String) {
        inner.update(text)
    }

    /// The authentication code of the message added so far.
    package func finalize() -> SHA256Digest {
        let innerDigest = inner.finalize()
        var outer = SHA256(state: outerState, byteCount: UInt64(SHA256.blockByteCount))
        innerDigest.withUnsafeBytes { outer.update(bytes: $0) }
        return outer.finalize()
    }

    /// The authentication code of `message` under `key`.
    package static func authenticationCode(for message: some Sequence<UInt8>, key: some Sequence<UInt8>)
        -> SHA256Digest
    {
        var hmac = HMACSHA256(key: key)
        hmac.update(message)
        return hmac.finalize()
    }
}
