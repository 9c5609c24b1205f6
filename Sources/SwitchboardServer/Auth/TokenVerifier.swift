import Foundation

/// Checks a Cognito user-pool or OIDC token before its claims are trusted: an RS256 or ES256
/// signature by one of the issuer's keys, then `exp`, `nbf`, `iat`, `iss`, the client ID (`aud`
/// of ID tokens, `client_id` of Cognito access tokens) and Cognito's `token_use`.
package struct TokenVerifier: Sendable {
    /// How far this server's clock may disagree with the issuer's: a token is accepted up to
    /// 60 seconds after its `exp`, and up to 60 seconds before its `nbf` or `iat`.
    static let defaultLeeway: TimeInterval = 60

    /// The leeway in use (``defaultLeeway`` but in tests).
    let leeway: TimeInterval

    /// The keys, from the JWKS files (read again when they change).
    let keySet: KeySetFiles
    /// The `iss` values accepted.
    package let issuers: [String]
    /// The client IDs accepted in `aud` or `client_id`; empty accepts any.
    package let clientIDs: [String]

    /// A verifier with the keys of `keySet`.
    init(keySet: KeySetFiles, issuers: [String], clientIDs: [String], leeway: TimeInterval = defaultLeeway) {
        self.keySet = keySet
        self.issuers = issuers
        self.clientIDs = clientIDs
        self.leeway = leeway
    }

    /// A verifier with fixed `keys`.
    init(keys: [VerificationKey], issuers: [String], clientIDs: [String]) {
        self.init(keySet: KeySetFiles(keys: keys), issuers: issuers, clientIDs: clientIDs)
    }

    /// How many keys signatures are checked with now.
    package var keyCount: Int { keySet.keys.count }

    /// The claims of `token` (compact JWS, without `Bearer `) if every check passes at `now`.
    func verify(_ token: some StringProtocol, now: Date) -> Result<JSONObject, TokenRejection> {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]),
            case .object(let header)? = try? JSONReader.read(headerBytes)
        else { return .failure(.malformed) }
        guard let name = header["alg"]?.stringValue else { return .failure(.malformed) }
        guard name != "none" else { return .failure(.unsigned) }
        guard let algorithm = JWSAlgorithm(rawValue: name) else { return .failure(.algorithmNotAccepted) }
        guard header["crit"] == nil else { return .failure(.criticalHeader) }

        let keys = keySet.keys
        let candidates: [VerificationKey]
        switch header["kid"] {
        case nil:
            candidates = keys.filter { $0.algorithm == algorithm }
            guard !candidates.isEmpty else { return .failure(.noKeyForAlgorithm) }
        case .string(let kid)?:
            let named = keys.filter { $0.id == kid }
            guard !named.isEmpty else { return .failure(.unknownKey) }
            candidates = named.filter { $0.algorithm == algorithm }
            guard !candidates.isEmpty else { return .failure(.keyTypeMismatch) }
        default: return .failure(.malformed)
        }
        guard let signature = Base64URL.decode(parts[2]) else { return .failure(.malformed) }
        // The signing input is the first two parts exactly as sent (RFC 7515 5.2).
        let signingInput = Array(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        guard candidates.contains(where: { $0.verifies(signature, of: signingInput) }) else {
            return .failure(.badSignature)
        }
        guard let payload = Base64URL.decode(parts[1]), case .object(let claims)? = try? JSONReader.read(payload)
        else { return .failure(.malformed) }
        do throws(TokenRejection) {
            try check(claims, now: now)
        } catch {
            return .failure(error)
        }
        return .success(claims)
    }

    /// The claims' checks, after the signature (so an unsigned claim never decides a message).
    func check(_ claims: JSONObject, now: Date) throws(TokenRejection) {
        let seconds = now.timeIntervalSince1970
        func time(_ name: String) throws(TokenRejection) -> Double? {
            guard let value = claims[name] else { return nil }
            guard let number = value.doubleValue else { throw .invalidClaim(name) }
            return number
        }
        guard let expiry = try time("exp") else { throw .missingExpiry }
        guard seconds <= expiry + leeway else { throw .expired }
        if let notBefore = try time("nbf"), notBefore > seconds + leeway { throw .notYetValid }
        if let issuedAt = try time("iat"), issuedAt > seconds + leeway { throw .issuedInFuture }
        guard let issuer = claims["iss"]?.stringValue, issuers.contains(issuer) else { throw .wrongIssuer }
        if let use = claims["token_use"], use != "id" && use != "access" { throw .wrongTokenUse }
        guard !clientIDs.isEmpty else { return }
        var audiences: [String] = []
        switch claims["aud"] {
        case .string(let audience)?: audiences.append(audience)
        case .array(let values)?: audiences += values.compactMap(\.stringValue)
        default: break
        }
        if let clientID = claims["client_id"]?.stringValue { audiences.append(clientID) }
        guard audiences.contains(where: clientIDs.contains) else { throw .wrongAudience }
    }
}
