import Switchboard
import SwitchboardCore

extension APICategory {
    /// Runs a typed query; the result's value is the operation's `Data`.
    ///
    /// ```swift
    /// if case .success(let data) = try await Switchboard.API.query(operation: HeroAsDroidQuery()) {
    ///     print(data.hero?.asDroid?.primaryFunction ?? "not a droid")
    /// }
    /// ```
    ///
    /// The query always goes to the server (`CachePolicy.fetchIgnoringCacheData`), and a plain
    /// success is written to the API's record store, where watchers see it; pass a `cachePolicy`
    /// to read from the store first.
    @discardableResult
    public func query<Query: GraphQLQuery>(operation: Query) async throws -> GraphQLResponse<Query.Data> {
        try await query(operation: operation, cachePolicy: .fetchIgnoringCacheData)
    }

    /// Runs a typed mutation; the result's value is the operation's `Data`. A plain success is
    /// written to the API's record store, so that every watcher showing a changed object updates.
    @discardableResult
    public func mutate<Mutation: GraphQLMutation>(operation: Mutation) async throws
        -> GraphQLResponse<Mutation.Data>
    {
        try await fetch(operation, apiName: nil, into: store())
    }

    /// Starts a typed subscription: connection states and results decoded into the operation's
    /// `Data`. Each event's data is written to the API's record store before it is yielded, so
    /// that watchers showing the objects it carries update too.
    ///
    /// Events pass through a buffer of 10,000 events between the
    /// store and the consumer; a consumer that falls that far behind ends the sequence with an error.
    public func subscribe<Subscription: GraphQLSubscription>(operation: Subscription)
        -> SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<Subscription.Data>>
    {
        let events = subscribe(request: GraphQLRequest(capturing: operation, apiName: nil, authMode: nil))
        let store = store()
        let limit = Self.typedSubscriptionBufferLimit
        let (stream, continuation) = AsyncThrowingStream<GraphQLSubscriptionEvent<Subscription.Data>, any Error>
            .makeStream(bufferingPolicy: .bufferingOldest(limit))
        let task = Task {
            do {
                for try await event in events {
                    let forwarded: GraphQLSubscriptionEvent<Subscription.Data>
                    switch event {
                    case .connection(let state):
                        forwarded = .connection(state)
                    case .data(let result):
                        let (response, json) = result.released()
                        if let json { try await store.write(json, for: operation) }
                        forwarded = .data(response)
                    }
                    if case .dropped = continuation.yield(forwarded) {
                        throw APIError.operationError(
                            "The subscription \(Subscription.operationName) buffered \(limit) events that were not consumed.",
                            "Consume events as they arrive, and move slow work out of the loop.")
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
            events.cancel()
        }
        continuation.onTermination = { _ in
            events.cancel()
            task.cancel()
        }
        return SwitchboardAsyncThrowingSequence(stream: stream, continuation: continuation)
    }

    /// How many events of a typed subscription wait for the consumer.
    static let typedSubscriptionBufferLimit = 10_000
}

extension APICategoryPlugin {
    /// Runs a typed query through this plugin.
    @discardableResult
    public func query<Query: GraphQLQuery>(operation: Query) async throws -> GraphQLResponse<Query.Data> {
        try await query(request: GraphQLRequest(operation: operation))
    }

    /// Runs a typed mutation through this plugin.
    @discardableResult
    public func mutate<Mutation: GraphQLMutation>(operation: Mutation) async throws
        -> GraphQLResponse<Mutation.Data>
    {
        try await mutate(request: GraphQLRequest(operation: operation))
    }

    /// Starts a typed subscription through this plugin.
    public func subscribe<Subscription: GraphQLSubscription>(operation: Subscription)
        -> SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<Subscription.Data>>
    {
        subscribe(request: GraphQLRequest(operation: operation))
    }
}
