/// Just enough DER (ITU-T X.690) to hand a JWK's public key and a JWS ECDSA signature to the
/// platform's crypto, which reads keys and ECDSA signatures in ASN.1 and not in JOSE's raw forms.
enum DER {
    /// `rsaEncryption` (1.2.840.113549.1.1.1), the algorithm of an RSA SubjectPublicKeyInfo.
    static let rsaEncryption: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]
    /// `id-ecPublicKey` (1.2.840.10045.2.1), the algorithm of an EC SubjectPublicKeyInfo.
    static let ecPublicKey: [UInt8] = [0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
    /// `prime256v1` (1.2.840.10045.3.1.7): P-256, the curve of ES256.
    static let prime256v1: [UInt8] = [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
    /// NULL, the parameters of `rsaEncryption`.
    static let null: [UInt8] = [0x05, 0x00]

    /// A SEQUENCE of already encoded elements.
    static func sequence(_ elements: [UInt8]...) -> [UInt8] {
        element(tag: 0x30, elements.flatMap { $0 })
    }

    /// A non-negative INTEGER from its big-endian magnitude (JWK `n`/`e`, ECDSA `r`/`s`): DER
    /// integers are signed and minimal, so leading zeros go and a 0x00 goes in front of a high bit.
    static func unsignedInteger(_ magnitude: some Collection<UInt8>) -> [UInt8] {
        var bytes = Array(magnitude.drop { $0 == 0 })
        if bytes.first.map({ $0 & 0x80 != 0 }) ?? true { bytes.insert(0, at: 0) }
        return element(tag: 0x02, bytes)
    }

    /// A BIT STRING of whole bytes (no unused bits), the way SubjectPublicKeyInfo wraps a key.
    static func bitString(_ bytes: [UInt8]) -> [UInt8] {
        element(tag: 0x03, [0] + bytes)
    }

    /// The RSAPublicKey of PKCS #1 (RFC 8017 A.1.1): `SEQUENCE { n INTEGER, e INTEGER }`.
    static func rsaPublicKey(modulus: [UInt8], exponent: [UInt8]) -> [UInt8] {
        sequence(unsignedInteger(modulus), unsignedInteger(exponent))
    }

    /// The SubjectPublicKeyInfo (RFC 5280 4.1) of an RSA key, as OpenSSL's `d2i_PUBKEY` reads it.
    static func rsaSubjectPublicKeyInfo(modulus: [UInt8], exponent: [UInt8]) -> [UInt8] {
        sequence(sequence(rsaEncryption, null), bitString(rsaPublicKey(modulus: modulus, exponent: exponent)))
    }

    /// The SubjectPublicKeyInfo (RFC 5480) of a P-256 key from its coordinates, uncompressed.
    static func p256SubjectPublicKeyInfo(x: [UInt8], y: [UInt8]) -> [UInt8] {
        sequence(sequence(ecPublicKey, prime256v1), bitString([0x04] + x + y))
    }

    /// A JWS ES256 signature (`r || s`, 32 bytes each, RFC 7518 3.4) as the `ECDSA-Sig-Value`
    /// (`SEQUENCE { r INTEGER, s INTEGER }`) that OpenSSL and Security verify; `nil` unless it
    /// is 64 bytes.
    static func ecdsaSignature(jws signature: [UInt8]) -> [UInt8]? {
        guard signature.count == 64 else { return nil }
        return sequence(unsignedInteger(signature[..<32]), unsignedInteger(signature[32...]))
    }

    private static func element(tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        [tag] + length(content.count) + content
    }

    /// Short form below 128, else the long form: a count of length bytes, then the length.
    private static func length(_ count: Int) -> [UInt8] {
        guard count >= 0x80 else { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var remaining = count
        while remaining > 0 {
            bytes.insert(UInt8(remaining & 0xFF), at: 0)
            remaining >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }
}
