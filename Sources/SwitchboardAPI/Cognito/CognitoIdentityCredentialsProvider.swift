import Foundation
import SwitchboardSigV4

/// AWS credentials from a Cognito identity pool, with no SDK: `GetId`, then
/// `GetCredentialsForIdentity`, as a guest (unauthenticated identity) or, when a user pool's user
/// is signed in, with that login. Give it to ``SigV4RequestSigner`` and every `AWS_IAM` request —
/// HTTP, REST, the real-time handshake and each subscription start — is signed with it:
///
/// ```swift
/// let identity = CognitoIdentityCredentialsProvider(
///     identityPoolId: "us-east-1:1d2c…", region: "us-east-1", userPool: userPool)
/// let plugin = try APIPlugin(iamSigner: SigV4RequestSigner(credentialsProvider: identity))
/// ```
///
/// The identity id and the credentials are cached: credentials until `refreshMargin` seconds
/// before they expire, the identity id for as long as the logins stay the same (signing in or out
/// gets another). Concurrent callers share one refresh.
public actor CognitoIdentityCredentialsProvider: AWSCredentialsProvider {
    /// The identity pool (`us-east-1:1d2c…`).
    nonisolated let identityPoolId: String
    private let client: CognitoServiceClient
    private let logins: @Sendable () async throws -> [String: String]
    private let refreshMargin: TimeInterval
    private let now: @Sendable () -> Date
    private var identity: (id: String, logins: [String: String])?
    private var cached: (credentials: AWSCredentials, logins: [String: String])?
    private var refreshing: (task: Task<AWSCredentials, any Error>, logins: [String: String])?

    /// A provider for `identityPoolId`; `logins` gives the current logins (provider name → token;
    /// empty for a guest) each time credentials are needed. `endpoint` replaces
    /// `https://cognito-identity.<region>.amazonaws.com/` (a local Cognito in tests).
    public init(
        identityPoolId: String, region: String,
        logins: @escaping @Sendable () async throws -> [String: String] = { [:] }, endpoint: URL? = nil,
        transport: any HTTPTransport = APIPlugin.defaultTransport(), refreshMargin: TimeInterval = 300,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.identityPoolId = identityPoolId
        self.logins = logins
        self.refreshMargin = refreshMargin
        self.now = now
        client = CognitoServiceClient(
            endpoint: endpoint ?? CognitoServiceClient.defaultEndpoint(service: "cognito-identity", region: region),
            targetPrefix: "AWSCognitoIdentityService", transport: transport)
    }

    /// A provider whose login is `userPool`'s signed-in user (its ID token), and a guest when no
    /// one is signed in.
    public init(
        identityPoolId: String, region: String, userPool: CognitoUserPoolsTokenProvider, endpoint: URL? = nil,
        transport: any HTTPTransport = APIPlugin.defaultTransport(), refreshMargin: TimeInterval = 300,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(
            identityPoolId: identityPoolId, region: region,
            logins: {
                guard let tokens = try await userPool.currentTokens() else { return [:] }
                return [userPool.loginProviderName: tokens.idToken]
            }, endpoint: endpoint, transport: transport, refreshMargin: refreshMargin, now: now)
    }

    /// A provider for the identity pool of a configuration file (see
    /// `SwitchboardConfiguration.cognito()`), signed in through `userPool` when given.
    public init(
        configuration: CognitoConfiguration.IdentityPool, userPool: CognitoUserPoolsTokenProvider? = nil,
        endpoint: URL? = nil, transport: any HTTPTransport = APIPlugin.defaultTransport()
    ) {
        if let userPool {
            self.init(
                identityPoolId: configuration.poolId, region: configuration.region, userPool: userPool,
                endpoint: endpoint, transport: transport)
        } else {
            self.init(
                identityPoolId: configuration.poolId, region: configuration.region, endpoint: endpoint,
                transport: transport)
        }
    }

    /// Credentials for the current logins: the cached ones while they last, else new ones.
    public func credentials() async throws -> AWSCredentials {
        let logins = try await self.logins()
        if let cached, cached.logins == logins, !cached.credentials.expires(within: refreshMargin, of: now()) {
            return cached.credentials
        }
        if let refreshing, refreshing.logins == logins { return try await refreshing.task.value }
        let task = Task { try await self.fetchCredentials(logins: logins) }
        refreshing = (task, logins)
        defer { if refreshing?.task == task { refreshing = nil } }
        let credentials = try await task.value
        cached = (credentials, logins)
        return credentials
    }

    /// The identity id for the current logins (guest or signed in).
    public func identityId() async throws -> String {
        try await identityId(logins: try await logins())
    }

    /// Forgets the identity id and the credentials (after signing out, or to start over as a new guest).
    public func clear() {
        identity = nil
        cached = nil
        refreshing?.task.cancel()
        refreshing = nil
    }

    private func identityId(logins: [String: String]) async throws -> String {
        if let identity, identity.logins == logins { return identity.id }
        var body: [String: JSONValue] = ["IdentityPoolId": .string(identityPoolId)]
        if !logins.isEmpty { body["Logins"] = .object(logins.mapValues(JSONValue.string)) }
        let answer = try await client.call("GetId", .object(body))
        guard let id = answer["IdentityId"]?.stringValue else {
            throw CognitoError.invalidResponse(operation: "GetId", reason: "no IdentityId")
        }
        identity = (id, logins)
        return id
    }

    private func fetchCredentials(logins: [String: String]) async throws -> AWSCredentials {
        let id = try await identityId(logins: logins)
        var body: [String: JSONValue] = ["IdentityId": .string(id)]
        if !logins.isEmpty { body["Logins"] = .object(logins.mapValues(JSONValue.string)) }
        let answer = try await client.call("GetCredentialsForIdentity", .object(body))
        guard let credentials = answer["Credentials"]?.objectValue,
            let accessKeyId = credentials["AccessKeyId"]?.stringValue,
            let secretKey = credentials["SecretKey"]?.stringValue
        else {
            throw CognitoError.invalidResponse(operation: "GetCredentialsForIdentity", reason: "no Credentials")
        }
        return AWSCredentials(
            accessKeyId: accessKeyId, secretAccessKey: secretKey,
            sessionToken: credentials["SessionToken"]?.stringValue,
            expiration: credentials["Expiration"]?.doubleValue.map { Date(timeIntervalSince1970: $0) })
    }
}
