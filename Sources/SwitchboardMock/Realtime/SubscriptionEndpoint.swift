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
        _ selector: GraphQLEndpoint.Selector, requiredHeaders: [String: String] = [:],
        events: [MockSubscriptionEvent] = [], emitsOn trigger: GraphQLEndpoint.Selector? = nil
    ) {
        self.selector = selector
        self.compiledSelector = CompiledSelector(selector)
        self.compiledTrigger = trigger.map(CompiledSelector.init)
        self.requiredHeaders = RequiredHeaders(requiredHeaders)
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
