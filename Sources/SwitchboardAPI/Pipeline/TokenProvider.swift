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
    private let refresh: (@Sendable () async throws -> String)?
    private let prefix: String

    /// Sends the closure's token as is (what AppSync expects). `refresh`, when given, is asked for
    /// a new token after the server answered `401`; the operation is then retried once.
    public init(
        refresh: (@Sendable () async throws -> String)? = nil, _ fetch: @escaping @Sendable () async throws -> String
    ) {
        self.init(prefix: "", refresh: refresh, fetch)
    }

    private init(
        prefix: String, refresh: (@Sendable () async throws -> String)?,
        _ fetch: @escaping @Sendable () async throws -> String
    ) {
        self.fetch = fetch
        self.refresh = refresh
        self.prefix = prefix
    }

    /// Sends `Bearer <token>`, the OAuth 2.0 form most non-AppSync servers read.
    public static func bearer(
        refresh: (@Sendable () async throws -> String)? = nil, _ fetch: @escaping @Sendable () async throws -> String
    ) -> TokenProvider {
        TokenProvider(prefix: "Bearer ", refresh: refresh, fetch)
    }

    /// The `Authorization` header value.
    public func latestToken() async throws -> String { prefix + (try await fetch()) }

    /// The `Authorization` header value after a `401`: from `refresh`, else from the closure again.
    public func refreshedToken() async throws -> String { prefix + (try await (refresh ?? fetch)()) }
}
