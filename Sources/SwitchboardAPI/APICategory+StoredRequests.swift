extension APICategory {
    /// Runs a raw or model-based query with the record store taking part by `cachePolicy`
    /// through the configured `APIPlugin`; see `APIPlugin.query(request:cachePolicy:)`.
    ///
    /// ```swift
    /// let todo = try await Switchboard.API.query(request: .get(Todo.self, byId: id), cachePolicy: .returnCacheDataElseFetch)
    /// ```
    @discardableResult
    public func query<R: Decodable & Sendable>(request: GraphQLRequest<R>, cachePolicy: CachePolicy) async throws
        -> GraphQLResponse<R>
    {
        try await apiPlugin().query(request: request, cachePolicy: cachePolicy)
    }

    /// Runs a raw or model-based query and returns its result with where it came from; see
    /// `APIPlugin.fetch(request:cachePolicy:)`.
    public func fetch<R: Decodable & Sendable>(request: GraphQLRequest<R>, cachePolicy: CachePolicy) async throws
        -> GraphQLResult<R>
    {
        try await apiPlugin().fetch(request: request, cachePolicy: cachePolicy)
    }

    /// Watches a raw or model-based query through the configured `APIPlugin`; see
    /// `APIPlugin.watch(request:cachePolicy:)`.
    ///
    /// ```swift
    /// for try await response in Switchboard.API.watch(request: .list(Todo.self)) {
    ///     todos = try response.get().elements
    /// }
    /// ```
    public func watch<R: Decodable & Sendable>(
        request: GraphQLRequest<R>, cachePolicy: CachePolicy = .returnCacheDataElseFetch
    ) -> SwitchboardAsyncThrowingSequence<GraphQLResponse<R>> {
        do {
            return try apiPlugin().watch(request: request, cachePolicy: cachePolicy)
        } catch {
            return SwitchboardAsyncThrowingSequence(failing: error)
        }
    }

    /// Watches a paginated typed query as one growing list through the configured `APIPlugin`;
    /// see `APIPlugin.watchPages(operation:apiName:authMode:options:nextPage:)`.
    public func watchPages<Query: GraphQLQuery>(
        operation: Query, apiName: String? = nil, authMode: AuthorizationType? = nil,
        options: RequestOptions = RequestOptions(), nextPage: @escaping @Sendable (Query.Data) -> Query?
    ) throws -> PageWatcher<Query.Data> {
        try apiPlugin().watchPages(
            operation: operation, apiName: apiName, authMode: authMode, options: options, nextPage: nextPage)
    }

    /// Watches a model list as one growing list through the configured `APIPlugin`; see
    /// `APIPlugin.watchPages(request:)`.
    public func watchPages<M: Model>(request: GraphQLRequest<List<M>>) throws -> PageWatcher<List<M>> {
        try apiPlugin().watchPages(request: request)
    }
}
