import Foundation

extension APICategory {
    /// Runs a typed query through the configured `APIPlugin`; see
    /// `APIPlugin.query(operation:cachePolicy:apiName:)`.
    ///
    /// ```swift
    /// if case .success(let data) = try await Switchboard.API.query(operation: HeroAsDroidQuery()) {
    ///     print(data.hero?.asDroid?.primaryFunction ?? "not a droid")
    /// }
    /// ```
    @discardableResult
    public func query<Query: GraphQLQuery>(
        operation: Query, cachePolicy: CachePolicy = .fetchIgnoringCacheData, apiName: String? = nil,
        authMode: AuthorizationType? = nil, options: RequestOptions = RequestOptions()
    ) async throws -> GraphQLResponse<Query.Data> {
        try await apiPlugin().query(
            operation: operation, cachePolicy: cachePolicy, apiName: apiName, authMode: authMode, options: options)
    }

    /// Runs a typed query through the configured `APIPlugin` and returns its result with where it
    /// came from; see `APIPlugin.fetch(query:cachePolicy:apiName:authMode:options:)`.
    public func fetch<Query: GraphQLQuery>(
        query: Query, cachePolicy: CachePolicy = .fetchIgnoringCacheData, apiName: String? = nil,
        authMode: AuthorizationType? = nil, options: RequestOptions = RequestOptions()
    ) async throws -> GraphQLResult<Query.Data> {
        try await apiPlugin().fetch(
            query: query, cachePolicy: cachePolicy, apiName: apiName, authMode: authMode, options: options)
    }

    /// Runs a typed query with `CacheAndNetworkPolicy.returnCacheDataAndFetch` through the
    /// configured `APIPlugin`: the store's data first when it holds all of it, then the server's.
    ///
    /// ```swift
    /// for try await result in Switchboard.API.query(operation: TodosQuery(), cachePolicy: .returnCacheDataAndFetch) {
    ///     show(try result.response.get(), stale: result.source == .cache)
    /// }
    /// ```
    public func query<Query: GraphQLQuery>(
        operation: Query, cachePolicy: CacheAndNetworkPolicy, apiName: String? = nil,
        authMode: AuthorizationType? = nil, options: RequestOptions = RequestOptions()
    ) -> SwitchboardAsyncThrowingSequence<CachedQueryResult<Query.Data>> {
        do {
            return try apiPlugin().query(
                operation: operation, cachePolicy: cachePolicy, apiName: apiName, authMode: authMode, options: options)
        } catch {
            return SwitchboardAsyncThrowingSequence(failing: error)
        }
    }

    /// Runs a typed mutation through the configured `APIPlugin`, optionally showing
    /// `optimisticData` in the record store until the server answers; see
    /// `APIPlugin.mutate(operation:optimisticData:apiName:)`.
    @discardableResult
    public func mutate<Mutation: GraphQLMutation>(
        operation: Mutation, optimisticData: JSONValue? = nil, apiName: String? = nil,
        authMode: AuthorizationType? = nil, options: RequestOptions = RequestOptions()
    ) async throws -> GraphQLResponse<Mutation.Data> {
        try await apiPlugin().mutate(
            operation: operation, optimisticData: optimisticData, apiName: apiName, authMode: authMode, options: options
        )
    }

    /// Starts a typed subscription through the configured `APIPlugin`; each event's data is
    /// written to the record store before it is yielded.
    public func subscribe<Subscription: GraphQLSubscription>(
        operation: Subscription, apiName: String? = nil,
        authMode: AuthorizationType? = nil, options: RequestOptions = RequestOptions()
    ) -> SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<Subscription.Data>> {
        do {
            return try apiPlugin().subscribe(
                operation: operation, apiName: apiName, authMode: authMode, options: options)
        } catch {
            return SwitchboardAsyncThrowingSequence(failing: error)
        }
    }

    /// Watches a typed query through the configured `APIPlugin`; see
    /// `APIPlugin.watch(operation:cachePolicy:apiName:)`.
    ///
    /// ```swift
    /// for try await result in Switchboard.API.watch(operation: TodoListQuery()) {
    ///     todos = try result.get().listTodos?.items ?? []
    /// }
    /// ```
    public func watch<Query: GraphQLQuery>(
        operation: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch, apiName: String? = nil,
        authMode: AuthorizationType? = nil, options: RequestOptions = RequestOptions()
    ) -> SwitchboardAsyncThrowingSequence<GraphQLResponse<Query.Data>> {
        do {
            return try apiPlugin().watch(
                operation: operation, cachePolicy: cachePolicy, apiName: apiName, authMode: authMode, options: options)
        } catch {
            return SwitchboardAsyncThrowingSequence(failing: error)
        }
    }

    /// The record store of the API named `apiName` (the default API when `nil`); see
    /// `APIPlugin.store(apiName:)`.
    public func store(apiName: String? = nil) throws -> RecordStore {
        try apiPlugin().store(apiName: apiName)
    }

    /// Uses `store` for the API named `apiName` (the default API when `nil`); see
    /// `APIPlugin.setStore(_:apiName:)`.
    public func setStore(_ store: RecordStore, apiName: String? = nil) throws {
        try apiPlugin().setStore(store, apiName: apiName)
    }

    /// Pauses every subscription (the app went to the background); see
    /// `APIPlugin.pauseSubscriptions()`.
    public func pauseSubscriptions() async throws {
        try await apiPlugin().pauseSubscriptions()
    }

    /// Reconnects and restarts every paused subscription; see `APIPlugin.resumeSubscriptions()`.
    public func resumeSubscriptions() async throws {
        try await apiPlugin().resumeSubscriptions()
    }

    /// The states of the configured plugin's real-time connections, current ones first; see
    /// `APIPlugin.connectionStates()`.
    public func connectionStates() throws -> AsyncStream<RealtimeConnectionStateChange> {
        try apiPlugin().connectionStates()
    }

    /// Adds a custom interceptor for the API `apiName` on the configured `APIPlugin`.
    public func add(interceptor: any RequestInterceptor, for apiName: String) throws {
        try apiPlugin().add(interceptor: interceptor, for: apiName)
    }

    /// Adds an Amplify-style interceptor (not necessarily `Sendable`) for the API `apiName`.
    @_disfavoredOverload
    public func add(interceptor: any URLRequestInterceptor, for apiName: String) throws {
        try apiPlugin().add(interceptor: interceptor, for: apiName)
    }

    /// Adds a response interceptor for the API `apiName` on the configured `APIPlugin`; see
    /// `APIPlugin.add(responseInterceptor:for:)`.
    public func add(responseInterceptor: any ResponseInterceptor, for apiName: String) throws {
        try apiPlugin().add(responseInterceptor: responseInterceptor, for: apiName)
    }

    /// Adds an HTTP-level stage to the chain of the API `apiName` on the configured `APIPlugin`;
    /// see `APIPlugin.add(stage:for:placement:)`.
    ///
    /// ```swift
    /// try Switchboard.API.add(stage: RetryStage(policy: RetryPolicy()), for: "todo", placement: .before(.authorization))
    /// ```
    public func add(stage: any OperationStage, for apiName: String, placement: StagePlacement) throws {
        try apiPlugin().add(stage: stage, for: apiName, placement: placement)
    }

    /// Adds a GraphQL-level stage to the chain of the API `apiName` on the configured
    /// `APIPlugin`; see `APIPlugin.add(stage:for:placement:)`.
    public func add(stage: any GraphQLStage, for apiName: String, placement: StagePlacement) throws {
        try apiPlugin().add(stage: stage, for: apiName, placement: placement)
    }

    /// The configured plugin, which typed operations, REST requests, watchers and the record store
    /// need to be an `APIPlugin`.
    func apiPlugin() throws -> APIPlugin {
        guard let plugin = try plugin() as? APIPlugin else {
            throw APIError.invalidConfiguration(
                "The configured API plugin is not an APIPlugin.",
                "Typed operations, REST requests, watchers, the record store and interceptors need APIPlugin.")
        }
        return plugin
    }
}
