/// What one operation adds to its API's settings: headers to send, a time limit, and a value for
/// your own stages. Set it on a request (``GraphQLRequest/options``) or pass it to a typed
/// operation (`options:`).
///
/// ```swift
/// var request = GraphQLRequest<JSONValue>(document: "query { listTodos { items { id } } }", responseType: JSONValue.self)
/// request.options = RequestOptions(headers: ["x-request-id": requestID], timeout: .seconds(5))
/// let response = try await Switchboard.API.query(request: request)
/// ```
///
/// The headers are set on the HTTP request before the authorization stage, so every HTTP-level
/// stage sees them and `AWS_IAM` signs them; the API's authorization (`authorization`,
/// `x-api-key`) wins over a header of the same name. A subscription on AppSync's protocol sends
/// them in its `start` message's authorization object; graphql-transport-ws authorizes the
/// connection only and has nowhere to put them.
public struct RequestOptions: Sendable {
    /// Headers added to the operation's HTTP request (and to an AppSync subscription's `start`).
    public var headers: [String: String]
    /// The most the operation's exchange may take: the HTTP request of a query or mutation, or the
    /// wait for a subscription's acknowledgement. `nil` leaves the transport's own deadline.
    /// When it passes, the operation fails with `APIError.networkError` naming it.
    public var timeout: Duration?
    /// Anything your stages need to know about this operation, read from
    /// `OperationContext.options` (Apollo's `RequestContext`).
    public var context: (any RequestContext)?
    /// Whether a query may share the result of an identical one already in flight (same API,
    /// authorization, document, variables, headers and result type) instead of sending its own
    /// request: `true` by default. Queries with a ``context`` are never shared.
    public var deduplicates: Bool
    /// For a subscription: the query that delivers the events missed while its connection was
    /// down, run after each reconnect (see ``SubscriptionResync``). Without one, a reconnected
    /// subscription reports `SubscriptionConnectionState.connectedAfterGap`.
    public var resync: SubscriptionResync?
    /// For a request made from a document and a type (raw or model-based): whether its data — a
    /// query's or mutation's result, each subscription event — is written to the API's record
    /// store, where watchers see it, as a typed operation's always is. `false` by default: such a
    /// request leaves the store alone unless it is given a cache policy.
    public var updatesStore: Bool

    /// Options; the defaults add nothing.
    public init(
        headers: [String: String] = [:], timeout: Duration? = nil, context: (any RequestContext)? = nil,
        deduplicates: Bool = true, resync: SubscriptionResync? = nil, updatesStore: Bool = false
    ) {
        self.updatesStore = updatesStore
        self.resync = resync
        self.headers = headers
        self.timeout = timeout
        self.context = context
        self.deduplicates = deduplicates
    }
}

/// A value an app attaches to an operation for its own stages to read (see
/// ``RequestOptions/context``): a trace identifier, a priority, a feature flag.
///
/// ```swift
/// struct Trace: RequestContext { let id: String }
/// // in a stage:
/// if let trace = context.options.context as? Trace { request.setValue(trace.id, forHTTPHeaderField: "x-trace") }
/// ```
public protocol RequestContext: Sendable {}
