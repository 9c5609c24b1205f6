import Foundation

#if canImport(COpenSSL)
    import COpenSSL
#elseif canImport(Security)
    import Security
#endif

/// A JWK's public key in the platform's crypto (OpenSSL on Linux, Security on Apple platforms),
/// checking RS256 and ES256 signatures. Never mutated after `init`: OpenSSL and Security both
/// allow one public key to verify on many threads at once, which makes it `@unchecked Sendable`.
final class VerificationKey: @unchecked Sendable {
    /// `kid`, which tokens name the key by.
    let id: String?
    /// The algorithm its signatures use.
    let algorithm: JWSAlgorithm

    #if canImport(COpenSSL)
        private let key: OpaquePointer
    #elseif canImport(Security)
        private let key: SecKey
    #endif

    /// The platform's key for `jwk`; throws `malformed` when the platform refuses its numbers
    /// (an EC point off the curve, say).
    init(_ jwk: JSONWebKey) throws(JSONWebKey.Problem) {
        id = jwk.id
        algorithm = jwk.algorithm
        #if canImport(COpenSSL)
            // A SubjectPublicKeyInfo built here and parsed by d2i_PUBKEY: the non-deprecated way
            // into an EVP_PKEY (RSA_set0_key and EC_KEY_* are deprecated in OpenSSL 3).
            let info: [UInt8]
            switch jwk.material {
            case .rsa(let modulus, let exponent):
                info = DER.rsaSubjectPublicKeyInfo(modulus: modulus, exponent: exponent)
            case .p256(let x, let y): info = DER.p256SubjectPublicKeyInfo(x: x, y: y)
            }
            let parsed = info.withUnsafeBufferPointer { buffer -> OpaquePointer? in
                var cursor = buffer.baseAddress
                return d2i_PUBKEY(nil, &cursor, buffer.count)
            }
            guard let parsed else {
                ERR_clear_error()
                throw .malformed("OpenSSL does not accept it as an \(algorithm.rawValue) public key")
            }
            key = parsed
        #elseif canImport(Security)
            // SecKeyCreateWithData takes PKCS #1 RSAPublicKey for RSA and X9.63 (04 || x || y) for EC.
            let data: [UInt8]
            let type: CFString
            switch jwk.material {
            case .rsa(let modulus, let exponent):
                data = DER.rsaPublicKey(modulus: modulus, exponent: exponent)
                type = kSecAttrKeyTypeRSA
            case .p256(let x, let y):
                data = [0x04] + x + y
                type = kSecAttrKeyTypeECSECPrimeRandom
            }
            let attributes: [String: Any] = [
                kSecAttrKeyType as String: type, kSecAttrKeyClass as String: kSecAttrKeyClassPublic,
            ]
            guard let created = SecKeyCreateWithData(Data(data) as CFData, attributes as CFDictionary, nil) else {
                throw .malformed("the Security framework does not accept it as an \(algorithm.rawValue) public key")
            }
            key = created
        #else
            throw .unsupported("this platform has no RS256/ES256 verification (it needs OpenSSL or Security)")
        #endif
    }

    #if canImport(COpenSSL)
        deinit { EVP_PKEY_free(key) }
    #endif

    /// Whether `signature`, in JWS form (RFC 7518 3.3, 3.4: the PKCS #1 v1.5 signature for
    /// RS256, `r || s` for ES256), signs `message` under this key.
    func verifies(_ signature: [UInt8], of message: [UInt8]) -> Bool {
        // OpenSSL and Security check ECDSA signatures in DER; JWS sends the raw pair.
        let platformSignature: [UInt8]
        switch algorithm {
        case .rs256: platformSignature = signature
        case .es256:
            guard let der = DER.ecdsaSignature(jws: signature) else { return false }
            platformSignature = der
        }
        #if canImport(COpenSSL)
            guard let context = EVP_MD_CTX_new() else { return false }
            defer {
                EVP_MD_CTX_free(context)
                ERR_clear_error()  // a failed check leaves errors that later TLS calls on this thread would read
            }
            guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1,
                EVP_DigestVerifyUpdate(context, message, message.count) == 1
            else { return false }
            return EVP_DigestVerifyFinal(context, platformSignature, platformSignature.count) == 1
        #elseif canImport(Security)
            let algorithm: SecKeyAlgorithm =
                switch self.algorithm {
                case .rs256: .rsaSignatureMessagePKCS1v15SHA256
                // The X9.62 (DER) form: the RFC 4754 (raw) one needs macOS 14 / iOS 17.
                case .es256: .ecdsaSignatureMessageX962SHA256
                }
            return SecKeyVerifySignature(
                key, algorithm, Data(message) as CFData, Data(platformSignature) as CFData, nil)
        #else
            return false
        #endif
    }
}
