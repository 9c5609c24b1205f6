import Foundation
import ModelTransform
import SwitchboardNet
import SwitchboardSigV4

/// A request whose credentials were refused: AppSync answers HTTP 401 with
/// `{"errors":[{"errorType":"UnauthorizedException","message":…}]}`.
struct AuthenticationFailure: Error, Sendable, Hashable {
    /// The message (never a credential).
    var message: String

    /// No key, no token, no signature.
    static let missing = AuthenticationFailure(message: "Valid authorization header not provided.")
    /// A key or token this server does not accept.
    static let refused = AuthenticationFailure(message: "You are not authorized to make this call.")

    /// The 401 body.
    var body: JSON {
        ["errors": [["errorType": "UnauthorizedException", "message": .string(message)]]]
    }
}

/// Decides who a request comes from, from its headers (HTTP requests, WebSocket upgrades) or an
/// AppSync real-time authorization object: an API key in `x-api-key` (checked, with its
/// expiry), a SigV4 signature in `Authorization` (verified for the service `appsync`, the signer
/// mapped to its IAM role), or a Cognito/OIDC token in `Authorization` (verified with the
/// issuer's keys; without keys trusted as sent on a loopback bind only, see ``TokenPolicy``).
struct RequestAuthenticator: Sendable {
    let apiKeys: [LocalServer.APIKey]
    let iamPrincipals: [LocalServer.IAMPrincipal]
    let region: String
    /// The token modes the schema uses (`AMAZON_COGNITO_USER_POOLS`, `OPENID_CONNECT`).
    let tokenModes: Set<AuthorizationMode>
    /// Whether tokens are verified, trusted or refused.
    let tokens: TokenPolicy

    /// The caller of a request with `headers`; for IAM the method, target and body are what was signed.
    func authenticate(
        headers: [(name: String, value: String)], method: String, target: String, body: [UInt8], now: Date = Date()
    ) -> Result<RequestIdentity, AuthenticationFailure> {
        func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveEquals(name) }?.value
        }
        if let authorization = header("authorization"), !authorization.isEmpty {
            if authorization.hasPrefix(SigV4Signer.algorithm) {
                return verifySignature(headers: headers, method: method, target: target, body: body, now: now)
            }
            return authenticateToken(authorization, now: now)
        }
        if let key = header("x-api-key") {
            guard
                apiKeys.contains(where: {
                    PaginationToken.constantTimeEquals(Array($0.value.utf8), Array(key.utf8))
                        && ($0.expires.map { now < $0 } ?? true)
                })
            else { return .failure(.refused) }
            return .success(.apiKey)
        }
        return .failure(.missing)
    }

    private func verifySignature(
        headers: [(name: String, value: String)], method: String, target: String, body: [UInt8], now: Date
    ) -> Result<RequestIdentity, AuthenticationFailure> {
        let principals = iamPrincipals
        let verifier = SigV4Verifier(region: region, service: AppSyncIAMAuthorization.service) { accessKeyId in
            principals.first { $0.credentials.accessKeyId == accessKeyId }?.credentials
        }
        let request = SigV4Request(
            method: method, target: target, headers: headers.map { SigV4HeaderField($0.name, $0.value) }, body: body)
        do {
            let verified = try verifier.verify(request, now: now)
            let role = principals.first { $0.credentials.accessKeyId == verified.accessKeyId }?.role ?? .authenticated
            return .success(RequestIdentity(mode: .iam, iamRole: role))
        } catch {
            return .failure(AuthenticationFailure(message: "You are not authorized to make this call. \(error)"))
        }
    }

    /// A JWT's claims, as the token policy allows; the mode is the one the schema uses (by the
    /// issuer when both are).
    private func authenticateToken(_ authorization: String, now: Date) -> Result<RequestIdentity, AuthenticationFailure>
    {
        guard !tokenModes.isEmpty else { return .failure(.refused) }
        let token = authorization.hasPrefix("Bearer ") ? authorization.dropFirst(7) : Substring(authorization)
        let claims: JSONObject
        switch tokens {
        case .verified(let verifier):
            switch verifier.verify(token, now: now) {
            case .failure(let rejection):
                return .failure(
                    AuthenticationFailure(message: "You are not authorized to make this call. \(rejection)"))
            case .success(let verified): claims = verified
            }
        case .unverified:
            let parts = token.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
                case .object(let decoded)? = try? JSONReader.read(payload)
            else { return .failure(.refused) }
            claims = decoded
        case .refused: return .failure(TokenPolicy.refusedFailure)
        }
        let mode: AuthorizationMode
        if tokenModes.count == 1, let only = tokenModes.first {
            mode = only
        } else {
            mode = claims["iss"]?.stringValue?.contains("cognito-idp") == true ? .userPools : .oidc
        }
        return .success(RequestIdentity(mode: mode, claims: claims))
    }
}
