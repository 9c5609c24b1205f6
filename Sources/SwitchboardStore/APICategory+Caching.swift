import Switchboard
import SwitchboardCore

extension APICategory {
    /// Runs a typed query with a cache policy: from the record store, from the server, or from
    /// the store when it holds all of the data and from the server otherwise.
    ///
    /// ```swift
    /// let result = try await Switchboard.API.query(operation: GetTodoQuery(id: "1"), cachePolicy: .returnCacheDataElseFetch)
    /// ```
    ///
    /// Results from the server are written to the store (except with
    /// `CachePolicy.fetchIgnoringCacheCompletely`); with `CachePolicy.returnCacheDataDontFetch`
    /// a miss throws `RecordStoreError`.
    @discardableResult
    public func query<Query: GraphQLQuery>(operation: Query, cachePolicy: CachePolicy, apiName: String? = nil)
        async throws -> GraphQLResponse<Query.Data>
    {
        let store = store(apiName: apiName)
        switch cachePolicy {
        case .returnCacheDataDontFetch:
            return .success(try await store.read(operation: operation))
        case .returnCacheDataElseFetch:
            do {
                return .success(try await store.read(operation: operation))
            } catch let error as RecordStoreError where error.isCacheMiss {
                return try await fetch(operation, apiName: apiName, into: store)
            }
        case .fetchIgnoringCacheData:
            return try await fetch(operation, apiName: apiName, into: store)
        case .fetchIgnoringCacheCompletely:
            return try await fetch(operation, apiName: apiName, into: nil)
        }
    }

    /// Runs a typed query with `CacheAndNetworkPolicy.returnCacheDataAndFetch`: the sequence
    /// yields the store's data first when it holds all of it, then the server's, and ends.
    ///
    /// ```swift
    /// for try await result in Switchboard.API.query(operation: TodosQuery(), cachePolicy: .returnCacheDataAndFetch) {
    ///     show(try result.response.get(), stale: result.source == .cache)
    /// }
    /// ```
    public func query<Query: GraphQLQuery>(
        operation: Query, cachePolicy: CacheAndNetworkPolicy, apiName: String? = nil
    ) -> SwitchboardAsyncThrowingSequence<CachedQueryResult<Query.Data>> {
        let (stream, continuation) = AsyncThrowingStream<CachedQueryResult<Query.Data>, any Error>.makeStream()
        let task = Task {
            let store = store(apiName: apiName)
            if let cached = try? await store.read(operation: operation) {
                continuation.yield(CachedQueryResult(source: .cache, response: .success(cached)))
            }
            do {
                let response = try await fetch(operation, apiName: apiName, into: store)
                continuation.yield(CachedQueryResult(source: .server, response: response))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return SwitchboardAsyncThrowingSequence(stream: stream, continuation: continuation)
    }

    /// Runs a typed mutation and shows `optimisticData` (the response `data` you expect) in the
    /// record store at once: watchers see it right away, then see the server's data in its place,
    /// or see it taken back if the mutation fails.
    ///
    /// ```swift
    /// try await Switchboard.API.mutate(
    ///     operation: CompleteTodoMutation(id: "1"),
    ///     optimisticData: ["updateTodo": ["__typename": "Todo", "id": "1", "done": true]])
    /// ```
    @discardableResult
    public func mutate<Mutation: GraphQLMutation>(
        operation: Mutation, optimisticData: JSONValue, apiName: String? = nil
    ) async throws -> GraphQLResponse<Mutation.Data> {
        let store = store(apiName: apiName)
        let update = try await store.addOptimisticUpdate(data: optimisticData, for: operation)
        do {
            let (response, json) = try await run(operation, apiName: apiName)
            if let json {
                try await store.commitOptimisticUpdate(update, json: json, for: operation)
            } else {
                await store.removeOptimisticUpdate(update)
            }
            return response
        } catch {
            await store.removeOptimisticUpdate(update)
            throw error
        }
    }

    /// Sends a typed query or mutation and writes a plain success into `store`.
    func fetch<Operation: GraphQLOperation>(_ operation: Operation, apiName: String?, into store: RecordStore?)
        async throws -> GraphQLResponse<Operation.Data>
    {
        guard let store else {
            let request = GraphQLRequest(operation: operation, apiName: apiName)
            return Operation.operationType == .mutation
                ? try await plugin().mutate(request: request) : try await plugin().query(request: request)
        }
        let (response, json) = try await run(operation, apiName: apiName)
        if let json { try await store.write(json, for: operation) }
        return response
    }

    /// Sends a typed query or mutation, keeping the response's `data` as JSON beside the decoded value.
    private func run<Operation: GraphQLOperation>(_ operation: Operation, apiName: String?)
        async throws -> (GraphQLResponse<Operation.Data>, CapturedJSON?)
    {
        let request = GraphQLRequest(capturing: operation, apiName: apiName, authMode: nil)
        let result =
            Operation.operationType == .mutation
            ? try await plugin().mutate(request: request) : try await plugin().query(request: request)
        return result.released()
    }
}
