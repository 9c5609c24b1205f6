import Foundation
import SwitchboardCore
import SwitchboardSigV4

/// Opaque, tamper-proof `nextToken`s: the cursor of the last item read and what it was read
/// from (table, index, partition), encrypted and authenticated under keys derived from the
/// store's secret, as AppSync's tokens are encrypted — a client sees neither key values nor
/// table names. A token that was changed, truncated, or issued for another read is refused with
/// AppSync's `InvalidPaginationTokenException`; tokens keep working after a restart because the
/// secret is kept in the store.
///
/// The construction is encrypt-then-MAC from HMAC-SHA256 alone (no OpenSSL, so it builds on
/// every platform): `version ‖ nonce ‖ ciphertext ‖ tag`, base64, where the ciphertext is the
/// JSON payload XORed with the keystream `HMAC(encryptionKey, nonce ‖ counter)` (a PRF in
/// counter mode, a fresh random 16-byte nonce per token) and the tag is
/// `HMAC(authenticationKey, version ‖ nonce ‖ ciphertext)`, checked in constant time before
/// anything is decrypted.
struct PaginationToken: Sendable {
    /// The format byte; version 1 tokens (signed but readable) are no longer accepted.
    static let version: UInt8 = 2
    /// Bytes of random nonce per token.
    static let nonceByteCount = 16
    /// Bytes of the authentication tag (a whole HMAC-SHA256).
    static let tagByteCount = 32

    /// HMAC keyed with the encryption key, ready to be copied per keystream block.
    private let keystream: HMACSHA256
    /// HMAC keyed with the authentication key, ready to be copied per token.
    private let authenticator: HMACSHA256

    /// Tokens under `secret` (the store's pagination secret); the encryption and authentication
    /// keys are derived from it so that neither key is used for both purposes.
    init(secret: [UInt8]) {
        let encryptionKey = HMACSHA256.authenticationCode(for: Array("enc".utf8), key: secret)
        let authenticationKey = HMACSHA256.authenticationCode(for: Array("mac".utf8), key: secret)
        keystream = HMACSHA256(key: encryptionKey)
        authenticator = HMACSHA256(key: authenticationKey)
    }

    /// What a token is bound to besides its cursor.
    struct Scope: Sendable, Hashable {
        var table: String
        var index: String?
        var partition: JSON?
    }

    /// The token for resuming after `cursor` in `scope`.
    func encode(_ cursor: [JSON], scope: Scope) -> String {
        let payload: JSON = [
            "t": .string(scope.table), "i": scope.index.map(JSON.string) ?? .null, "p": scope.partition ?? .null,
            "k": .array(cursor),
        ]
        let nonce = SecureRandom.bytes(Self.nonceByteCount)
        var token = [Self.version] + nonce
        token += crypt(Array(payload.text.utf8), nonce: nonce)
        token += tag(token)
        return Data(token).base64EncodedString()
    }

    /// The cursor of `token`, if it is intact and was issued for `scope`.
    func decode(_ token: String, scope: Scope) throws(ExecutionError) -> [JSON] {
        guard case .object(let json) = try payload(of: token), json["t"] == .string(scope.table),
            json["i"] == (scope.index.map(JSON.string) ?? .null), json["p"] == (scope.partition ?? .null),
            case .array(let cursor)? = json["k"]
        else { throw AppSyncErrors.invalidPaginationToken() }
        return cursor
    }

    /// What `token` says (its scope and cursor), if it is intact: authenticated and decrypted,
    /// whatever it was issued for. Two tokens for the same page differ only in their nonces, so
    /// their payloads are equal (the execution fuzz target compares responses that way).
    func payload(of token: String) throws(ExecutionError) -> JSON {
        let header = 1 + Self.nonceByteCount
        guard let data = Data(base64Encoded: token), data.count > header + Self.tagByteCount else {
            throw AppSyncErrors.invalidPaginationToken()
        }
        let bytes = Array(data)
        let sealed = Array(bytes[..<(bytes.count - Self.tagByteCount)])
        let tag = Array(bytes[(bytes.count - Self.tagByteCount)...])
        // The tag covers the version byte too, so it is checked first and the version after it.
        guard Self.constantTimeEquals(tag, self.tag(sealed)), sealed[0] == Self.version else {
            throw AppSyncErrors.invalidPaginationToken()
        }
        let nonce = Array(sealed[1..<header])
        guard let json = try? JSONReader.read(crypt(Array(sealed[header...]), nonce: nonce)) else {
            throw AppSyncErrors.invalidPaginationToken()
        }
        return json
    }

    /// `bytes` XORed with the keystream of `nonce` (encrypts and decrypts alike).
    private func crypt(_ bytes: [UInt8], nonce: [UInt8]) -> [UInt8] {
        var output = bytes
        var counter: UInt32 = 0
        var offset = 0
        while offset < output.count {
            var block = keystream
            block.update(nonce)
            block.update(withUnsafeBytes(of: counter.bigEndian) { Array($0) })
            let stream = block.finalize().bytes
            for index in 0..<min(stream.count, output.count - offset) { output[offset + index] ^= stream[index] }
            offset += stream.count
            counter += 1
        }
        return output
    }

    /// The authentication tag of `version ‖ nonce ‖ ciphertext`.
    private func tag(_ sealed: [UInt8]) -> [UInt8] {
        var mac = authenticator
        mac.update(sealed)
        return mac.finalize().bytes
    }

    /// Whether two byte strings are equal, taking the same time wherever they differ (so that
    /// a forger cannot find a valid tag byte by byte from response times).
    static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}
