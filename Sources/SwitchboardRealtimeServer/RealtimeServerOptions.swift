/// Limits and timing of a real-time server's connections: the mock server's and the local
/// server's take the same options, with the same defaults (AppSync's where it has them).
///
/// ```swift
/// let server = try await MockServer(realtime: RealtimeServerOptions(keepAliveInterval: .seconds(5)))
/// ```
public struct RealtimeServerOptions: Sendable, Hashable {
    /// The `connectionTimeoutMs` sent in AppSync's `connection_ack` (default 5 minutes, AppSync's).
    public var connectionTimeout: Duration
    /// How often AppSync `ka` messages are sent (default every minute; one goes right after
    /// `connection_ack` too).
    public var keepAliveInterval: Duration
    /// Subscriptions one connection may hold (default 100, AppSync's); more get
    /// `MaxSubscriptionsReachedError`. `nil` sets no limit.
    public var maximumSubscriptionsPerConnection: Int?
    /// Real-time connections open at once (default 1,000); an upgrade past it is answered with
    /// HTTP 503.
    public var maximumConnections: Int
    /// How long a new connection may take to send `connection_init` (default 10 s); then it is
    /// closed (graphql-transport-ws: close code 4408; AppSync: a `connection_error`, then a close).
    public var connectionInitTimeout: Duration
    /// Bytes of messages that may wait to be written to one connection (default 8 MiB).
    /// Publishing never waits for a client; one that falls this far behind is disconnected: what
    /// waits is discarded and it gets the protocol's error (AppSync: `LimitExceededError`) and a
    /// close with code 1013.
    public var maximumOutboundBytes: Int
    /// How long a write may go while the client takes no bytes at all (default 10 s); then the
    /// connection is dropped.
    public var writeTimeout: Duration
    /// Headers every connection must carry, checked at `connection_init` (`*` accepts any value;
    /// names compare case-insensitively); a connection without them gets `UnauthorizedException`
    /// naming the header, never its value.
    public var requiredHeaders: [String: String]

    /// Creates options.
    public init(
        connectionTimeout: Duration = .seconds(300), keepAliveInterval: Duration = .seconds(60),
        maximumSubscriptionsPerConnection: Int? = 100, maximumConnections: Int = 1_000,
        connectionInitTimeout: Duration = .seconds(10), maximumOutboundBytes: Int = 8 << 20,
        writeTimeout: Duration = .seconds(10), requiredHeaders: [String: String] = [:]
    ) {
        self.connectionTimeout = connectionTimeout
        self.keepAliveInterval = keepAliveInterval
        self.maximumSubscriptionsPerConnection = maximumSubscriptionsPerConnection
        self.maximumConnections = maximumConnections
        self.connectionInitTimeout = connectionInitTimeout
        self.maximumOutboundBytes = maximumOutboundBytes
        self.writeTimeout = writeTimeout
        self.requiredHeaders = requiredHeaders
    }
}

/// Counters of a real-time server, for assertions in tests and for diagnostics.
public struct RealtimeServerStatistics: Sendable, Equatable {
    /// WebSocket connections accepted since the server started.
    public var connectionsAccepted: Int
    /// Connections open now.
    public var openConnections: Int
    /// Subscriptions active now.
    public var activeSubscriptions: Int
    /// Subscriptions started (acknowledged) since the server started.
    public var subscriptionsStarted: Int
}
