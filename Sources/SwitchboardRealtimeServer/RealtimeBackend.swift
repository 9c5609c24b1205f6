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
    package var dialect: SubscriptionProtocol
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
