import Foundation
import SwitchboardCore

/// The GraphQL API plugin: owns the API configuration, the custom interceptors and the token
/// providers, and runs every query and mutation through the operation pipeline.
///
/// ```swift
/// let plugin = try APIPlugin(authTokenProviders: [.amazonCognitoUserPools: MyTokens()])
/// try Switchboard.add(plugin: plugin)
/// try Switchboard.configure()
/// try plugin.add(interceptor: TraceHeader(), for: "todo")
/// ```
///
/// Configuring, adding interceptors and adding token providers are synchronous, as in Amplify.
/// Each operation takes a snapshot of the settings and then runs in the caller's task, so
/// independent operations run concurrently; the actor itself owns only the real-time connections.
public actor APIPlugin: APICategoryPlugin {
    /// The configuration key Amplify uses for its API plugin, read from `api.plugins`.
    public nonisolated let key = "awsAPIPlugin"

    /// What `configure`, `add(interceptor:for:)` and `add(tokenProvider:for:)` change: behind a
    /// lock rather than the actor so that those calls are synchronous.
    struct Settings: Sendable {
        var configuration: APICategoryConfiguration? {
            didSet {
                requestTemplates = (configuration?.endpoints ?? [:]).mapValues {
                    OperationPipeline.requestTemplate(for: $0.endpoint, userAgent: APIPlugin.userAgent)
                }
            }
        }
        /// Each API's request before its body: URL, method and the fixed headers, made once per
        /// configuration (on Linux every `URLRequest` mutation copies and normalizes headers).
        private(set) var requestTemplates: [String: URLRequest] = [:]
        var interceptors: [String: [any RequestInterceptor]] = [:]
        var responseInterceptors: [String: [any ResponseInterceptor]] = [:]
        var addedStages: [String: AddedStages] = [:]
        var tokenProviders: [AuthorizationType: any AuthTokenProvider]

        /// The names of the APIs something was added for.
        var customizedAPIs: Set<String> {
            Set(interceptors.keys).union(responseInterceptors.keys).union(addedStages.keys)
        }
    }

    let settings: Locked<Settings>
    private let transport: any HTTPTransport
    let iamSigner: (any IAMRequestSigner)?
    let realtimeTransport: (any RealtimeTransport)?
    let realtimeConfiguration: RealtimeConfiguration
    var realtimeConnections: [String: RealtimeConnection] = [:]
    private let metricsObserver: (any OperationMetricsObserver)?
    /// Where operations and real-time connections log (nothing by default).
    let logHandler: (any LogHandler)?
    private let maximumResponseBytes: Int

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
    ///   - metricsObserver: Receives per-stage durations of every operation.
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
        self.realtimeTransport = realtimeTransport
        self.realtimeConfiguration = realtimeConfiguration
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
        try settings.withLock { settings throws(APIError) in
            for name in settings.customizedAPIs.sorted() where configuration.endpoints[name] == nil {
                throw APIError.invalidConfiguration(
                    "Interceptors or stages were added for the API \"\(name)\", which the configuration does not contain.",
                    "Use one of: \(configuration.endpoints.keys.sorted().joined(separator: ", "))."
                )
            }
            settings.configuration = configuration
        }
    }

    /// Forgets the configuration and interceptors and closes the real-time connections.
    public func reset() async {
        settings.withLock { settings in
            settings.configuration = nil
            settings.interceptors = [:]
            settings.responseInterceptors = [:]
            settings.addedStages = [:]
        }
        // The category's record stores go with the configuration (`Switchboard.reset()`).
        RecordStoreRegistry.reset()
        let connections = realtimeConnections.values
        realtimeConnections = [:]
        for connection in connections { await connection.shutdown() }
    }

    /// Adds a custom interceptor to every request to the API `apiName`; interceptors run in the order
    /// added, after the API key or token and before IAM signing. `Sendable` interceptors run
    /// concurrently.
    public nonisolated func add(interceptor: any RequestInterceptor, for apiName: String) throws {
        try settings.withLock { settings throws(APIError) in
            try Self.checkAPIExists(apiName, in: settings, adding: "an interceptor")
            settings.interceptors[apiName, default: []].append(interceptor)
        }
    }

    /// Adds a response interceptor to every request to the API `apiName`: it sees each HTTP
    /// response (and the subscription handshake's) right after the transport, in the order added.
    public nonisolated func add(responseInterceptor: any ResponseInterceptor, for apiName: String) throws {
        try settings.withLock { settings throws(APIError) in
            try Self.checkAPIExists(apiName, in: settings, adding: "a response interceptor")
            settings.responseInterceptors[apiName, default: []].append(responseInterceptor)
        }
    }

    /// Adds a stage to the pipeline of the API `apiName`, before or after a named stage (a
    /// default one — ``StageName/authorization``, ``StageName/interceptors``, ``StageName/signer``,
    /// ``StageName/transport``, ``StageName/responseInterceptors`` — or one added earlier).
    ///
    /// ```swift
    /// try plugin.add(stage: RetryStage(policy: RetryPolicy()), for: "todo", placement: .before(.authorization))
    /// ```
    public nonisolated func add(stage: any OperationStage, for apiName: String, placement: StagePlacement) throws {
        try settings.withLock { settings throws(APIError) in
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

    /// The pipeline stages of the API `apiName` (the transport itself excepted).
    nonisolated static func stages(for apiName: String, settings: Settings, iamSigner: (any IAMRequestSigner)?)
        -> StagePipeline
    {
        (settings.addedStages[apiName] ?? AddedStages()).pipeline(
            requestDefaults: [
                AuthorizationStage(tokenProviders: settings.tokenProviders),
                InterceptorStage(interceptors: settings.interceptors[apiName] ?? []),
                IAMSigningStage(signer: iamSigner),
            ],
            responseDefaults: [ResponseInterceptorStage(interceptors: settings.responseInterceptors[apiName] ?? [])])
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
        settings.withLock { $0.tokenProviders[type] = tokenProvider }
    }

    // MARK: - Operations

    /// Runs a GraphQL query.
    @discardableResult
    public nonisolated func query<R: Decodable & Sendable>(request: GraphQLRequest<R>) async throws
        -> GraphQLResponse<R>
    {
        try await pipeline(for: request, operationType: .query).execute(request)
    }

    /// Runs a GraphQL mutation.
    @discardableResult
    public nonisolated func mutate<R: Decodable & Sendable>(request: GraphQLRequest<R>) async throws
        -> GraphQLResponse<R>
    {
        try await pipeline(for: request, operationType: .mutation).execute(request)
    }

    /// A snapshot of everything one operation needs; the only time an operation enters the actor.
    nonisolated func pipeline<R>(for request: GraphQLRequest<R>, operationType: GraphQLOperationType) throws
        -> OperationPipeline
    {
        let settings = self.settings.withLock { $0 }
        let context = try context(
            apiName: request.apiName, authMode: request.authMode, operationType: operationType,
            configuration: settings.configuration)
        return OperationPipeline(
            context: context,
            stages: Self.stages(for: context.apiName, settings: settings, iamSigner: iamSigner),
            transport: TransportStage(transport: transport, maximumResponseBytes: maximumResponseBytes),
            decoder: GraphQLResponseDecoder(),
            responseStages: [ListProviderStage(plugin: self)],
            metricsObserver: metricsObserver,
            logger: SwitchboardLogger(handler: logHandler, source: "pipeline"),
            requestTemplate: settings.requestTemplates[context.apiName]
                ?? OperationPipeline.requestTemplate(for: context.endpoint.endpoint, userAgent: Self.userAgent)
        )
    }

    /// The context of an operation on the API `apiName` (or the default one) with `authMode`.
    nonisolated func context(
        apiName: String?, authMode: AuthorizationType?, operationType: GraphQLOperationType,
        configuration: APICategoryConfiguration?
    ) throws -> OperationContext {
        guard let configuration else {
            throw APIError.invalidConfiguration(
                "The API plugin is not configured.",
                "Call Switchboard.configure() (or APIPlugin.configure(_:)) before running operations."
            )
        }
        let endpoint: APIEndpointConfiguration
        do {
            endpoint = try configuration.graphQLEndpoint(named: apiName)
        } catch {
            throw APIError.invalidConfiguration(
                error.description, "Fix the request's apiName or the configuration.", error)
        }
        return OperationContext(
            endpoint: endpoint,
            authorizationType: authMode ?? endpoint.authorizationType,
            operationType: operationType
        )
    }

    /// Sent as `user-agent` on every request.
    static let userAgent = "switchboard/\(Switchboard.version)"
}

extension APICategory {
    /// Adds a custom interceptor for the API `apiName` on the configured `APIPlugin`.
    public func add(interceptor: any RequestInterceptor, for apiName: String) throws {
        try apiPlugin().add(interceptor: interceptor, for: apiName)
    }

    /// Adds an Amplify-style interceptor (not necessarily `Sendable`) for the API `apiName`.
    @_disfavoredOverload
    public func add(interceptor: any URLRequestInterceptor, for apiName: String) throws {
        try apiPlugin().add(interceptor: interceptor, for: apiName)
    }

    private func apiPlugin() throws -> APIPlugin {
        guard let plugin = try plugin() as? APIPlugin else {
            throw APIError.invalidConfiguration(
                "The configured API plugin is not an APIPlugin.",
                "Add interceptors on your own plugin directly.")
        }
        return plugin
    }
}
