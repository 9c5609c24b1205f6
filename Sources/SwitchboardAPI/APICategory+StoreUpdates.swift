extension APICategory {
    /// Runs a typed mutation through the configured `APIPlugin` and changes the record store with
    /// its result in the same transaction; see `APIPlugin.mutate(operation:apiName:authMode:options:update:)`.
    @discardableResult
    public func mutate<Mutation: GraphQLMutation>(
        operation: Mutation, apiName: String? = nil, authMode: AuthorizationType? = nil,
        options: RequestOptions = RequestOptions(),
        update: @escaping @Sendable (isolated RecordStore, Mutation.Data) throws -> Void
    ) async throws -> GraphQLResponse<Mutation.Data> {
        try await apiPlugin().mutate(
            operation: operation, apiName: apiName, authMode: authMode, options: options, update: update)
    }

    /// Runs a typed mutation through the configured `APIPlugin`, showing `optimistic` (and what
    /// `update` makes of it) until the server answers; see
    /// `APIPlugin.mutate(operation:optimistic:apiName:authMode:options:update:)`.
    @discardableResult
    public func mutate<Mutation: GraphQLMutation>(
        operation: Mutation, optimistic: Mutation.Data, apiName: String? = nil, authMode: AuthorizationType? = nil,
        options: RequestOptions = RequestOptions(),
        update: (@Sendable (isolated RecordStore, Mutation.Data) throws -> Void)? = nil
    ) async throws -> GraphQLResponse<Mutation.Data> where Mutation.Data: Encodable {
        try await apiPlugin().mutate(
            operation: operation, optimistic: optimistic, apiName: apiName, authMode: authMode, options: options,
            update: update)
    }
}
