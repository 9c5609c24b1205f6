extension APIPlugin {
    /// Runs a typed query and returns its result with where it came from (Apollo's
    /// `fetch(query:cachePolicy:)`): `result.source` is `.cache` when the store answered — by the
    /// policy, or because `CachePolicy.networkFirst` could not reach the server.
    ///
    /// ```swift
    /// let result = try await plugin.fetch(query: TodosQuery(), cachePolicy: .networkFirst)
    /// show(try result.response.get(), offline: result.source == .cache)
    /// ```
    public nonisolated func fetch<Query: GraphQLQuery>(
        query: Query, cachePolicy: CachePolicy = .fetchIgnoringCacheData, apiName: String? = nil,
        authMode: AuthorizationType? = nil, options: RequestOptions = RequestOptions()
    ) async throws -> GraphQLResult<Query.Data> {
        try await result(
            of: GraphQLOperationRequest(
                operation: query, apiName: apiName, authMode: authMode, options: options, cachePolicy: cachePolicy))
    }
}
