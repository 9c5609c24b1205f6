import Foundation
import ModelTransform
import Switchboard
import SwitchboardNet
import SwitchboardRealtimeServer
import SwitchboardSigV4

extension LocalServer {
    /// Where items are kept.
    public enum Storage: Sendable, Hashable {
        /// In memory: gone when the server stops (tests, demos).
        case inMemory
        /// A SQLite database in this directory (created if missing), kept across restarts.
        case directory(URL)
    }

    /// An API key the server accepts in `x-api-key`.
    public struct APIKey: Sendable, Hashable, CustomStringConvertible {
        /// The key (AppSync's look: `da2-` and 26 characters).
        public var value: String
        /// When the key stops working; `nil` for never.
        public var expires: Date?

        /// Creates a key.
        public init(_ value: String, expires: Date? = nil) {
            self.value = value
            self.expires = expires
        }

        /// A new random key in AppSync's format.
        public static func generate() -> APIKey {
            var generator = SystemRandomNumberGenerator()
            let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
            return APIKey("da2-" + String((0..<26).map { _ in alphabet.randomElement(using: &generator)! }))
        }

        /// The expiry only: keys are secrets and never appear in logs.
        public var description: String { "APIKey(expires: \(expires.map { "\($0)" } ?? "never"))" }
    }

    /// The IAM roles SigV4 signers can have, which `@auth` rules with `provider: iam` name.
    public enum IAMRole: String, Sendable, Hashable, CaseIterable {
        /// Signed-in users (an identity pool's authenticated role): `allow: private, provider: iam`.
        case authenticated
        /// Guests (the unauthenticated role): `allow: public, provider: iam`.
        case unauthenticated
        /// An administrator role (Amplify's `adminRoles`): every operation on every model.
        case admin
    }

    /// Credentials the server accepts SigV4 signatures from, and the role they stand for.
    public struct IAMPrincipal: Sendable, Hashable {
        /// The access key pair (and session token, if the signer must present it).
        public var credentials: AWSCredentials
        /// The role requests signed with them have.
        public var role: IAMRole

        /// Creates a principal.
        public init(credentials: AWSCredentials, role: IAMRole = .authenticated) {
            self.credentials = credentials
            self.role = role
        }
    }

    /// Everything a server is started with besides its schema.
    public struct Configuration: Sendable {
        /// The interface to listen on (default `127.0.0.1`).
        public var host: String
        /// The port; `0` picks a free one (``LocalServer/port`` tells which).
        public var port: Int
        /// Where items are kept (default in memory).
        public var storage: Storage
        /// The API keys accepted (default: one generated key).
        public var apiKeys: [APIKey]
        /// The SigV4 credentials accepted (default none: IAM requests are refused).
        public var iamPrincipals: [IAMPrincipal]
        /// The region IAM signatures must be scoped to (default `us-east-1`).
        public var region: String
        /// The real-time endpoints' settings (the mock server's take the same).
        public var realtime: RealtimeServerOptions
        /// The API's default authorization mode, as in Amplify's project configuration (default
        /// `API_KEY`; AppSync has no `NONE` mode).
        public var defaultAuthorizationType: AuthorizationType
        /// The API's additional authorization modes; `nil` admits whatever providers the schema's
        /// `@auth` rules use, a list makes a rule whose provider is not in it an error.
        public var additionalAuthorizationTypes: [AuthorizationType]?
        /// The transform's feature flags (the defaults of a new Amplify project); its
        /// authorization modes are the two settings above.
        package var transformFeatures = TransformOptions()
        /// The largest request body accepted (default 1 MiB).
        public var maximumRequestBodySize: Int
        /// The most resolvers one request may run, AppSync's `resolverCountLimit` (1–10,000;
        /// default, and 0, 10,000 as on AppSync). A request that reaches it while running gets
        /// null and a `ResolverExecutionLimitReached` error for each further resolver field; one
        /// whose fields, fragments expanded and one item per list, name more than ten times as
        /// many is refused before it runs.
        public var resolverCountLimit = 10_000
        /// The deepest field a request may select, AppSync's `queryDepthLimit` (1–75, root
        /// fields at depth 1): deeper fields are null with a `QueryDepthLimitReached` error.
        /// `nil` (the default) or 0 sets no limit, as on AppSync, besides the 256 levels of
        /// nesting every document is held to.
        public var queryDepthLimit: Int?
        /// How long a write to an on-disk store waits for a lock another process holds on the
        /// database (0 to 10 minutes; default 5 s) before it answers AppSync's throttling error,
        /// `DynamoDB:ProvisionedThroughputExceededException`. Reads never wait for writers.
        public var storeBusyTimeout: Duration = .seconds(5)
        /// How many threads answer the connections, each an event loop that keeps the connections
        /// it was given (in turn, as they are accepted): `nil` (the default) one per processor
        /// the process may use, at most 16; otherwise 1 to 16. Servers of one process share them.
        /// Set with `serve --threads`.
        package var threads: Int?
        /// How long each of those threads keeps looking for work without sleeping after it last
        /// had some (0 to 10 ms; default 100 µs, 0 sleeps at once). A client that sends its next
        /// request at once is then answered without waking a sleeping thread, which on a virtual
        /// machine doubled the requests one connection gets answered; an idle server still sleeps.
        /// Set with `serve --busy-poll`.
        package var busyPoll: Duration = .microseconds(100)
        /// How Cognito user-pool and OIDC tokens are verified. `nil` (the default) verifies
        /// nothing: tokens are then trusted as sent when ``host`` is a loopback address, for
        /// local development, and refused otherwise.
        public var tokenVerification: LocalServer.TokenVerification?

        /// Creates a configuration.
        public init(
            host: String = "127.0.0.1", port: Int = 0, storage: Storage = .inMemory, apiKeys: [APIKey] = [.generate()],
            iamPrincipals: [IAMPrincipal] = [], region: String = "us-east-1", realtime: RealtimeServerOptions = .init(),
            defaultAuthorizationType: AuthorizationType = .apiKey,
            additionalAuthorizationTypes: [AuthorizationType]? = nil,
            maximumRequestBodySize: Int = 1 << 20
        ) {
            self.host = host
            self.port = port
            self.storage = storage
            self.apiKeys = apiKeys
            self.iamPrincipals = iamPrincipals
            self.region = region
            self.realtime = realtime
            self.defaultAuthorizationType = defaultAuthorizationType
            self.additionalAuthorizationTypes = additionalAuthorizationTypes
            self.maximumRequestBodySize = maximumRequestBodySize
        }
    }
}

/// Why a local server could not start.
public enum LocalServerError: Error, Sendable, CustomStringConvertible {
    /// The `@model` schema has errors (each `file:line:column: error: …`).
    case invalidSchema([String])
    /// The store could not be opened or migrated.
    case store(String)
    /// The address could not be bound.
    case listen(String)
    /// A setting is out of its range (which the message names).
    case invalidConfiguration(String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .invalidSchema(let diagnostics): return "The schema has errors:\n" + diagnostics.joined(separator: "\n")
        case .store(let reason): return reason
        case .listen(let reason): return "Cannot listen: \(reason)"
        case .invalidConfiguration(let reason): return "Invalid configuration: \(reason)"
        }
    }
}

extension LocalServer.Configuration {
    /// The execution limits, checked against AppSync's ranges.
    func executionLimits() throws(LocalServerError) -> Executor<RequestContext>.Limits {
        guard (0...10_000).contains(resolverCountLimit) else {
            throw .invalidConfiguration(
                "resolverCountLimit is \(resolverCountLimit); AppSync accepts 1 to 10000 resolvers per request "
                    + "(0 for its default of 10000)")
        }
        if let queryDepthLimit, !(0...75).contains(queryDepthLimit) {
            throw .invalidConfiguration(
                "queryDepthLimit is \(queryDepthLimit); AppSync accepts 1 to 75 levels (0 or nil for no limit)")
        }
        var limits = Executor<RequestContext>.Limits()
        // 0 means AppSync's default for both, as in its API.
        limits.maximumResolverExecutions = resolverCountLimit == 0 ? 10_000 : resolverCountLimit
        limits.maximumFieldDepth = queryDepthLimit == 0 ? nil : queryDepthLimit
        return limits
    }

    /// The number of event loops, checked against its range.
    func loopCount() throws(LocalServerError) -> Int {
        guard let threads else { return EventLoop.defaultServerLoopCount }
        guard (1...16).contains(threads) else {
            throw .invalidConfiguration("threads is \(threads); it must be 1 to 16 (or nil for one per processor)")
        }
        return threads
    }

    /// The busy-poll window, checked against its range.
    func busyPollWindow() throws(LocalServerError) -> Duration {
        guard busyPoll >= .zero && busyPoll <= .milliseconds(10) else {
            throw .invalidConfiguration("busyPoll is \(busyPoll); it must be 0 to 10 milliseconds")
        }
        return busyPoll
    }

    /// The store's busy timeout, checked against its range.
    func busyTimeout() throws(LocalServerError) -> Duration {
        guard storeBusyTimeout >= .zero && storeBusyTimeout <= .seconds(600) else {
            throw .invalidConfiguration("storeBusyTimeout is \(storeBusyTimeout); it must be 0 to 600 seconds")
        }
        return storeBusyTimeout
    }

    /// The transform's options: the feature flags, with the authorization modes set here.
    func transformOptions() throws(LocalServerError) -> TransformOptions {
        func mode(_ type: AuthorizationType) throws(LocalServerError) -> AuthorizationMode {
            guard let mode = AuthorizationMode(rawValue: type.rawValue) else {
                throw .invalidSchema([
                    "the API's authorization modes cannot include \(type.rawValue): AppSync has no such mode; use API_KEY, AWS_IAM, AMAZON_COGNITO_USER_POOLS, OPENID_CONNECT or AWS_LAMBDA"
                ])
            }
            return mode
        }
        var options = transformFeatures
        options.defaultAuthorizationMode = try mode(defaultAuthorizationType)
        if let additional = additionalAuthorizationTypes {
            var modes: [AuthorizationMode] = []
            for type in additional { modes.append(try mode(type)) }
            options.additionalAuthorizationModes = modes
        } else {
            options.additionalAuthorizationModes = nil
        }
        return options
    }
}
