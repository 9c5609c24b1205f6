import Switchboard
import SwitchboardNet

/// What a real-time server does with subscriptions, behind the protocol handling of
/// ``RealtimeSession``: the mock plays scripted events, the local server executes subscriptions
/// against mutation results. Errors are GraphQL error objects (`errorType`, `message`, …) as
/// the client receives them.
package protocol RealtimeBackend: Sendable {
    /// `connection_init` with the handshake's headers (upgrade headers, AppSync's `header`
    /// query parameter and `header-…` subprotocol, graphql-transport-ws's init payload):
    /// `nil` accepts, errors refuse the connection.
    func connect(headers: HTTPHeaders, session: RealtimeSession) async -> [JSONValue]?

    /// A subscription to start: `nil` when it started (deliveries then go through
    /// ``RealtimeSession/deliver(id:payload:)``), errors when it did not.
    func start(_ request: RealtimeStartRequest, session: RealtimeSession) async -> [JSONValue]?

    /// The client stopped subscription `id` (or the connection ended with it active).
    func stop(id: String, session: RealtimeSession) async

    /// The connection is gone.
    func disconnected(session: RealtimeSession) async

    /// Whether `ka` messages are held back (tests of keep-alive timeouts).
    func keepAlivePaused() async -> Bool
}

extension RealtimeBackend {
    /// Keep-alives are never paused unless a backend says so.
    package func keepAlivePaused() async -> Bool { false }
}

/// A subscription a client asked for.
package struct RealtimeStartRequest: Sendable {
    /// The client's id for it.
    package var id: String
    /// The JSON text of `{query, variables, operationName}` (AppSync's `payload.data` exactly as sent).
    package var payload: String
    /// The handshake's headers with the `start` message's authorization object over them.
    package var headers: HTTPHeaders
    /// The protocol the connection speaks.
    package var dialect: RealtimeDialect
}

/// Which real-time protocol a connection speaks.
package enum RealtimeDialect: Sendable, Hashable {
    /// AppSync's protocol (subprotocol `graphql-ws`, `start`/`start_ack`/`data`/`ka`).
    case appSync
    /// The standard `graphql-transport-ws` protocol.
    case transportWS
}

/// Limits and timing of real-time connections.
package struct RealtimeSessionOptions: Sendable {
    /// The `connectionTimeoutMs` sent in AppSync's `connection_ack`.
    package var connectionTimeout: Duration
    /// How often AppSync `ka` messages are sent (one is sent right after `connection_ack` too).
    package var keepAliveInterval: Duration
    /// Subscriptions one connection may hold; more get `MaxSubscriptionsReachedError`.
    package var maximumSubscriptions: Int
    /// How long a connection may take to send `connection_init` before it is closed.
    package var connectionInitTimeout: Duration
    /// Bytes of outgoing messages that may wait for a slow client before it is disconnected.
    package var maximumOutboundBytes: Int
    /// Refuse AppSync connections that did not offer the `graphql-ws` subprotocol with a
    /// `connection_error` (`SubProtocolNotSupportedError`), as AppSync does.
    package var requiresAppSyncSubprotocol: Bool

    package init(
        connectionTimeout: Duration = .seconds(300), keepAliveInterval: Duration = .seconds(60),
        maximumSubscriptions: Int = 100, connectionInitTimeout: Duration = .seconds(30),
        maximumOutboundBytes: Int = 8 << 20, requiresAppSyncSubprotocol: Bool = true
    ) {
        self.connectionTimeout = connectionTimeout
        self.keepAliveInterval = keepAliveInterval
        self.maximumSubscriptions = maximumSubscriptions
        self.connectionInitTimeout = connectionInitTimeout
        self.maximumOutboundBytes = maximumOutboundBytes
        self.requiresAppSyncSubprotocol = requiresAppSyncSubprotocol
    }
}

/// Errors in the shape both protocols carry.
package enum RealtimeErrors {
    /// `{"errorType": type, "message": message}` (plus `errorCode` when given).
    package static func error(_ type: String, _ message: String, code: Int? = nil) -> JSONValue {
        var object: [String: JSONValue] = ["errorType": .string(type), "message": .string(message)]
        if let code { object["errorCode"] = .number(Double(code)) }
        return .object(object)
    }
}
