import ModelTransform

/// Who a request comes from, as far as authorization cares: the AppSync authorization mode it
/// used, the IAM role of a SigV4 signer, and the claims of a Cognito or OIDC token.
struct RequestIdentity: Sendable, Hashable, CustomStringConvertible {
    /// The IAM roles a SigV4 signer may have.
    typealias IAMRole = LocalServer.IAMRole

    /// The mode the request was authorized with.
    var mode: AuthorizationMode
    /// The signer's role, for IAM requests.
    var iamRole: IAMRole?
    /// The token's claims, for Cognito and OIDC requests (verified unless the server has no keys
    /// and listens on loopback only).
    var claims: JSONObject

    init(mode: AuthorizationMode, iamRole: IAMRole? = nil, claims: JSONObject = JSONObject()) {
        self.mode = mode
        self.iamRole = iamRole
        self.claims = claims
    }

    /// An API-key caller.
    static let apiKey = RequestIdentity(mode: .apiKey)

    /// The mode and role, never a credential.
    var description: String {
        var text = mode.rawValue
        if let iamRole { text += " (\(iamRole.rawValue) role)" }
        if let subject = claims["sub"]?.stringValue { text += " sub=\(subject)" }
        return text
    }

    /// The user's groups (`cognito:groups` or the rule's `groupClaim`).
    func groups(claim: String?) -> [String] {
        switch claims[claim ?? "cognito:groups"] {
        case .array(let values)?: return values.compactMap(\.stringValue)
        case .string(let value)?:
            // OIDC providers sometimes send groups as one comma-separated string.
            return value.split(separator: ",").map { String($0).trimmingCharacters(in: [" "]) }
        default: return []
        }
    }

    /// The values an owner field may hold for this user under `identityClaim` (default
    /// `sub::username`, stored as `<sub>::<username>`; the username alone also matches, as
    /// items written by older Amplify versions hold it).
    func ownerValues(identityClaim: String?) -> [String] {
        let claim = identityClaim ?? "sub::username"
        if claim == "sub::username" {
            let username = claims["cognito:username"]?.stringValue ?? claims["username"]?.stringValue
            let subject = claims["sub"]?.stringValue
            var values: [String] = []
            if let subject, let username { values.append("\(subject)::\(username)") }
            if let username { values.append(username) }
            if let subject { values.append(subject) }
            return values
        }
        return claims[claim]?.stringValue.map { [$0] } ?? []
    }
}

/// What every resolver of one request sees: the caller and the request's clock.
struct RequestContext: Sendable {
    /// The caller.
    var identity: RequestIdentity
    /// `createdAt`/`updatedAt` for writes in this request, AppSync's `$util.time.nowISO8601()`.
    var now: String
}

extension String {
    /// The string without leading and trailing characters in `set`.
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}
