import SwitchboardCore

/// Amplify's source of tokens for `OPENID_CONNECT` and `AWS_LAMBDA` authorization: subclass it and
/// pass it as `APIPlugin(apiAuthProviderFactory:)`.
///
/// ```swift
/// final class MyAuthProviders: APIAuthProviderFactory {
///     override func oidcAuthProvider() -> (any AmplifyOIDCAuthProvider)? { MyOIDCTokens() }
/// }
/// try Switchboard.add(plugin: APIPlugin(apiAuthProviderFactory: MyAuthProviders()))
/// ```
///
/// The plugin asks the factory once, when it is created. Providers passed in
/// `APIPlugin(authTokenProviders:)` take precedence for the same authorization type.
open class APIAuthProviderFactory {
    /// Creates a factory that provides nothing; override the methods you need.
    public init() {}

    /// The token source for `OPENID_CONNECT`, or `nil`.
    open func oidcAuthProvider() -> (any AmplifyOIDCAuthProvider)? { nil }

    /// The token source for `AWS_LAMBDA`, or `nil`.
    open func functionAuthProvider() -> (any AmplifyFunctionAuthProvider)? { nil }
}

/// Amplify's token-source protocol. Any type conforms, classes with mutable state (a cached
/// token) included: the plugin calls it for one operation at a time.
public protocol AmplifyAuthTokenProvider {
    /// The token type: the `Authorization` header value.
    typealias AuthToken = String
    /// The token to send in `Authorization`, refreshed when needed.
    func getLatestAuthToken() async throws -> String
}

/// A token source for `OPENID_CONNECT` authorization (Amplify's name).
public protocol AmplifyOIDCAuthProvider: AmplifyAuthTokenProvider {}

/// A token source for `AWS_LAMBDA` authorization (Amplify's name).
public protocol AmplifyFunctionAuthProvider: AmplifyAuthTokenProvider {}

extension APIAuthProviderFactory {
    /// The factory's providers as the plugin stores them.
    func tokenProviders() -> [AuthorizationType: any AuthTokenProvider] {
        var providers: [AuthorizationType: any AuthTokenProvider] = [:]
        if let oidc = oidcAuthProvider() { providers[.openIDConnect] = SerializedTokenProvider(oidc) }
        if let function = functionAuthProvider() { providers[.awsLambda] = SerializedTokenProvider(function) }
        return providers
    }
}

/// Calls an Amplify-style token provider, which need not be `Sendable`, for one caller at a time.
// Unchecked: the wrapped provider is called for one caller at a time, behind the gate below.
final class SerializedTokenProvider: AuthTokenProvider, @unchecked Sendable {
    // Unchecked: `base` is only used inside `gate`, which admits one caller at a time (FIFO).
    nonisolated(unsafe) private let base: any AmplifyAuthTokenProvider
    private let gate = AsyncLock()

    init(_ base: any AmplifyAuthTokenProvider) { self.base = base }

    func latestToken() async throws -> String {
        try await gate.withLock { [self] in try await self.base.getLatestAuthToken() }
    }
}
