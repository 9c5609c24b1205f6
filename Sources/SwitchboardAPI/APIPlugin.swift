import Foundation
import SwitchboardCore

/// The GraphQL API plugin: owns the API configuration, each API's chain of stages (built once,
/// when the API is configured or something is added to it), the record stores and the real-time
/// connections, and runs every operation through its API's chain.
///
/// ```swift
/// let plugin = try APIPlugin(authTokenProviders: [.amazonCognitoUserPools: MyTokens()])
/// try Switchboard.add(plugin: plugin)
/// try Switchboard.configure()
/// try plugin.add(interceptor: TraceHeader(), for: "todo")
/// ```
///
/// Configuring, adding interceptors, stages and token providers are synchronous, as in Amplify.
/// Each operation takes its API's chain and then runs in the caller's task, so independent
/// operations run concurrently.
public actor APIPlugin: APICategoryPlugin {
    /// The configuration key Amplify uses for its API plugin, read from `api.plugins`.
    public nonisolated let key = "awsAPIPlugin"

    /// What `configure`, `add(interceptor:for:)`, `add(stage:for:placement:)` and
    /// `add(tokenProvider:for:)` change, and the chains built from it: behind a lock rather than
    /// the actor so that those calls are synchronous.
    struct Settings: Sendable {
        var configuration: APICategoryConfiguration?
        var interceptors: [String: [any RequestInterceptor]] = [:]
        var responseInterceptors: [String: [any ResponseInterceptor]] = [:]
        var addedStages: [String: AddedStages] = [:]
        var tokenProviders: [AuthorizationType: any AuthTokenProvider]
        /// Each configured API's chain, rebuilt whenever one of the above changes.
        var chains: [String: APIChain] = [:]

        /// The names of the APIs something was added for.
        var customizedAPIs: Set<String> {
            Set(interceptors.keys).union(responseInterceptors.keys).union(addedStages.keys)
        }
    }

    let settings: Locked<Settings>
    let transport: any HTTPTransport
    let iamSigner: (any IAMRequestSigner)?
    let realtimeConfiguration: RealtimeConfiguration
    /// The subscriptions' connections, one per (API, authorization type).
    nonisolated let realtimeConnections: RealtimeConnections
    /// The record stores the cache stage reads and writes, one per API.
    nonisolated let stores = RecordStores()
    /// The queries being fetched, which identical ones wait for instead of sending their own.
    nonisolated let inFlightQueries = InFlightQueries()
    let metricsObserver: (any OperationMetricsObserver)?
    /// Where operations and real-time connections log (nothing by default).
    let logHandler: (any LogHandler)?
    let maximumResponseBytes: Int

    /// Creates the plugin.
    /// - Parameters:
    ///   - modelRegistration: The generated `AmplifyModels()` registration, registered with
    ///     `ModelRegistry` so that associations declared by name resolve.
    ///   - apiAuthProviderFactory: Amplify's source of `OPENID_CONNECT` and `AWS_LAMBDA` tokens.
    ///   - transport: How HTTP requests are sent; ``defaultTransport()`` by default:
    ///     ``HTTPClientTransport`` on Linux, ``URLSessionTransport`` on Apple platforms.
    ///   - authTokenProviders: Token sources for Cognito User Pools, OpenID Connect and Lambda
    ///     (these win over the factory's for the same type).
    ///   - iamSigner: Signs `AWS_IAM` requests; by default SigV4 with credentials from the environment
    ///     or `~/.aws` (``SigV4RequestSigner``).
    ///   - metricsObserver: Receives per-stage durations of every query and mutation.
    ///   - logHandler: Receives log messages (operations at `debug`, failures at `error`, real-time
    ///     connections); none by default. Secrets never reach it.
    ///   - maximumResponseBytes: Larger responses fail instead of being decoded (default 64 MiB).
    ///   - realtimeTransport: How subscription WebSockets are opened; ``WebSocketRealtimeTransport`` (Switchboard's
    ///     own WebSocket client, system CA roots) by default. Pass one with a `TLSConfiguration` to trust an extra CA.
    ///   - realtimeConfiguration: Keep-alive, acknowledgement and reconnection settings for subscriptions.
    /// - Throws: `APIError.invalidConfiguration` naming an argument that is out of range.
    public init(
        modelRegistration: (any AmplifyModelRegistration)? = nil,
        apiAuthProviderFactory: APIAuthProviderFactory? = nil,
        transport: any HTTPTransport = APIPlugin.defaultTransport(),
        authTokenProviders: [AuthorizationType: any AuthTokenProvider] = [:],
        iamSigner: (any IAMRequestSigner)? = SigV4RequestSigner(),
        metricsObserver: (any OperationMetricsObserver)? = nil,
        logHandler: (any LogHandler)? = nil,
        maximumResponseBytes: Int = 64 << 20,
        realtimeTransport: (any RealtimeTransport)? = WebSocketRealtimeTransport(),
        realtimeConfiguration: RealtimeConfiguration = RealtimeConfiguration()
    ) throws {
        guard maximumResponseBytes > 0 else {
            throw APIError.invalidConfiguration(
                "maximumResponseBytes is \(maximumResponseBytes); it must be at least 1.",
                "Pass a positive limit, e.g. 64 << 20 for 64 MiB.")
        }
        try realtimeConfiguration.validate()
        if let modelRegistration { ModelRegistry.register(modelRegistration) }
        let factoryProviders = apiAuthProviderFactory?.tokenProviders() ?? [:]
        self.settings = Locked(
            Settings(tokenProviders: factoryProviders.merging(authTokenProviders) { _, explicit in explicit }))
        self.transport = transport
        self.realtimeConfiguration = realtimeConfiguration
        let settings = self.settings
        self.realtimeConnections = RealtimeConnections(
            transport: realtimeTransport, configuration: realtimeConfiguration, logHandler: logHandler,
            chains: { name in settings.withLock { $0.chains[name] } })
        self.iamSigner = iamSigner
        self.metricsObserver = metricsObserver
        self.logHandler = logHandler
        self.maximumResponseBytes = maximumResponseBytes
    }

    /// The transport a plugin made without one uses: on Linux ``HTTPClientTransport`` (several
    /// times the throughput of `URLSession`, which there is libcurl underneath; it reads the
    /// proxy environment variables as curl does), on Apple platforms ``URLSessionTransport``
    /// (the system's proxy settings, HTTP/2 and HTTP/3, and its cache and cookie policies).
    /// Pass either to ``init(modelRegistration:apiAuthProviderFactory:transport:authTokenProviders:iamSigner:metricsObserver:logHandler:maximumResponseBytes:realtimeTransport:realtimeConfiguration:)``
    /// to choose.
    public static func defaultTransport() -> any HTTPTransport {
        #if os(Linux)
            HTTPClientTransport()
        #else
            URLSessionTransport()
        #endif
    }

    // MARK: - Configuration

    /// Reads this plugin's section of the configuration file.
    public nonisolated func configure(using configuration: SwitchboardConfiguration) throws {
        guard let api = try configuration.apiCategory(pluginKey: key) else {
            let path = configuration.format == .amplifyOutputs ? "data" : "api.plugins.\(key)"
            throw ConfigurationError(path: path, problem: .missingKey)
        }
        try configure(api)
    }

    /// Configures the APIs directly, without a configuration file.
    public nonisolated func configure(_ configuration: APICategoryConfiguration) throws {
        try change { settings throws(APIError) in
            for name in settings.customizedAPIs.sorted() where configuration.endpoints[name] == nil {
                throw APIError.invalidConfiguration(
                    "Interceptors or stages were added for the API \"\(name)\", which the configuration does not contain.",
                    "Use one of: \(configuration.endpoints.keys.sorted().joined(separator: ", "))."
                )
            }
            settings.configuration = configuration
        }
    }

    /// Forgets the configuration, interceptors, stages and record stores, and closes the real-time
    /// connections.
    public func reset() async {
        change { settings in
            settings.configuration = nil
            settings.interceptors = [:]
            settings.responseInterceptors = [:]
            settings.addedStages = [:]
        }
        stores.removeAll()
        await realtimeConnections.shutdown()
    }

    /// Adds a custom interceptor to every request to the API `apiName`; interceptors run in the order
    /// added, after the API key or token and before IAM signing. `Sendable` interceptors run
    /// concurrently.
    public nonisolated func add(interceptor: any RequestInterceptor, for apiName: String) throws {
        try change { settings throws(APIError) in
            try Self.checkAPIExists(apiName, in: settings, adding: "an interceptor")
            settings.interceptors[apiName, default: []].append(interceptor)
        }
    }

    /// Adds a response interceptor to every request to the API `apiName`: it sees each HTTP
    /// response (and the subscription handshake's) right after the transport, in the order added.
    public nonisolated func add(responseInterceptor: any ResponseInterceptor, for apiName: String) throws {
        try change { settings throws(APIError) in
            try Self.checkAPIExists(apiName, in: settings, adding: "a response interceptor")
            settings.responseInterceptors[apiName, default: []].append(responseInterceptor)
        }
    }

    /// Adds an HTTP-level stage to the chain of the API `apiName`, before or after a named HTTP-level
    /// stage (``StageName/statusCheck``, ``StageName/authorization``, ``StageName/interceptors``,
    /// ``StageName/signer``, ``StageName/transport``, ``StageName/responseInterceptors``) or one
    /// added earlier.
    ///
    /// ```swift
    /// try plugin.add(stage: RetryStage(policy: RetryPolicy()), for: "todo", placement: .before(.authorization))
    /// ```
    public nonisolated func add(stage: any OperationStage, for apiName: String, placement: StagePlacement) throws {
        try add(.http(stage), for: apiName, placement: placement)
    }

    /// Adds a GraphQL-level stage to the chain of the API `apiName`, before or after a named
    /// GraphQL-level stage (``StageName/cache``, ``StageName/listProvider``, ``StageName/decoder``
    /// — nothing goes after the decoder) or one added earlier.
    ///
    /// ```swift
    /// try plugin.add(stage: SignOutOnUnauthorized(), for: "todo", placement: .after(.cache))
    /// ```
    public nonisolated func add(stage: any GraphQLStage, for apiName: String, placement: StagePlacement) throws {
        try add(.graphQL(stage), for: apiName, placement: placement)
    }

    private nonisolated func add(_ stage: AddedStages.Stage, for apiName: String, placement: StagePlacement) throws {
        try change { settings throws(APIError) in
            try Self.checkAPIExists(apiName, in: settings, adding: "the stage \"\(stage.name)\"")
            try settings.addedStages[apiName, default: AddedStages()].add(stage, placement: placement, apiName: apiName)
        }
    }

    private static func checkAPIExists(_ apiName: String, in settings: Settings, adding what: String) throws(APIError) {
        if let configuration = settings.configuration, configuration.endpoints[apiName] == nil {
            throw APIError.invalidConfiguration(
                "Cannot add \(what) for the API \"\(apiName)\": no API has that name.",
                "Use one of: \(configuration.endpoints.keys.sorted().joined(separator: ", "))."
            )
        }
    }

    /// Adds an Amplify-style interceptor, which need not be `Sendable` (a class with mutable state,
    /// say): it is called for one operation at a time.
    @_disfavoredOverload
    public nonisolated func add(interceptor: any URLRequestInterceptor, for apiName: String) throws {
        try add(interceptor: SerializedInterceptor(interceptor) as any RequestInterceptor, for: apiName)
    }

    /// Registers the token source for a token-based authorization type (Cognito, OIDC, Lambda).
    public nonisolated func add(tokenProvider: any AuthTokenProvider, for type: AuthorizationType) throws {
        guard type.usesTokenProvider else {
            throw APIError.invalidConfiguration(
                "\(type.rawValue) does not use a token provider.",
                "Token providers serve AMAZON_COGNITO_USER_POOLS, OPENID_CONNECT and AWS_LAMBDA."
            )
        }
        change { $0.tokenProviders[type] = tokenProvider }
    }

    /// Sent as `user-agent` on every request.
    static let userAgent = "switchboard/\(Switchboard.version)"
}
