import Switchboard

/// A subscription endpoint: answers subscriptions whose document matches the selector, over both
/// real-time protocols a ``MockServer`` speaks (AppSync's at `/graphql/realtime`, and
/// `graphql-transport-ws` at `/graphql`), with a scripted list of events, with the results of
/// matching mutations, or with events a test publishes.
///
/// ```swift
/// SubscriptionEndpoint(.operations("onCreateTodo"), events: [
///     .data(["onCreateTodo": ["id": "1", "name": "First"]], after: .milliseconds(10)),
/// ], emitsOn: .operations("createTodo"))
/// ```
public struct SubscriptionEndpoint: MockEndpoint {
    /// Which subscription documents the endpoint answers.
    package let selector: GraphQLEndpoint.Selector
    /// Headers the connection must carry: upgrade headers, the AppSync `header` query parameter's
    /// members and the `start` message's authorization object all count. A subscription without
    /// them goes on to the next endpoint; when no endpoint takes it, it gets an `UnauthorizedException`.
    package let requiredHeaders: RequiredHeaders
    /// Sent to each new subscription in order, each after its delay.
    package let events: [MockSubscriptionEvent]
    /// Mutations whose successful responses are forwarded to this endpoint's subscriptions.
    package let trigger: GraphQLEndpoint.Selector?
    let compiledSelector: CompiledSelector
    let compiledTrigger: CompiledSelector?

    /// Creates an endpoint.
    /// - Parameters:
    ///   - selector: The subscription documents answered.
    ///   - requiredHeaders: Authorization the subscriber must present; a later endpoint may answer
    ///     subscribers without it, otherwise they get an `UnauthorizedException` error.
    ///   - events: The script each subscription receives after it is acknowledged.
    ///   - trigger: Mutation documents whose responses become events: the value of the mutation's
    ///     first root field is delivered under the subscription's root field.
    public init(
        _ selector: GraphQLEndpoint.Selector, requiredHeaders: RequiredHeaders = [:],
        events: [MockSubscriptionEvent] = [], emitsOn trigger: GraphQLEndpoint.Selector? = nil
    ) {
        self.selector = selector
        self.compiledSelector = CompiledSelector(selector)
        self.compiledTrigger = trigger.map(CompiledSelector.init)
        self.requiredHeaders = requiredHeaders
        self.events = events
        self.trigger = trigger
    }

    /// `subscription operations(a)`.
    public var label: String { "subscription \(selector.label)" }

    /// Subscription endpoints never answer plain HTTP requests.
    public func match(_ request: MockRequest) -> MockMatch {
        .mismatch(
            "a subscription endpoint: it answers over WebSocket (AppSync protocol at /graphql/realtime, "
                + "graphql-transport-ws at /graphql), not plain HTTP")
    }

    /// Unused: subscription endpoints answer over WebSocket.
    public var response: MockResponse { MockResponse(status: 404) }
}

/// One scripted step of a ``SubscriptionEndpoint``.
public enum MockSubscriptionEvent: Sendable, Equatable {
    /// An event whose payload is `{"data": value}`, sent `after` the previous step.
    case data(JSONValue, after: Duration = .zero)
    /// An event carrying GraphQL errors (and optionally partial data).
    case errors([JSONValue], data: JSONValue? = nil, after: Duration = .zero)
    /// Ends the subscription from the server side.
    case complete(after: Duration = .zero)

    /// How long to wait before this step.
    var delay: Duration {
        switch self {
        case .data(_, let after), .errors(_, _, let after), .complete(let after): after
        }
    }
}

/// Settings of a ``MockServer``'s real-time endpoints.
public struct MockRealtimeOptions: Sendable {
    /// The `connectionTimeoutMs` sent in AppSync's `connection_ack`.
    public var connectionTimeout: Duration
    /// How often AppSync `ka` messages are sent.
    public var keepAliveInterval: Duration
    /// Subscriptions one connection may hold before `MaxSubscriptionsReachedError` (nil: no limit).
    public var maximumSubscriptionsPerConnection: Int?
    /// Headers every real-time connection must carry (checked at `connection_init`).
    public var requiredHeaders: RequiredHeaders
    /// How many bytes of messages may wait to be sent to one connection. Publishing never waits
    /// for a client; one that falls this far behind is disconnected: what waits is discarded and it
    /// gets the protocol's error (AppSync: an `error` message with `LimitExceededError`) and a
    /// close with code 1013. Default 8 MiB.
    public var maximumOutboundBytes: Int
    /// How long a send may wait while the client takes no bytes at all before its connection is
    /// dropped. Default 10 s.
    public var writeTimeout: Duration
    /// How long a new connection may take to send `connection_init` before it is closed
    /// (graphql-transport-ws: close code 4408; AppSync: a `connection_error`, then a close). Default 10 s.
    public var connectionInitTimeout: Duration

    /// Creates options; the defaults are AppSync's (5-minute timeout, keep-alive every minute).
    public init(
        connectionTimeout: Duration = .seconds(300), keepAliveInterval: Duration = .seconds(60),
        maximumSubscriptionsPerConnection: Int? = nil, requiredHeaders: RequiredHeaders = [:],
        maximumOutboundBytes: Int = 8 << 20, writeTimeout: Duration = .seconds(10),
        connectionInitTimeout: Duration = .seconds(10)
    ) {
        self.connectionTimeout = connectionTimeout
        self.keepAliveInterval = keepAliveInterval
        self.maximumSubscriptionsPerConnection = maximumSubscriptionsPerConnection
        self.requiredHeaders = requiredHeaders
        self.maximumOutboundBytes = maximumOutboundBytes
        self.writeTimeout = writeTimeout
        self.connectionInitTimeout = connectionInitTimeout
    }
}

/// Counters of a ``MockServer``'s real-time side, for assertions in tests.
public struct MockRealtimeStatistics: Sendable, Equatable {
    /// WebSocket connections accepted since the server started.
    public var connectionsAccepted: Int
    /// Connections open now.
    public var openConnections: Int
    /// Subscriptions active now.
    public var activeSubscriptions: Int
    /// Subscriptions started (acknowledged) since the server started.
    public var subscriptionsStarted: Int
}
