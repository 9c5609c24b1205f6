import Switchboard
import SwitchboardCore

extension APICategory {
    /// Watches a typed query: yields its data now (from the record store, or from the server when
    /// the store lacks some of it), then again whenever a query, a mutation, a subscription event,
    /// an optimistic update or a manual write changes any record it shows. Identical consecutive
    /// results are yielded once, and only the newest waits while the consumer is busy.
    ///
    /// ```swift
    /// for try await result in Switchboard.API.watch(operation: TodoListQuery()) {
    ///     todos = try result.get().listTodos?.items ?? []
    /// }
    /// ```
    ///
    /// A server response with GraphQL errors is yielded as a failure value; a transport error
    /// ends the sequence. When records the query shows are removed (evicted, or removed by hand),
    /// the watcher fetches the query again, unless the policy is
    /// `CachePolicy.returnCacheDataDontFetch`. `CachePolicy.fetchIgnoringCacheCompletely`
    /// cannot watch and ends the sequence with an error. Ending the loop or calling `cancel()`
    /// removes the watcher.
    public func watch<Query: GraphQLQuery>(
        operation: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch, apiName: String? = nil
    ) -> SwitchboardAsyncThrowingSequence<GraphQLResponse<Query.Data>> {
        guard cachePolicy != .fetchIgnoringCacheCompletely else {
            return SwitchboardAsyncThrowingSequence(
                failing: APIError.operationError(
                    "watch(operation:cachePolicy:) cannot use fetchIgnoringCacheCompletely: a watcher reads the record store.",
                    "Use fetchIgnoringCacheData to always fetch first, or query(operation:cachePolicy:) for one result."
                ))
        }
        let (stream, continuation) = AsyncThrowingStream<GraphQLResponse<Query.Data>, any Error>.makeStream(
            bufferingPolicy: .bufferingNewest(1))
        let task = Task {
            let store = store(apiName: apiName)
            // Misses (at the start, or after records were removed) ask for a fetch; several
            // pending asks are one fetch.
            let (misses, missed) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
            let fetches = cachePolicy != .returnCacheDataDontFetch
            var watcher: UInt64?
            do {
                if cachePolicy == .fetchIgnoringCacheData {
                    let response = try await fetch(operation, apiName: apiName, into: store)
                    if case .failure = response { continuation.yield(response) }
                }
                watcher = try await store.addWatcher(for: operation) { result in
                    switch result {
                    case .success(let bytes):
                        do {
                            continuation.yield(
                                .success(try JSONBytesDecoder().decode(Query.Data.self, fromBytes: bytes)))
                        } catch {
                            continuation.finish(throwing: error)
                        }
                    case .failure:
                        if fetches { missed.yield() }
                    }
                }
                for await _ in misses {
                    let response = try await fetch(operation, apiName: apiName, into: store)
                    // Data reaches the watcher through the store; errors have no other way.
                    if case .failure = response { continuation.yield(response) }
                }
            } catch {
                continuation.finish(throwing: error)
            }
            if let watcher { await store.removeWatcher(watcher) }
        }
        continuation.onTermination = { _ in task.cancel() }
        return SwitchboardAsyncThrowingSequence(stream: stream, continuation: continuation)
    }
}
