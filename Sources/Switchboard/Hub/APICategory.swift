/// The API category facade, `Switchboard.API`: forwards to the configured API plugin.
public struct APICategory: Sendable {
    /// The configured API plugin.
    public func plugin() throws -> any APICategoryPlugin {
        let plugin = try Switchboard.plugin(for: .api)
        guard let apiPlugin = plugin as? any APICategoryPlugin else {
            throw SwitchboardError.noPlugin(category: .api)
        }
        return apiPlugin
    }

    /// Runs a GraphQL query.
    @discardableResult
    public func query<R: Decodable & Sendable>(request: GraphQLRequest<R>) async throws -> GraphQLResponse<R> {
        try await plugin().query(request: request)
    }

    /// Runs a GraphQL mutation.
    @discardableResult
    public func mutate<R: Decodable & Sendable>(request: GraphQLRequest<R>) async throws -> GraphQLResponse<R> {
        try await plugin().mutate(request: request)
    }

    /// Starts a GraphQL subscription: a stream of connection states and results.
    ///
    /// ```swift
    /// for try await event in Switchboard.API.subscribe(request: onCreate) {
    ///     if case .data(let result) = event { print(try result.get()) }
    /// }
    /// ```
    public func subscribe<R: Decodable & Sendable>(request: GraphQLRequest<R>)
        -> SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<R>>
    {
        do {
            return try plugin().subscribe(request: request)
        } catch {
            return SwitchboardAsyncThrowingSequence(failing: error)
        }
    }
}
