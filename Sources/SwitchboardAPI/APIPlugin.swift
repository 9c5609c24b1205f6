import Foundation

/// The GraphQL API plugin: owns the API configuration, the custom interceptors and the token
/// providers, and runs every query and mutation through the ``OperationPipeline``.
///
/// ```swift
/// let plugin = APIPlugin(authTokenProviders: [.amazonCognitoUserPools: MyTokens()])
/// try Switchboard.add(plugin: plugin)
/// try await Switchboard.configure()
/// try await plugin.add(interceptor: TraceHeader(), for: "todo")
/// ```
///
/// The actor is entered once per operation to take a snapshot; the operation itself runs in the
/// caller's task, so independent operations run concurrently.
public actor APIPlugin: APICategoryPlugin {
    /// The configuration key Amplify uses for its API plugin, read from `api.plugins`.
    public nonisolated let key = "awsAPIPlugin"

    private var configuration: APICategoryConfiguration?
    var interceptors: [String: [any RequestInterceptor]] = [:]
    var tokenProviders: [AuthorizationType: any AuthTokenProvider]
    private let transport: any HTTPTransport
    let iamSigner: (any IAMRequestSigner)?
    let realtimeTransport: (any RealtimeTransport)?
    let realtimeConfiguration: RealtimeConfiguration
    var realtimeConnections: [String: RealtimeConnection] = [:]
    private let metricsObserver: (any OperationMetricsObserver)?
    private let maximumResponseBytes: Int

    /// Creates the plugin.
    /// - Parameters:
    ///   - transport: How HTTP requests are sent; ``URLSessionTransport`` by default.
    ///   - authTokenProviders: Token sources for Cognito User Pools, OpenID Connect and Lambda.
    ///   - iamSigner: Signs `AWS_IAM` requests; by default SigV4 with credentials from the environment
    ///     or `~/.aws` (``SigV4RequestSigner``).
    ///   - metricsObserver: Receives per-stage durations of every operation.
    ///   - maximumResponseBytes: Larger responses fail instead of being decoded (default 64 MiB).
    ///   - realtimeTransport: How subscription WebSockets are opened; ``WebSocketRealtimeTransport`` (Switchboard's
    ///     own WebSocket client, system CA roots) by default. Pass one with a `TLSConfiguration` to trust an extra CA.
    ///   - realtimeConfiguration: Keep-alive, acknowledgement and reconnection settings for subscriptions.
    public init(
        transport: any HTTPTransport = URLSessionTransport(),
        authTokenProviders: [AuthorizationType: any AuthTokenProvider] = [:],
        iamSigner: (any IAMRequestSigner)? = SigV4RequestSigner(),
        metricsObserver: (any OperationMetricsObserver)? = nil,
        maximumResponseBytes: Int = 64 << 20,
        realtimeTransport: (any RealtimeTransport)? = WebSocketRealtimeTransport(),
        realtimeConfiguration: RealtimeConfiguration = RealtimeConfiguration()
    ) {
        self.transport = transport
        self.realtimeTransport = realtimeTransport
        self.realtimeConfiguration = realtimeConfiguration
        self.tokenProviders = authTokenProviders
        self.iamSigner = iamSigner
        self.metricsObserver = metricsObserver
        self.maximumResponseBytes = maximumResponseBytes
    }

    // MARK: - Configuration

    /// Reads this plugin's section of the configuration file.
    public func configure(using configuration: SwitchboardConfiguration) throws {
        guard let api = try configuration.apiCategory(pluginKey: key) else {
            let path = configuration.format == .amplifyOutputs ? "data" : "api.plugins.\(key)"
            throw ConfigurationError(path: path, problem: .missingKey)
        }
        try configure(api)
    }

    /// Configures the APIs directly, without a configuration file.
    public func configure(_ configuration: APICategoryConfiguration) throws {
        for name in interceptors.keys where configuration.endpoints[name] == nil {
            throw APIError.invalidConfiguration(
                "Interceptors were added for the API \"\(name)\", which the configuration does not contain.",
                "Use one of: \(configuration.endpoints.keys.sorted().joined(separator: ", "))."
            )
        }
        self.configuration = configuration
    }

    /// Forgets the configuration and interceptors.
    public func reset() async {
        configuration = nil
        interceptors = [:]
        let connections = realtimeConnections.values
        realtimeConnections = [:]
        for connection in connections { await connection.shutdown() }
    }

    /// Adds a custom interceptor to every request to the API `apiName`; interceptors run in the order
    /// added, after the API key or token and before IAM signing.
    public func add(interceptor: any RequestInterceptor, for apiName: String) throws {
        if let configuration, configuration.endpoints[apiName] == nil {
            throw APIError.invalidConfiguration(
                "Cannot add an interceptor for the API \"\(apiName)\": no API has that name.",
                "Use one of: \(configuration.endpoints.keys.sorted().joined(separator: ", "))."
            )
        }
        interceptors[apiName, default: []].append(interceptor)
    }

    /// Registers the token source for a token-based authorization type (Cognito, OIDC, Lambda).
    public func add(tokenProvider: any AuthTokenProvider, for type: AuthorizationType) throws {
        guard type.usesTokenProvider else {
            throw APIError.invalidConfiguration(
                "\(type.rawValue) does not use a token provider.",
                "Token providers serve AMAZON_COGNITO_USER_POOLS, OPENID_CONNECT and AWS_LAMBDA."
            )
        }
        tokenProviders[type] = tokenProvider
    }

    // MARK: - Operations

    /// Runs a GraphQL query.
    public nonisolated func query<R: Decodable & Sendable>(request: GraphQLRequest<R>) async throws
        -> GraphQLResponse<R>
    {
        try await pipeline(for: request, operationType: .query).execute(request)
    }

    /// Runs a GraphQL mutation.
    public nonisolated func mutate<R: Decodable & Sendable>(request: GraphQLRequest<R>) async throws
        -> GraphQLResponse<R>
    {
        try await pipeline(for: request, operationType: .mutation).execute(request)
    }

    /// A snapshot of everything one operation needs; the only time an operation enters the actor.
    func pipeline<R>(for request: GraphQLRequest<R>, operationType: GraphQLOperationType) throws -> OperationPipeline {
        let context = try context(apiName: request.apiName, authMode: request.authMode, operationType: operationType)
        return OperationPipeline(
            context: context,
            requestStages: [
                AuthorizationStage(tokenProviders: tokenProviders),
                InterceptorStage(interceptors: interceptors[context.apiName] ?? []),
                IAMSigningStage(signer: iamSigner),
                TransportStage(transport: transport, maximumResponseBytes: maximumResponseBytes),
            ],
            decoder: GraphQLResponseDecoder(),
            responseStages: [ListProviderStage(plugin: self)],
            metricsObserver: metricsObserver,
            userAgent: Self.userAgent
        )
    }

    /// The context of an operation on the API `apiName` (or the default one) with `authMode`.
    func context(apiName: String?, authMode: AuthorizationType?, operationType: GraphQLOperationType) throws
        -> OperationContext
    {
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
    /// Adds a custom interceptor for the API `apiName` on the configured ``APIPlugin``.
    public func add(interceptor: any RequestInterceptor, for apiName: String) async throws {
        guard let plugin = try plugin() as? APIPlugin else {
            throw APIError.invalidConfiguration("The configured API plugin is not an APIPlugin.", "")
        }
        try await plugin.add(interceptor: interceptor, for: apiName)
    }
}
