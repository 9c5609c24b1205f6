import Foundation

/// A signed-in user's Cognito user-pool tokens. `description` shows when they expire, never the
/// tokens.
public struct CognitoTokens: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The ID token (a JWT with the user's claims): what identity pools take as a login.
    public var idToken: String
    /// The access token (a JWT with the user's scopes and groups).
    public var accessToken: String
    /// The refresh token, which obtains new ID and access tokens.
    public var refreshToken: String?
    /// When the ID and access tokens expire.
    public var expiration: Date
    /// The user name the tokens were issued for, which a client secret's hash needs on refresh.
    public var username: String?

    /// Tokens as Cognito issued them.
    public init(idToken: String, accessToken: String, refreshToken: String?, expiration: Date, username: String? = nil)
    {
        self.idToken = idToken
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiration = expiration
        self.username = username
    }

    /// Redacted: only the expiry.
    public var description: String { "CognitoTokens(expiration: \(expiration), tokens: <redacted>)" }
}

/// Where a ``CognitoUserPoolsTokenProvider`` keeps the signed-in user's tokens: in memory by
/// default; an app that should stay signed in across launches supplies one backed by the
/// Keychain or a file it protects.
public protocol CognitoTokenStore: Sendable {
    /// The tokens saved last, if any.
    func load() async throws -> CognitoTokens?
    /// Saves `tokens`, replacing what was there.
    func save(_ tokens: CognitoTokens) async throws
    /// Forgets the tokens (signing out).
    func clear() async throws
}

/// Keeps the tokens in memory only: they are gone when the process ends.
public actor InMemoryCognitoTokenStore: CognitoTokenStore {
    private var tokens: CognitoTokens?

    /// An empty store.
    public init() {}

    /// The tokens saved last.
    public func load() -> CognitoTokens? { tokens }
    /// Keeps `tokens`.
    public func save(_ tokens: CognitoTokens) { self.tokens = tokens }
    /// Forgets them.
    public func clear() { tokens = nil }
}
