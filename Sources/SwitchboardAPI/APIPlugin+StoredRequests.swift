extension APIPlugin {
    /// Runs a query made from a document and a type — raw, or model-based such as
    /// `.get(Todo.self, byId:)` and `.list(Todo.self)` — with the record store taking part by
    /// `cachePolicy`, as it does for a typed query. The request is known to the store by its
    /// document, operation name and variables, and the store's data decodes as the server's would
    /// (through the decode path, into models whose lists load their next pages as usual).
    ///
    /// ```swift
    /// let todo = try await plugin.query(request: .get(Todo.self, byId: "1"), cachePolicy: .returnCacheDataElseFetch)
    /// ```
    ///
    /// A plain success from the server is written to the store. With
    /// `CachePolicy.returnCacheDataDontFetch` a miss throws `RecordStoreError`.
    @discardableResult
    public nonisolated func query<R: Decodable & Sendable>(request: GraphQLRequest<R>, cachePolicy: CachePolicy)
        async throws -> GraphQLResponse<R>
    {
        try await response(
            to: GraphQLOperationRequest(storing: request, operationType: .query, cachePolicy: cachePolicy))
    }

    /// Runs a query made from a document and a type as ``query(request:cachePolicy:)`` does and
    /// returns its result with where it came from: `result.source` is `.cache` when the store
    /// answered, by the policy or because `CachePolicy.networkFirst` could not reach the server.
    public nonisolated func fetch<R: Decodable & Sendable>(request: GraphQLRequest<R>, cachePolicy: CachePolicy)
        async throws -> GraphQLResult<R>
    {
        try await result(of: GraphQLOperationRequest(storing: request, operationType: .query, cachePolicy: cachePolicy))
    }

    /// Watches a query made from a document and a type, as `watch(operation:cachePolicy:)` watches
    /// a typed one: its result now (from the store, or from the server when the store lacks some
    /// of it), then again whenever a write changes a record it shows.
    ///
    /// ```swift
    /// for try await response in plugin.watch(request: .list(Todo.self)) {
    ///     todos = try response.get().elements
    /// }
    /// ```
    public nonisolated func watch<R: Decodable & Sendable>(
        request: GraphQLRequest<R>, cachePolicy: CachePolicy = .returnCacheDataElseFetch
    ) -> SwitchboardAsyncThrowingSequence<GraphQLResponse<R>> {
        watch(
            GraphQLOperationRequest(storing: request, operationType: .query, cachePolicy: cachePolicy),
            method: "watch(request:cachePolicy:)")
    }
}
