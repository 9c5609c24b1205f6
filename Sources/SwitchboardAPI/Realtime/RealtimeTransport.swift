import Foundation

/// Opens the WebSocket connections subscriptions run on. The default is Switchboard's own
/// WebSocket client; tests or apps may provide another.
public protocol RealtimeTransport: Sendable {
    /// Connects to `url`, sending `headers` with the upgrade request and offering `subprotocols`.
    func connect(to url: URL, headers: [(String, String)], subprotocols: [String]) async throws
        -> any RealtimeSocket
}

/// One open WebSocket carrying text messages.
public protocol RealtimeSocket: Sendable {
    /// Sends one text message.
    func send(text: String) async throws
    /// The next text message, or `nil` once the connection is closed.
    func receive() async throws -> String?
    /// Closes the connection with `code` (1000 normal closure).
    func close(code: UInt16) async
    /// The server's answer to the WebSocket upgrade: status `101` and its headers. The HTTP-level
    /// stages see it as the real-time handshake's response.
    var upgradeResponse: HTTPTransportResponse { get }
    /// The code and reason of the server's Close frame, once ``receive()`` has returned `nil`;
    /// `nil` while the connection is open, or when it ended without a Close frame.
    ///
    /// A graphql-transport-ws server refuses `connection_init` by closing with 4401 or 4403 and
    /// no message: reading the code here is how Switchboard tells that refusal from a dropped
    /// connection, and refreshes the token instead of backing off. The default is `nil`, so a
    /// socket that does not report it gets a refused token retried with back-off.
    var closeStatus: (code: UInt16, reason: String)? { get }
}

extension RealtimeSocket {
    /// No close status is reported: a refusal by close code is retried like a dropped connection.
    public var closeStatus: (code: UInt16, reason: String)? { nil }
}

/// Timeouts and reconnection for real-time connections; the defaults follow Amplify.
///
/// Reconnection: after a connection fails, or ends less than ``stableConnectionDuration`` after the
/// server acknowledged it, the next attempt waits a delay drawn uniformly from zero to
/// `reconnectBase × 2^failures`, capped at ``reconnectCap`` (full jitter). Reconnection is limited
/// by time, not attempts: the subscriptions end with
/// ``SubscriptionError/connectionFailed(attempts:lastError:)`` only once ``reconnectTimeLimit``
/// (10 minutes by default) has passed since the first failure in a row, and at least
/// ``reconnectAttempts`` attempts were made, so a server restart, a network outage or a laptop
/// asleep for a few minutes does not end them however fast the attempts fail. Only a connection
/// that stayed up for
/// ``stableConnectionDuration`` starts the count afresh, so a server that acknowledges and then drops
/// every connection is not hammered in a tight loop.
public struct RealtimeConfiguration: Sendable {
    /// First back-off step; delays are drawn uniformly from zero to `base × 2^attempt`, capped (full jitter).
    public var reconnectBase: Duration
    /// The largest back-off delay.
    public var reconnectCap: Duration
    /// Failed or short-lived connections in a row before subscriptions may fail, however soon
    /// ``reconnectTimeLimit`` passes (default 8).
    public var reconnectAttempts: Int
    /// How long reconnection goes on, counted from the first failure in a row, before the
    /// subscriptions fail (default 10 minutes). Attempts continue until then, ``reconnectCap``
    /// apart at most; `.zero` gives up after ``reconnectAttempts`` alone.
    public var reconnectTimeLimit: Duration
    /// How long a connection must stay up after `connection_ack` to count as healthy and reset the
    /// back-off; one that ends sooner counts as a failure (default 10 s). Likewise a subscription
    /// started again after the server ended it for its token: ended once more with no event
    /// between, it is started again only if it stayed up this long (and at least a second).
    public var stableConnectionDuration: Duration
    /// Whether a connection that was never acknowledged is retried when it is refused outright
    /// (nothing listens at the address). `true` (the default) retries it like any failure;
    /// `false` ends the subscriptions at once with
    /// ``SubscriptionError/connectionFailed(attempts:lastError:)`` naming the URL, as
    /// `switchboard subscribe` does. Timeouts, rejected upgrades and refusals after a connection
    /// was acknowledged always follow ``reconnectAttempts``.
    public var retriesRefusedFirstConnection: Bool
    /// How long to wait for `connection_ack` and `start_ack`; on graphql-transport-ws, also how long
    /// a subscription waits for the answer to its registration `ping` before it counts as
    /// connected all the same.
    public var acknowledgementTimeout: Duration
    /// The keep-alive timeout when the server does not state one (AppSync states `connectionTimeoutMs`).
    public var keepAliveTimeout: Duration
    /// How often to ping on `graphql-transport-ws` connections (a pong must arrive within `keepAliveTimeout`).
    public var pingInterval: Duration
    /// Also send the handshake authorization as a `header-…` subprotocol (for servers that read it there).
    public var authorizationInSubprotocol: Bool
    /// How many events a subscription's stream may hold that its consumer has not read yet; one
    /// more ends that subscription (never silently: the held events are delivered first, then
    /// ``SubscriptionError/consumerTooSlow(bufferedEvents:)``); other subscriptions go on. Default
    /// 10,000, far more than a consumer that keeps up ever holds; `nil` holds any number, as Amplify does, so a
    /// consumer slower than the server grows memory without bound.
    public var maximumBufferedEvents: Int?
    /// Whether connections follow the machine's network (default `true`): a network change ends
    /// a back-off wait at once, a connection whose interface went down or lost its address is
    /// dropped and made again, and while no network is up the connection waits for one
    /// (`SubscriptionConnectionState.waitingForNetwork`) instead of spending attempts. On Linux a
    /// netlink route socket reports the changes, on Apple platforms `NWPathMonitor`.
    public var followsNetworkChanges: Bool

    /// The default ``maximumBufferedEvents``: 10,000 events, far more than a consumer that keeps up
    /// ever holds, and a bound on the memory one that stopped reading can take.
    package static let defaultMaximumBufferedEvents = 10_000

    /// Creates a configuration.
    public init(
        reconnectBase: Duration = .milliseconds(25), reconnectCap: Duration = .milliseconds(6400),
        reconnectAttempts: Int = 8, acknowledgementTimeout: Duration = .seconds(5),
        keepAliveTimeout: Duration = .seconds(300), pingInterval: Duration = .seconds(15),
        authorizationInSubprotocol: Bool = false,
        maximumBufferedEvents: Int? = 10_000,
        retriesRefusedFirstConnection: Bool = true, stableConnectionDuration: Duration = .seconds(10),
        reconnectTimeLimit: Duration = .seconds(600), followsNetworkChanges: Bool = true
    ) {
        self.followsNetworkChanges = followsNetworkChanges
        self.reconnectBase = reconnectBase
        self.reconnectCap = reconnectCap
        self.reconnectAttempts = reconnectAttempts
        self.stableConnectionDuration = stableConnectionDuration
        self.reconnectTimeLimit = reconnectTimeLimit
        self.retriesRefusedFirstConnection = retriesRefusedFirstConnection
        self.acknowledgementTimeout = acknowledgementTimeout
        self.keepAliveTimeout = keepAliveTimeout
        self.pingInterval = pingInterval
        self.authorizationInSubprotocol = authorizationInSubprotocol
        self.maximumBufferedEvents = maximumBufferedEvents.map { max($0, 1) }
    }

    /// Throws ``APIError/invalidConfiguration(_:_:_:)`` naming the first setting out of range.
    func validate() throws(APIError) {
        let durations: [(String, Duration, Bool)] = [
            ("reconnectBase", reconnectBase, false), ("reconnectCap", reconnectCap, false),
            ("acknowledgementTimeout", acknowledgementTimeout, true), ("keepAliveTimeout", keepAliveTimeout, true),
            ("pingInterval", pingInterval, true), ("stableConnectionDuration", stableConnectionDuration, false),
            ("reconnectTimeLimit", reconnectTimeLimit, false),
        ]
        for (name, value, mustBePositive) in durations where value < .zero || (mustBePositive && value == .zero) {
            throw .invalidConfiguration(
                "RealtimeConfiguration.\(name) is \(value); it must be \(mustBePositive ? "positive" : "zero or more").",
                "Pass a duration such as .seconds(5).")
        }
        guard reconnectBase <= reconnectCap else {
            throw .invalidConfiguration(
                "RealtimeConfiguration.reconnectBase (\(reconnectBase)) is larger than reconnectCap (\(reconnectCap)).",
                "Make the cap at least the base.")
        }
        guard reconnectAttempts >= 0 else {
            throw .invalidConfiguration(
                "RealtimeConfiguration.reconnectAttempts is \(reconnectAttempts); it must be zero or more.",
                "Pass 0 to fail at the first connection failure.")
        }
    }

    /// The full-jitter delay before reconnection attempt `attempt` (1-based).
    func backoff(attempt: Int) -> Duration {
        FullJitterBackoff(base: reconnectBase, cap: reconnectCap).delay(exponent: min(attempt, 20))
    }
}

/// Why a subscription ended with an error.
public enum SubscriptionError: Error, Sendable, CustomStringConvertible {
    /// The server rejected the subscription or the connection (unauthorized, bad request, …); not retried.
    case rejected([GraphQLError])
    /// The connection could not be (re-)established after `attempts` retries (`0` when the first
    /// attempt was refused and ``RealtimeConfiguration/retriesRefusedFirstConnection`` is off);
    /// `lastError` says why the last attempt failed.
    case connectionFailed(attempts: Int, lastError: String)
    /// The server did not send the named acknowledgement (`connection_ack`, `start_ack`) within
    /// ``RealtimeConfiguration/acknowledgementTimeout``.
    case acknowledgementTimeout(String)
    /// The server broke the protocol.
    case protocolViolation(String)
    /// The configuration does not allow subscriptions (e.g. unsupported auth mode).
    case notSupported(String)
    /// The consumer fell behind by more than `RealtimeConfiguration.maximumBufferedEvents`; the
    /// subscription stopped instead of dropping events silently.
    case consumerTooSlow(bufferedEvents: Int)

    /// What happened.
    public var description: String {
        switch self {
        case .rejected(let errors):
            "the server rejected the subscription: \(errors.map(\.description).joined(separator: "; "))"
        case .connectionFailed(let attempts, let lastError):
            attempts == 0 ? lastError : "the real-time connection failed after \(attempts) attempts: \(lastError)"
        case .acknowledgementTimeout(let what):
            "no \(what) arrived in time (RealtimeConfiguration.acknowledgementTimeout)"
        case .protocolViolation(let detail): "protocol violation: \(detail)"
        case .notSupported(let detail): detail
        case .consumerTooSlow(let count):
            "the subscription stopped: \(count) events were waiting to be read (RealtimeConfiguration.maximumBufferedEvents)"
        }
    }

    /// The server's errors, when it rejected the subscription.
    public var graphQLErrors: [GraphQLError] {
        if case .rejected(let errors) = self { return errors }
        return []
    }
}
