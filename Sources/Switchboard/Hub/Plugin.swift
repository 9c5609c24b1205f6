/// The categories a plugin can serve. Switchboard has one today, the API category.
public enum CategoryType: String, Sendable, Hashable, CaseIterable {
    /// GraphQL (and REST) APIs: `Switchboard.API`.
    case api
}

/// A category plugin registered with `Switchboard.add(plugin:)`.
public protocol Plugin: Sendable {
    /// The plugin's key in the configuration file, e.g. `awsAPIPlugin`.
    var key: String { get }
    /// The category the plugin serves.
    var category: CategoryType { get }
    /// Applies the configuration; called once by `Switchboard.configure`. Synchronous, as in
    /// Amplify, so that apps configure in `init` or `application(_:didFinishLaunchingWithOptions:)`.
    func configure(using configuration: SwitchboardConfiguration) throws
    /// Forgets configuration and state, for tests (see `Switchboard.reset()`).
    func reset() async
}

/// A plugin of the API category: runs GraphQL queries and mutations.
public protocol APICategoryPlugin: Plugin {
    /// Runs a query.
    @discardableResult
    func query<R: Decodable & Sendable>(request: GraphQLRequest<R>) async throws -> GraphQLResponse<R>
    /// Runs a mutation.
    @discardableResult
    func mutate<R: Decodable & Sendable>(request: GraphQLRequest<R>) async throws -> GraphQLResponse<R>
    /// Starts a subscription; the stream ends when the subscription ends, and ending the iteration
    /// (or cancelling its task) stops the subscription.
    func subscribe<R: Decodable & Sendable>(request: GraphQLRequest<R>)
        -> SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<R>>
}

extension APICategoryPlugin {
    /// Plugins without real-time support fail the stream with ``SwitchboardError/unsupported(_:)``.
    public func subscribe<R: Decodable & Sendable>(request: GraphQLRequest<R>)
        -> SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<R>>
    {
        SwitchboardAsyncThrowingSequence(
            failing: SwitchboardError.unsupported("\(type(of: self)) does not support subscriptions"))
    }

    /// API plugins serve the API category.
    public var category: CategoryType { .api }
}
