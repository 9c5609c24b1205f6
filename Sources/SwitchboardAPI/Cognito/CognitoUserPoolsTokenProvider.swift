import Foundation
import SwitchboardSigV4

/// Signs a user in to a Cognito user pool with no SDK, keeps the tokens (in a
/// ``CognitoTokenStore``), refreshes them before they expire, and hands the access token (or the
/// ID token) to `AMAZON_COGNITO_USER_POOLS` authorization. The chain's refresh-and-retry on `401`
/// asks it for a fresh token through `REFRESH_TOKEN_AUTH`.
///
/// ```swift
/// let userPool = CognitoUserPoolsTokenProvider(userPoolId: "us-east-1_Ab12", clientId: "6p1…", region: "us-east-1")
/// try await userPool.signIn(username: "alice", password: password)
/// let plugin = try APIPlugin(authTokenProviders: [.amazonCognitoUserPools: userPool])
/// ```
///
/// Sign-in uses `USER_SRP_AUTH` (the Secure Remote Password exchange, Amplify's default: the
/// password never leaves the device), or `USER_PASSWORD_AUTH` when asked. Concurrent callers share
/// one refresh. Errors are ``CognitoError``s naming Cognito's error type; none holds a password or a
/// token.
public actor CognitoUserPoolsTokenProvider: AuthTokenProvider {
    /// Which token `AMAZON_COGNITO_USER_POOLS` requests carry.
    public enum TokenKind: Sendable {
        /// The access token, as Amplify sends to AppSync.
        case access
        /// The ID token, for APIs that authorize on its claims.
        case id
    }

    /// The user pool (`us-east-1_Ab12cd34`).
    nonisolated let userPoolId: String
    /// The app client.
    nonisolated let clientId: String
    /// The user pool's region.
    nonisolated let region: String
    private let clientSecret: String?
    private let authenticationFlow: CognitoAuthenticationFlow
    private let client: CognitoServiceClient
    private let store: any CognitoTokenStore
    private let tokenKind: TokenKind
    private let refreshMargin: TimeInterval
    private let now: @Sendable () -> Date
    private var refreshing: Task<CognitoTokens, any Error>?

    /// A provider for the app client `clientId` of `userPoolId`. `clientSecret` is needed when the
    /// app client has one; `endpoint` replaces `https://cognito-idp.<region>.amazonaws.com/` (a
    /// local Cognito in tests); tokens are refreshed `refreshMargin` seconds before they expire.
    public init(
        userPoolId: String, clientId: String, region: String, clientSecret: String? = nil,
        authenticationFlow: CognitoAuthenticationFlow = .userSRP, tokenKind: TokenKind = .access,
        store: any CognitoTokenStore = InMemoryCognitoTokenStore(),
        endpoint: URL? = nil, transport: any HTTPTransport = APIPlugin.defaultTransport(),
        refreshMargin: TimeInterval = 60, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.userPoolId = userPoolId
        self.clientId = clientId
        self.region = region
        self.clientSecret = clientSecret
        self.authenticationFlow = authenticationFlow
        self.tokenKind = tokenKind
        self.store = store
        self.refreshMargin = refreshMargin
        self.now = now
        client = CognitoServiceClient(
            endpoint: endpoint ?? CognitoServiceClient.defaultEndpoint(service: "cognito-idp", region: region),
            targetPrefix: "AWSCognitoIdentityProviderService", transport: transport)
    }

    /// A provider for the user pool of a configuration file (see `SwitchboardConfiguration.cognito()`).
    public init(
        configuration: CognitoConfiguration.UserPool, tokenKind: TokenKind = .access,
        store: any CognitoTokenStore = InMemoryCognitoTokenStore(), endpoint: URL? = nil,
        transport: any HTTPTransport = APIPlugin.defaultTransport()
    ) {
        self.init(
            userPoolId: configuration.poolId, clientId: configuration.appClientId, region: configuration.region,
            clientSecret: configuration.appClientSecret, authenticationFlow: configuration.authenticationFlow,
            tokenKind: tokenKind, store: store, endpoint: endpoint, transport: transport)
    }

    /// The key identity pools know this user pool's logins by: `cognito-idp.<region>.amazonaws.com/<pool>`.
    nonisolated var loginProviderName: String { "cognito-idp.\(region).amazonaws.com/\(userPoolId)" }

    /// Signs `username` in with the provider's authentication flow and keeps the tokens.
    @discardableResult
    public func signIn(username: String, password: String) async throws -> CognitoTokens {
        let tokens: CognitoTokens
        switch authenticationFlow {
        case .userPassword:
            var parameters: [String: JSONValue] = ["USERNAME": .string(username), "PASSWORD": .string(password)]
            if let hash = secretHash(username: username) { parameters["SECRET_HASH"] = .string(hash) }
            tokens = try await initiateAuth(flow: "USER_PASSWORD_AUTH", parameters: parameters, username: username)
        case .userSRP:
            tokens = try await signInWithSRP(username: username, password: password)
        }
        refreshing?.cancel()
        refreshing = nil
        try await store.save(tokens)
        return tokens
    }

    /// Forgets the tokens; token requests fail with ``CognitoError/notSignedIn`` until the next sign-in.
    public func signOut() async throws {
        refreshing?.cancel()
        refreshing = nil
        try await store.clear()
    }

    /// The signed-in user's tokens, refreshed first when they expire within the margin; `nil` when
    /// no one is signed in.
    public func currentTokens() async throws -> CognitoTokens? {
        guard let tokens = try await store.load() else { return nil }
        if tokens.expiration.timeIntervalSince(now()) > refreshMargin { return tokens }
        return try await refresh(tokens)
    }

    /// The token `AMAZON_COGNITO_USER_POOLS` requests carry, refreshed when it is about to expire.
    public func latestToken() async throws -> String {
        guard let tokens = try await currentTokens() else { throw CognitoError.notSignedIn }
        return token(of: tokens)
    }

    /// A token obtained anew with the refresh token, after the server refused the last one.
    public func refreshedToken() async throws -> String {
        guard let tokens = try await store.load() else { throw CognitoError.notSignedIn }
        return token(of: try await refresh(tokens))
    }

    private func token(of tokens: CognitoTokens) -> String {
        tokenKind == .access ? tokens.accessToken : tokens.idToken
    }

    /// New tokens through `REFRESH_TOKEN_AUTH`; concurrent callers share one call.
    private func refresh(_ tokens: CognitoTokens) async throws -> CognitoTokens {
        if let refreshing { return try await refreshing.value }
        guard let refreshToken = tokens.refreshToken else { throw CognitoError.notSignedIn }
        var parameters: [String: JSONValue] = ["REFRESH_TOKEN": .string(refreshToken)]
        if let username = tokens.username, let hash = secretHash(username: username) {
            parameters["SECRET_HASH"] = .string(hash)
        }
        let task = Task { [self] in
            var renewed = try await initiateAuth(
                flow: "REFRESH_TOKEN_AUTH", parameters: parameters, username: tokens.username)
            // Cognito does not send the refresh token again: it stays valid.
            renewed.refreshToken = renewed.refreshToken ?? refreshToken
            try await store.save(renewed)
            return renewed
        }
        refreshing = task
        defer { if refreshing == task { refreshing = nil } }
        return try await task.value
    }

    private func initiateAuth(flow: String, parameters: [String: JSONValue], username: String?) async throws
        -> CognitoTokens
    {
        let started = now()
        let answer = try await client.call(
            "InitiateAuth",
            ["AuthFlow": .string(flow), "ClientId": .string(clientId), "AuthParameters": .object(parameters)])
        return try tokens(from: answer, operation: "InitiateAuth", issuedAt: started, username: username)
    }

    /// `USER_SRP_AUTH`: `InitiateAuth` with `SRP_A`, then the `PASSWORD_VERIFIER` challenge
    /// answered with the password claim (see `CognitoSRP`).
    private func signInWithSRP(username: String, password: String) async throws -> CognitoTokens {
        let srp = CognitoSRP()
        var parameters: [String: JSONValue] = ["USERNAME": .string(username), "SRP_A": .string(srp.publicValueHex)]
        if let hash = secretHash(username: username) { parameters["SECRET_HASH"] = .string(hash) }
        let challenge = try await client.call(
            "InitiateAuth",
            ["AuthFlow": "USER_SRP_AUTH", "ClientId": .string(clientId), "AuthParameters": .object(parameters)])
        guard challenge["ChallengeName"]?.stringValue == "PASSWORD_VERIFIER",
            let values = challenge["ChallengeParameters"]?.objectValue,
            let userID = values["USER_ID_FOR_SRP"]?.stringValue, let serverB = values["SRP_B"]?.stringValue,
            let salt = values["SALT"]?.stringValue, let secretBlock = values["SECRET_BLOCK"]?.stringValue
        else {
            if let name = challenge["ChallengeName"]?.stringValue { throw CognitoError.challengeNotSupported(name) }
            throw CognitoError.invalidResponse(operation: "InitiateAuth", reason: "no PASSWORD_VERIFIER challenge")
        }
        let internalUsername = values["USERNAME"]?.stringValue ?? username
        let timestamp = CognitoSRP.timestamp(now())
        let signature = try srp.passwordClaimSignature(
            userPoolId: userPoolId, userIdForSRP: userID, password: password, serverBHex: serverB, saltHex: salt,
            secretBlock: secretBlock, timestamp: timestamp)
        var responses: [String: JSONValue] = [
            "USERNAME": .string(internalUsername), "PASSWORD_CLAIM_SECRET_BLOCK": .string(secretBlock),
            "TIMESTAMP": .string(timestamp), "PASSWORD_CLAIM_SIGNATURE": .string(signature),
        ]
        if let hash = secretHash(username: internalUsername) { responses["SECRET_HASH"] = .string(hash) }
        var body: [String: JSONValue] = [
            "ChallengeName": "PASSWORD_VERIFIER", "ClientId": .string(clientId),
            "ChallengeResponses": .object(responses),
        ]
        if let session = challenge["Session"] { body["Session"] = session }
        let started = now()
        let answer = try await client.call("RespondToAuthChallenge", .object(body))
        return try tokens(
            from: answer, operation: "RespondToAuthChallenge", issuedAt: started, username: internalUsername)
    }

    /// The tokens of an `AuthenticationResult`; a further challenge is not answered.
    private func tokens(
        from answer: [String: JSONValue], operation: String, issuedAt started: Date, username: String?
    ) throws -> CognitoTokens {
        if let challenge = answer["ChallengeName"]?.stringValue { throw CognitoError.challengeNotSupported(challenge) }
        guard let result = answer["AuthenticationResult"]?.objectValue,
            let idToken = result["IdToken"]?.stringValue, let accessToken = result["AccessToken"]?.stringValue
        else {
            throw CognitoError.invalidResponse(operation: operation, reason: "no AuthenticationResult with tokens")
        }
        let lifetime = result["ExpiresIn"]?.doubleValue ?? 3600
        return CognitoTokens(
            idToken: idToken, accessToken: accessToken, refreshToken: result["RefreshToken"]?.stringValue,
            expiration: started.addingTimeInterval(lifetime), username: username)
    }

    /// `SECRET_HASH`: Base64(HMAC-SHA256(client secret, username + client id)), for app clients with a secret.
    private func secretHash(username: String) -> String? {
        guard let clientSecret else { return nil }
        var hmac = HMACSHA256(key: Array(clientSecret.utf8))
        hmac.update(Array((username + clientId).utf8))
        return Data(hmac.finalize().bytes).base64EncodedString()
    }
}
