/// A token source made from a closure, for `AMAZON_COGNITO_USER_POOLS`, `OPENID_CONNECT` and
/// `AWS_LAMBDA` authorization.
///
/// AppSync expects the raw token in `Authorization`; most other GraphQL servers (Apollo Server,
/// Hasura, Strawberry behind an OIDC proxy) expect `Bearer <token>`:
///
/// ```swift
/// let plugin = try APIPlugin(authTokenProviders: [
///     .amazonCognitoUserPools: TokenProvider { try await session.idToken() },         // AppSync
///     .openIDConnect: TokenProvider.bearer { try await oidc.accessToken() },          // Authorization: Bearer …
/// ])
/// ```
public struct TokenProvider: AuthTokenProvider {
    private let fetch: @Sendable () async throws -> String
    private let prefix: String

    /// Sends the closure's token as is (what AppSync expects).
    public init(_ fetch: @escaping @Sendable () async throws -> String) {
        self.fetch = fetch
        prefix = ""
    }

    private init(prefix: String, _ fetch: @escaping @Sendable () async throws -> String) {
        self.fetch = fetch
        self.prefix = prefix
    }

    /// Sends `Bearer <token>`, the OAuth 2.0 form most non-AppSync servers read.
    public static func bearer(_ fetch: @escaping @Sendable () async throws -> String) -> TokenProvider {
        TokenProvider(prefix: "Bearer ", fetch)
    }

    /// The `Authorization` header value.
    public func latestToken() async throws -> String { prefix + (try await fetch()) }
}
