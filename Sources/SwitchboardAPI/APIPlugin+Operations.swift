import Foundation

extension APIPlugin {
    // MARK: - Requests

    /// Runs a GraphQL query. The record store takes no part unless the request's options say
    /// ``RequestOptions/updatesStore`` (see `query(request:cachePolicy:)` to read from it).
    @discardableResult
    public nonisolated func query<R: Decodable & Sendable>(request: GraphQLRequest<R>) async throws
        -> GraphQLResponse<R>
    {
        try await response(to: GraphQLOperationRequest(storing: request, operationType: .query))
    }

    /// Runs a GraphQL mutation. With ``RequestOptions/updatesStore``, its data is written to the
    /// API's record store, so that every watcher showing a changed object updates.
    @discardableResult
    public nonisolated func mutate<R: Decodable & Sendable>(request: GraphQLRequest<R>) async throws
        -> GraphQLResponse<R>
    {
        try await response(to: GraphQLOperationRequest(storing: request, operationType: .mutation))
    }

    /// Starts a subscription on the API's shared real-time connection.
    ///
    /// The stream yields `.connection(.connecting)`, `.connection(.connected)` once the server
    /// accepted the subscription (AppSync's `start_ack`; on graphql-transport-ws, which has no
    /// acknowledgement, once the `subscribe` message was sent on an acknowledged connection),
    /// `.data(result)` for each event (an undecodable payload arrives as
    /// `.data(.failure(.transformationError))` and the subscription continues), and
    /// `.connection(.connecting)` again while reconnecting, then `.connection(.connectedAfterGap)`
    /// (events went by meanwhile) or, with a resync (`RequestOptions.resync`), the missed events
    /// and `.connection(.connected)`. Ending the iteration or cancelling the
    /// task stops the subscription; the last one to stop closes the socket.
    public nonisolated func subscribe<R: Decodable & Sendable>(request: GraphQLRequest<R>)
        -> SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<R>>
    {
        sequence(
            of: GraphQLOperationRequest(storing: request, operationType: .subscription), element: Self.subscriptionEvent
        )
    }

    // MARK: - Typed operations

    /// Runs a typed query; the result's value is the operation's `Data`. `authMode` overrides the
    /// API's authorization type for this operation, as for a request. By default it goes to the
    /// server, and a plain success is written to the API's record store, where watchers see it
    /// (`CachePolicy.fetchIgnoringCacheData`); pass another `cachePolicy` to read from the store
    /// first. With `CachePolicy.returnCacheDataDontFetch` a miss throws `RecordStoreError`.
    ///
    /// ```swift
    /// let result = try await plugin.query(operation: GetTodoQuery(id: "1"), cachePolicy: .returnCacheDataElseFetch)
    /// ```
    @discardableResult
    public nonisolated func query<Query: GraphQLQuery>(
        operation: Query, cachePolicy: CachePolicy = .fetchIgnoringCacheData, apiName: String? = nil,
        authMode: AuthorizationType? = nil, options: RequestOptions = RequestOptions()
    ) async throws -> GraphQLResponse<Query.Data> {
        try await response(
            to: GraphQLOperationRequest(
                operation: operation, apiName: apiName, authMode: authMode, options: options, cachePolicy: cachePolicy))
    }

    /// Runs a typed query with `CacheAndNetworkPolicy.returnCacheDataAndFetch`: the sequence
    /// yields the store's data first when it holds all of it, then the server's, and ends.
    public nonisolated func query<Query: GraphQLQuery>(
        operation: Query, cachePolicy: CacheAndNetworkPolicy, apiName: String? = nil,
        authMode: AuthorizationType? = nil, options: RequestOptions = RequestOptions()
    ) -> SwitchboardAsyncThrowingSequence<CachedQueryResult<Query.Data>> {
        var request = GraphQLOperationRequest(
            operation: operation, apiName: apiName, authMode: authMode, options: options,
            cachePolicy: .returnCacheDataElseFetch)
        request.delivery = .cacheThenNetwork
        return sequence(of: request) { event in
            if case .result(let result) = event { return result }
            return nil
        }
    }

    /// Runs a typed mutation; the result's value is the operation's `Data`. A plain success is
    /// written to the API's record store, so that every watcher showing a changed object updates.
    /// With `optimisticData` (the response `data` you expect), the store shows it at once: watchers
    /// see it right away, then the server's data in its place, or see it taken back if the
    /// mutation fails.
    ///
    /// ```swift
    /// try await plugin.mutate(
    ///     operation: CompleteTodoMutation(id: "1"),
    ///     optimisticData: ["updateTodo": ["__typename": "Todo", "id": "1", "done": true]])
    /// ```
    @discardableResult
    public nonisolated func mutate<Mutation: GraphQLMutation>(
        operation: Mutation, optimisticData: JSONValue? = nil, apiName: String? = nil,
        authMode: AuthorizationType? = nil, options: RequestOptions = RequestOptions()
    ) async throws -> GraphQLResponse<Mutation.Data> {
        var request = GraphQLOperationRequest(
            operation: operation, apiName: apiName, authMode: authMode, options: options,
            cachePolicy: .fetchIgnoringCacheData)
        if let optimisticData {
            request.writeOptimisticData = { store, operation in try store.write(data: optimisticData, for: operation) }
        }
        return try await response(to: request)
    }

    /// Starts a typed subscription: connection states and results decoded into the operation's
    /// `Data`. Each event's data is written to the API's record store before it is yielded, so
    /// that watchers showing the objects it carries update too.
    public nonisolated func subscribe<Subscription: GraphQLSubscription>(
        operation: Subscription, apiName: String? = nil,
        authMode: AuthorizationType? = nil, options: RequestOptions = RequestOptions()
    ) -> SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<Subscription.Data>> {
        sequence(
            of: GraphQLOperationRequest(
                operation: operation, apiName: apiName, authMode: authMode, options: options,
                cachePolicy: .fetchIgnoringCacheData),
            element: Self.subscriptionEvent)
    }

    /// Watches a typed query: yields its data now (from the record store, or from the server when
    /// the store lacks some of it), then again whenever a query, a mutation, a subscription event,
    /// an optimistic update or a manual write changes any record it shows. Identical consecutive
    /// results are yielded once, and only the newest waits while the consumer is busy.
    ///
    /// A server response with GraphQL errors is yielded as a failure value; a transport error
    /// ends the sequence. When records the query shows are removed (evicted, or removed by hand),
    /// the watcher fetches the query again, unless the policy is
    /// `CachePolicy.returnCacheDataDontFetch`. `CachePolicy.fetchIgnoringCacheCompletely`
    /// cannot watch and ends the sequence with an error. Ending the loop or calling `cancel()`
    /// removes the watcher.
    public nonisolated func watch<Query: GraphQLQuery>(
        operation: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch, apiName: String? = nil,
        authMode: AuthorizationType? = nil, options: RequestOptions = RequestOptions()
    ) -> SwitchboardAsyncThrowingSequence<GraphQLResponse<Query.Data>> {
        watch(
            GraphQLOperationRequest(
                operation: operation, apiName: apiName, authMode: authMode, options: options, cachePolicy: cachePolicy),
            method: "watch(operation:cachePolicy:)")
    }

    /// Watches `operation` (see `watch(operation:cachePolicy:)`); `method` names the caller in
    /// the error for a policy that cannot watch.
    nonisolated func watch<R>(_ operation: GraphQLOperationRequest<R>, method: String)
        -> SwitchboardAsyncThrowingSequence<GraphQLResponse<R>>
    {
        guard operation.cachePolicy != .fetchIgnoringCacheCompletely else {
            return SwitchboardAsyncThrowingSequence(
                failing: APIError.operationError(
                    "\(method) cannot use fetchIgnoringCacheCompletely: a watcher reads the record store.",
                    "Use fetchIgnoringCacheData to always fetch first, or a query with a cache policy for one result."
                ))
        }
        var request = operation
        request.delivery = .watch
        return sequence(of: request) { event in
            if case .result(let result) = event { return result.response }
            return nil
        }
    }

    // MARK: - The record store

    /// The record store of the API named `apiName` (the default API when `nil`): where typed
    /// operations' results are normalized, and what watchers and cache policies read. Made with
    /// the default `RecordStoreConfiguration` on first use unless ``setStore(_:apiName:)`` gave one.
    public nonisolated func store(apiName: String? = nil) throws -> RecordStore {
        let configuration = settings.withLock { $0.configuration }
        return stores.store(for: try endpoint(named: apiName, in: configuration).name)
    }

    /// Uses `store` for the API named `apiName` (the default API when `nil`), for example one made
    /// with a time to live, a memory budget or persistence. Call it before the first typed operation.
    public nonisolated func setStore(_ store: RecordStore, apiName: String? = nil) throws {
        let configuration = settings.withLock { $0.configuration }
        stores.set(store, for: try endpoint(named: apiName, in: configuration).name)
    }

    /// Active subscriptions across this plugin's real-time connections (diagnostics and tests).
    func realtimeSubscriptionCount() async -> Int {
        await realtimeConnections.subscriptionCount()
    }

    // MARK: - Running the chain

    /// Runs `operation` through its API's chain.
    nonisolated func run<R>(_ operation: GraphQLOperationRequest<R>, trace: OperationTrace? = nil) async throws
        -> GraphQLResponseStream<R>
    {
        let (chain, context) = try prepare(operation)
        return try await chain.run(operation, context: context, from: 0, trace: trace)
    }

    /// Runs a query or mutation and returns its last result, logging it and reporting its metrics.
    nonisolated func response<R>(to operation: GraphQLOperationRequest<R>) async throws -> GraphQLResponse<R> {
        try await result(of: operation).response
    }

    /// Runs a query or mutation and returns its last result with where it came from, logging it
    /// and reporting its metrics.
    nonisolated func result<R>(of operation: GraphQLOperationRequest<R>) async throws -> GraphQLResult<R> {
        try await traced(
            operation.operationType,
            summary: "\(operation.operationType.rawValue) \(operation.operationName ?? "anonymous")",
            apiName: operation.request.apiName ?? "the default API",
            outcome: { result, trace in
                result.source == .cache ? "from the record store" : "HTTP \(trace.httpStatus ?? 0)"
            }
        ) { trace, apiName in
            let (chain, context) = try prepare(operation)
            apiName = context.apiName
            return try await Self.lastResult(of: chain.run(operation, context: context, from: 0, trace: trace))
        }
    }

    private static func lastResult<R>(of stream: GraphQLResponseStream<R>) async throws -> GraphQLResult<R> {
        guard let result = try await stream.last() else {
            throw APIError.operationError(
                "The operation ended without a result: a stage returned an empty stream.",
                "GraphQL-level stages must pass on at least one result for a query or mutation.")
        }
        return result
    }

    /// A failure for a log message: the HTTP status or the error's description, never a body.
    static func summary(of error: any Error) -> String {
        guard let error = error as? APIError else { return "\(type(of: error))" }
        if case .httpStatusError(let status, _) = error { return "HTTP \(status)" }
        return error.errorDescription
    }

    /// A subscription's event as its subscriber sees it.
    @Sendable private static func subscriptionEvent<R>(_ event: GraphQLResponseStream<R>.Event)
        -> GraphQLSubscriptionEvent<R>?
    {
        switch event {
        case .connection(let state): .connection(state)
        case .result(let result): .data(result.response)
        }
    }

    /// A sequence of `operation`'s events, the chain started now (a subscription registers with
    /// its connection at once) and its events taken as the sequence is iterated; `element` picks
    /// what the caller sees of each.
    nonisolated func sequence<R, Element: Sendable>(
        of operation: GraphQLOperationRequest<R>,
        element: @escaping @Sendable (GraphQLResponseStream<R>.Event) -> Element?
    ) -> SwitchboardAsyncThrowingSequence<Element> {
        var operation = operation
        let handle = operation.operationType == .subscription ? SubscriptionHandle() : nil
        operation.subscriptionHandle = handle
        let running = RunningOperation(Task { [operation] in try await self.run(operation) })
        var pause: (@Sendable () async -> Void)?
        var resume: (@Sendable () async -> Void)?
        if let handle {
            pause = { await handle.pause() }
            resume = { await handle.resume() }
        }
        return SwitchboardAsyncThrowingSequence(
            pulling: {
                let source = EventSourceBox<R>()
                return {
                    // After the first call the source is at hand: no call waits for it.
                    let next: GraphQLResponseStream<R>.EventSource
                    if let made = source.made { next = made } else { next = try await source.make(from: running) }
                    while let event = try await next() {
                        if let element = element(event) { return element }
                    }
                    return nil
                }
            }, cancel: { running.cancel() }, pause: pause, resume: resume)
    }
}

/// An operation whose chain was started by a sequence, and what stopping it early asked for.
final class RunningOperation<R: Sendable>: Sendable {
    private let task: Task<GraphQLResponseStream<R>, any Error>

    init(_ task: Task<GraphQLResponseStream<R>, any Error>) { self.task = task }

    /// The chain's stream, once the chain returned it (cancelling the wait stops the operation).
    func stream() async throws -> GraphQLResponseStream<R> {
        try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            cancel()
        }
    }

    /// Stops the operation: what it already produced is still delivered.
    func cancel() {
        let task = self.task
        Task { (try? await task.value)?.cancel() }
    }
}

/// One iterator's source of events, made from the operation's stream when first asked for; used by
/// that iterator only, one `next` at a time.
// Unchecked: `made` is written and read only by the iterator that owns the box, one `next` at a time.
private final class EventSourceBox<R: Sendable>: @unchecked Sendable {
    private(set) var made: GraphQLResponseStream<R>.EventSource?

    func make(from running: RunningOperation<R>) async throws -> GraphQLResponseStream<R>.EventSource {
        let source = try await running.stream().makeEventSource()
        made = source
        return source
    }
}
