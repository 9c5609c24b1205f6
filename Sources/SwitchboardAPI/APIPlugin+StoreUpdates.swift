extension APIPlugin {
    /// Runs a typed mutation and changes the record store with its result: `update` runs in the
    /// transaction that writes the result (see `RecordStore.withTransaction(_:)`), so a watcher
    /// sees the result and the update as one change — the way to add a created item to a list a
    /// watcher shows. A failed mutation runs no update.
    ///
    /// ```swift
    /// try await plugin.mutate(operation: CreateTodoMutation(input: input)) { store, data in
    ///     guard let todo = data.createTodo else { return }
    ///     try store.update(TodosQuery()) { $0.listTodos.items.append(.init(todo)) }
    /// }
    /// ```
    ///
    /// When `update` throws, the result is still written, and the error is thrown.
    @discardableResult
    public nonisolated func mutate<Mutation: GraphQLMutation>(
        operation: Mutation, apiName: String? = nil, authMode: AuthorizationType? = nil,
        options: RequestOptions = RequestOptions(),
        update: @escaping @Sendable (isolated RecordStore, Mutation.Data) throws -> Void
    ) async throws -> GraphQLResponse<Mutation.Data> {
        var request = GraphQLOperationRequest(
            operation: operation, apiName: apiName, authMode: authMode, options: options,
            cachePolicy: .fetchIgnoringCacheData)
        request.storeUpdate = update
        return try await response(to: request)
    }

    /// Runs a typed mutation showing `optimistic` — the result you expect — at once: it is
    /// written to an optimistic layer of the record store together with what `update` makes of
    /// it, so watchers show the change before the server answers. The server's result then
    /// replaces the layer in one transaction (written, and `update` run on it), and watchers see
    /// it once; if the mutation fails, the layer is taken away.
    ///
    /// ```swift
    /// try await plugin.mutate(operation: CreateTodoMutation(input: input), optimistic: expected) { store, data in
    ///     guard let todo = data.createTodo else { return }
    ///     try store.update(TodosQuery()) { $0.listTodos.items.append(.init(todo)) }
    /// }
    /// ```
    ///
    /// The data is encoded to be written, so it must be `Encodable` (generated types are with
    /// `"mutableData": true` in `switchboard-codegen.json`).
    @discardableResult
    public nonisolated func mutate<Mutation: GraphQLMutation>(
        operation: Mutation, optimistic: Mutation.Data, apiName: String? = nil, authMode: AuthorizationType? = nil,
        options: RequestOptions = RequestOptions(),
        update: (@Sendable (isolated RecordStore, Mutation.Data) throws -> Void)? = nil
    ) async throws -> GraphQLResponse<Mutation.Data> where Mutation.Data: Encodable {
        var request = GraphQLOperationRequest(
            operation: operation, apiName: apiName, authMode: authMode, options: options,
            cachePolicy: .fetchIgnoringCacheData)
        request.storeUpdate = update
        request.optimisticValue = optimistic
        request.writeOptimisticData = { store, operation in try store.write(encoding: optimistic, for: operation) }
        return try await response(to: request)
    }
}
