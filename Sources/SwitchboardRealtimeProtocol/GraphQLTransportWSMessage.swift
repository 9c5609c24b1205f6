import Switchboard
import SwitchboardCore

/// Messages of the `graphql-transport-ws` protocol (the `graphql-ws` library's protocol), both directions.
package enum GraphQLTransportWSMessage: Sendable, Equatable {
    /// Client → server: open the session, with an optional payload (e.g. auth).
    case connectionInit(payload: JSONValue?)
    /// Server → client: the session is open.
    case connectionAck(payload: JSONValue?)
    /// Either direction: a ping, answered with pong.
    case ping(payload: JSONValue?)
    /// Either direction: answers a ping.
    case pong(payload: JSONValue?)
    /// Client → server: start operation `id`.
    case subscribe(id: String, query: String, variables: [String: JSONValue]?, operationName: String?)
    /// Server → client: a result for `id`; `payload` holds the raw JSON bytes of `{data, errors}`.
    case next(id: String, payload: [UInt8])
    /// Server → client: operation `id` failed before producing results.
    case error(id: String, errors: [GraphQLError])
    /// Either direction: operation `id` is over.
    case complete(id: String)

    /// The subprotocol name negotiated in the WebSocket handshake.
    package static let subprotocol = "graphql-transport-ws"

    /// The JSON text of the message.
    package var jsonText: String {
        switch self {
        case .connectionInit(let payload): RealtimeJSON.message("connection_init", payload: payload)
        case .connectionAck(let payload): RealtimeJSON.message("connection_ack", payload: payload)
        case .ping(let payload): RealtimeJSON.message("ping", payload: payload)
        case .pong(let payload): RealtimeJSON.message("pong", payload: payload)
        case .subscribe(let id, let query, let variables, let operationName):
            RealtimeJSON.operation(
                "subscribe", id: id, query: query, variables: variables, operationName: operationName)
        case .next(let id, let payload):
            RealtimeEventMessage.text(type: "next", id: id, payload: payload)
        case .error(let id, let errors):
            JSONValue.object(["type": "error", "id": .string(id), "payload": RealtimeJSON.json(errors)]).jsonText
        case .complete(let id): JSONValue.object(["type": "complete", "id": .string(id)]).jsonText
        }
    }

    /// Parses a message of the protocol.
    package init(parsing text: String) throws(RealtimeProtocolError) {
        let bytes = Array(text.utf8)
        let (type, id) = try RealtimeJSON.typeAndID(of: bytes, text)
        guard let type else { throw RealtimeProtocolError("message without a type", text) }
        // A next message's payload is handed on as bytes: no tree is built for it.
        let object = type == "next" ? JSONValue.null : try RealtimeJSON.object(bytes)
        let payload = object["payload"]
        func requireID() throws(RealtimeProtocolError) -> String {
            guard let id, !id.isEmpty else {
                throw RealtimeProtocolError("\(type) message without an id", text)
            }
            return id
        }
        switch type {
        case "connection_init": self = .connectionInit(payload: payload)
        case "connection_ack": self = .connectionAck(payload: payload)
        case "ping": self = .ping(payload: payload)
        case "pong": self = .pong(payload: payload)
        case "subscribe":
            guard case .string(let query)? = payload?["query"] else {
                throw RealtimeProtocolError("subscribe message without payload.query", text)
            }
            self = .subscribe(
                id: try requireID(), query: query, variables: payload?["variables"]?.objectValue,
                operationName: payload?["operationName"]?.stringValue)
        case "next": self = .next(id: try requireID(), payload: try RealtimeJSON.rawMember("payload", in: bytes, text))
        case "error":
            self = .error(id: try requireID(), errors: RealtimeJSON.errors(in: ["errors": payload ?? .null]) ?? [])
        case "complete": self = .complete(id: try requireID())
        default: throw RealtimeProtocolError("unknown message type \"\(type)\"", text)
        }
    }
}
