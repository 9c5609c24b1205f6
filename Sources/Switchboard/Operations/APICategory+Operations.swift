extension APICategory {
    /// Runs a typed query; the result's value is the operation's `Data`.
    ///
    /// ```swift
    /// if case .success(let data) = try await Switchboard.API.query(operation: HeroAsDroidQuery()) {
    ///     print(data.hero?.asDroid?.primaryFunction ?? "not a droid")
    /// }
    /// ```
    @discardableResult
    public func query<Query: GraphQLQuery>(operation: Query) async throws -> GraphQLResponse<Query.Data> {
        try await query(request: GraphQLRequest(operation: operation))
    }

    /// Runs a typed mutation; the result's value is the operation's `Data`.
    @discardableResult
    public func mutate<Mutation: GraphQLMutation>(operation: Mutation) async throws
        -> GraphQLResponse<Mutation.Data>
    {
        try await mutate(request: GraphQLRequest(operation: operation))
    }

    /// Starts a typed subscription: connection states and results decoded into the operation's `Data`.
    public func subscribe<Subscription: GraphQLSubscription>(operation: Subscription)
        -> SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<Subscription.Data>>
    {
        subscribe(request: GraphQLRequest(operation: operation))
    }
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
