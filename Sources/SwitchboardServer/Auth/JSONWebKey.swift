/// The JWS algorithms a token may be signed with: the asymmetric ones Cognito user pools and OIDC
/// providers use. `none` and the HMAC algorithms are never accepted, since their "key" would be
/// nothing or the public key itself (the algorithm-confusion attack).
enum JWSAlgorithm: String, Sendable, Hashable {
    /// RSASSA-PKCS1-v1_5 with SHA-256 (Cognito's algorithm).
    case rs256 = "RS256"
    /// ECDSA over P-256 with SHA-256.
    case es256 = "ES256"
}

/// One public key of a JWKS document (RFC 7517), read and checked but not yet in the platform's
/// crypto (``VerificationKey`` is).
struct JSONWebKey: Sendable {
    /// The key's numbers, big-endian.
    enum Material: Sendable, Hashable {
        /// An RSA key: `n` and `e`.
        case rsa(modulus: [UInt8], exponent: [UInt8])
        /// A P-256 point: `x` and `y`, 32 bytes each.
        case p256(x: [UInt8], y: [UInt8])
    }

    /// Why an entry of `keys` is not used.
    enum Problem: Error, Sendable, Hashable {
        /// A key this server does not verify with (another type, curve, use or algorithm): skipped.
        case unsupported(String)
        /// A key of a supported type with missing or broken members: the document is refused.
        case malformed(String)
    }

    /// The shortest RSA modulus accepted, in bits: RFC 7518 3.3 requires 2048 for RS256.
    static let minimumRSABits = 2048

    /// `kid`, which tokens name the key by.
    let id: String?
    /// The numbers.
    let material: Material

    /// The algorithm the key verifies: its type decides, since `alg` is optional in a JWK.
    var algorithm: JWSAlgorithm {
        switch material {
        case .rsa: .rs256
        case .p256: .es256
        }
    }

    /// Reads one entry of a JWKS document's `keys`.
    init(_ entry: JSON) throws(Problem) {
        guard case .object(let members) = entry else { throw .malformed("it is not a JSON object") }
        if let kid = members["kid"], kid.stringValue == nil { throw .malformed("its kid is not a string") }
        id = members["kid"]?.stringValue
        guard let type = members["kty"]?.stringValue else { throw .malformed("it has no kty") }
        if let use = members["use"], use.stringValue != "sig" {
            throw .unsupported("its use is \(use.text), not \"sig\"")
        }
        switch type {
        case "RSA":
            try Self.require(algorithm: .rs256, members)
            let modulus = try Self.number("n", members)
            let exponent = try Self.number("e", members)
            let significant = modulus.drop { $0 == 0 }
            let bits = significant.first.map { significant.count * 8 - $0.leadingZeroBitCount } ?? 0
            guard bits >= Self.minimumRSABits else {
                throw .unsupported(
                    "its \(bits)-bit modulus is shorter than the \(Self.minimumRSABits) bits RS256 requires")
            }
            guard exponent.contains(where: { $0 != 0 }) else { throw .malformed("its e is zero") }
            material = .rsa(modulus: modulus, exponent: exponent)
        case "EC":
            guard let curve = members["crv"]?.stringValue else { throw .malformed("it has no crv") }
            guard curve == "P-256" else { throw .unsupported("its curve \(curve) is not P-256") }
            try Self.require(algorithm: .es256, members)
            let x = try Self.number("x", members)
            let y = try Self.number("y", members)
            guard x.count == 32, y.count == 32 else { throw .malformed("its x and y are not 32 bytes each") }
            material = .p256(x: x, y: y)
        default:
            throw .unsupported("its kty \(JSON.string(type).text) is not RSA or EC")
        }
    }

    /// A key's `alg` is optional; when given it must be the one its type verifies.
    private static func require(algorithm: JWSAlgorithm, _ members: JSONObject) throws(Problem) {
        guard let alg = members["alg"] else { return }
        guard alg.stringValue == algorithm.rawValue else {
            throw .unsupported("its alg \(alg.text) is not \(algorithm.rawValue)")
        }
    }

    /// A base64url member (`n`, `e`, `x`, `y`).
    private static func number(_ name: String, _ members: JSONObject) throws(Problem) -> [UInt8] {
        guard let text = members[name]?.stringValue else { throw .malformed("it has no \(name)") }
        guard let bytes = Base64URL.decode(text), !bytes.isEmpty else {
            throw .malformed("its \(name) is not base64url")
        }
        return bytes
    }
}
