import Foundation

extension APIPlugin {
    /// Changes the settings and rebuilds every API's chain from them, under one lock, so that an
    /// operation always takes a chain that matches the settings.
    nonisolated func change<Failure: Error>(_ body: (inout Settings) throws(Failure) -> Void) throws(Failure) {
        try settings.withLock { (settings) throws(Failure) in
            try body(&settings)
            var chains: [String: APIChain] = [:]
            for (name, endpoint) in settings.configuration?.endpoints ?? [:] {
                chains[name] = makeChain(for: endpoint, settings: settings)
            }
            settings.chains = chains
        }
    }

    /// The chain of `endpoint`: the built-in stages with the ones added for it placed among them.
    private nonisolated func makeChain(for endpoint: APIEndpointConfiguration, settings: Settings) -> APIChain {
        let name = endpoint.name
        let added = settings.addedStages[name] ?? AddedStages()
        let http = HTTPChain(
            stages: added.httpStages(defaults: [
                StatusCheckStage(),
                AuthorizationStage(tokenProviders: settings.tokenProviders),
                InterceptorStage(interceptors: settings.interceptors[name] ?? []),
                IAMSigningStage(signer: iamSigner),
                TransportStage(transport: transport, maximumResponseBytes: maximumResponseBytes),
                ResponseInterceptorStage(interceptors: settings.responseInterceptors[name] ?? []),
            ]))
        let graphQLStages = added.graphQLStages(defaults: [
            CacheStage(stores: stores, plugin: self), DeduplicationStage(inFlight: inFlightQueries),
            ListProviderStage(plugin: self),
            DecoderStage(),
        ])
        return APIChain(
            graphQLStages: graphQLStages, http: http, realtime: realtimeConnections,
            requestTemplate: APIChain.requestTemplate(for: endpoint.endpoint, userAgent: Self.userAgent))
    }

    /// The chain and the context of an operation on the API `apiName` (or the default one).
    nonisolated func prepare<R>(_ operation: GraphQLOperationRequest<R>) throws -> (APIChain, OperationContext) {
        let (configuration, chains) = settings.withLock { ($0.configuration, $0.chains) }
        let endpoint = try endpoint(named: operation.request.apiName, in: configuration)
        guard let chain = chains[endpoint.name] else {
            throw APIError.invalidConfiguration(
                "The API \"\(endpoint.name)\" has no chain.", "Configure the plugin again.")
        }
        let context = OperationContext(
            endpoint: endpoint, authorizationType: operation.request.authMode ?? endpoint.authorizationType,
            operationType: operation.operationType, operationName: operation.operationName,
            options: operation.request.options)
        return (chain, context)
    }

    /// The configured API of `type` named `apiName`, or the only one of that type.
    nonisolated func endpoint(
        named apiName: String?, type: APIEndpointType = .graphQL, in configuration: APICategoryConfiguration?
    ) throws -> APIEndpointConfiguration {
        guard let configuration else {
            throw APIError.invalidConfiguration(
                "The API plugin is not configured.",
                "Call Switchboard.configure() (or APIPlugin.configure(_:)) before running operations."
            )
        }
        do {
            return try configuration.endpoint(named: apiName, type: type)
        } catch {
            throw APIError.invalidConfiguration(
                error.description, "Fix the request's apiName or the configuration.", error)
        }
    }
}
