/// Why a Cognito or OIDC token was refused: one case per check, so that the 401 says which one
/// failed. The messages name claims, never their values or any part of the token.
enum TokenRejection: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not three base64url parts with a JSON object header and a JSON object payload.
    case malformed
    /// `alg: none`.
    case unsigned
    /// Any `alg` besides RS256 and ES256 (HS256 included: its key would be the public key).
    case algorithmNotAccepted
    /// A `crit` header: extensions the token says must be understood, and this server knows none.
    case criticalHeader
    /// No key has the token's `kid`.
    case unknownKey
    /// The key the token's `kid` names is not one for the token's `alg`.
    case keyTypeMismatch
    /// The token has no `kid` and no key is of its `alg`'s type.
    case noKeyForAlgorithm
    /// The signature does not verify.
    case badSignature
    /// A time claim that is not a number.
    case invalidClaim(String)
    /// No `exp`.
    case missingExpiry
    /// `exp` is past, beyond the leeway.
    case expired
    /// `nbf` is ahead, beyond the leeway.
    case notYetValid
    /// `iat` is ahead, beyond the leeway.
    case issuedInFuture
    /// `iss` is missing or not a configured issuer.
    case wrongIssuer
    /// Neither `aud` nor `client_id` is a configured client ID.
    case wrongAudience
    /// `token_use` is neither `id` nor `access` (a refresh token, say).
    case wrongTokenUse

    /// The sentence after AppSync's "You are not authorized to make this call."
    var description: String {
        switch self {
        case .malformed: "The token is not a JWT: three base64url parts, a JSON header and JSON claims."
        case .unsigned: "The token is not signed (alg none)."
        case .algorithmNotAccepted: "The token's alg is not accepted: only RS256 and ES256 are."
        case .criticalHeader: "The token has critical header parameters (crit) this server does not understand."
        case .unknownKey: "No key of this server has the token's kid."
        case .keyTypeMismatch: "The key the token's kid names is not a key for the token's alg."
        case .noKeyForAlgorithm: "This server has no key for the token's alg."
        case .badSignature: "The token's signature does not verify."
        case .invalidClaim(let name): "The token's \(name) claim is not a number of seconds."
        case .missingExpiry: "The token has no exp claim."
        case .expired: "The token has expired (exp)."
        case .notYetValid: "The token is not valid yet (nbf)."
        case .issuedInFuture: "The token was issued in the future (iat)."
        case .wrongIssuer: "The token's issuer (iss) is not one this server accepts."
        case .wrongAudience: "The token's audience (aud or client_id) is not a client ID this server accepts."
        case .wrongTokenUse: "The token's token_use is neither id nor access."
        }
    }
}
