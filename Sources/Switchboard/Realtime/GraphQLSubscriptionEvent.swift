/// One event of a subscription stream: a change of the connection, or a result.
public enum GraphQLSubscriptionEvent<R: Decodable & Sendable>: Sendable {
    /// The shared real-time connection changed state.
    case connection(SubscriptionConnectionState)
    /// A result; an undecodable payload arrives as `.failure(.transformationError)` and the
    /// subscription continues.
    case data(GraphQLResponse<R>)
}

/// The state of the real-time connection a subscription runs on.
public enum SubscriptionConnectionState: String, Sendable, Equatable {
    /// Connecting, or reconnecting after a failure.
    case connecting
    /// Connected and subscribed: events will arrive. After a reconnect, a subscription with a
    /// resync (`RequestOptions.resync`) reports it once the missed events were delivered.
    case connected
    /// Connected and subscribed again after the connection was lost, without a resync: events
    /// published meanwhile were not delivered (AppSync keeps no backlog).
    case connectedAfterGap
    /// Disconnected; the subscription is over or will reconnect.
    case disconnected
    /// Paused by the app (`pauseSubscriptions()`): no connection and no events until it resumes.
    case paused
    /// No network is up: the connection is made again as soon as one is.
    case waitingForNetwork
}

/// The real-time protocol an API's subscriptions use.
public enum SubscriptionProtocol: String, Sendable, Hashable, CaseIterable {
    /// AppSync's real-time protocol (subprotocol `graphql-ws`, `start`/`data`/`stop`).
    case appSync = "appsync"
    /// The standard `graphql-transport-ws` protocol (`subscribe`/`next`/`complete`). The client
    /// also offers the legacy `graphql-ws` subprotocol, and speaks ``graphQLWS`` when the server
    /// chooses that one in its answer to the upgrade.
    case graphQLTransportWS = "graphql-transport-ws"
    /// The legacy `graphql-ws` protocol of Apollo's `subscriptions-transport-ws`
    /// (`start`/`data`/`stop`, keep-alive `ka`), for servers that speak only that one.
    case graphQLWS = "graphql-ws"
}
