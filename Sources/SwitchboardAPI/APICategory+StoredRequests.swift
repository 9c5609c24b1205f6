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
}
