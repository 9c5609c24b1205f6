import Switchboard
import SwitchboardCore

/// Messages of the legacy `graphql-ws` protocol of Apollo's `subscriptions-transport-ws`, both
/// directions. Servers that predate `graphql-transport-ws` (and many that kept it beside it)
/// speak only this one.
package enum GraphQLWSMessage: Sendable, Equatable {
    /// Client → server: open the session, with an optional payload (connection parameters, auth).
    case connectionInit(payload: JSONValue?)
    /// Client → server: close the session.
    case connectionTerminate
    /// Client → server: start operation `id`.
    case start(id: String, query: String, variables: [String: JSONValue]?, operationName: String?)
    /// Client → server: stop operation `id`.
    case stop(id: String)
    /// Server → client: the session is open.
    case connectionAck(payload: JSONValue?)
    /// Server → client: the session was refused.
    case connectionError(errors: [GraphQLError])
    /// Server → client: keep-alive; once one arrived, more follow at the server's interval.
    case keepAlive
    /// Server → client: a result for `id`; `payload` holds the raw JSON bytes of `{data, errors}`.
    case data(id: String, payload: [UInt8])
    /// Server → client: operation `id` failed before producing results.
    case error(id: String, errors: [GraphQLError])
    /// Server → client: operation `id` is over.
    case complete(id: String)

    /// The subprotocol name negotiated in the WebSocket handshake (the same name AppSync's
    /// protocol uses, on another endpoint).
    package static let subprotocol = "graphql-ws"

    /// The JSON text of the message. An `error` carries its first error as the payload object,
    /// as `subscriptions-transport-ws` servers and Strawberry send it.
    package var jsonText: String {
        switch self {
        case .connectionInit(let payload): RealtimeJSON.message("connection_init", payload: payload)
        case .connectionTerminate: #"{"type":"connection_terminate"}"#
        case .start(let id, let query, let variables, let operationName):
            RealtimeJSON.operation("start", id: id, query: query, variables: variables, operationName: operationName)
        case .stop(let id): JSONValue.object(["type": "stop", "id": .string(id)]).jsonText
        case .connectionAck(let payload): RealtimeJSON.message("connection_ack", payload: payload)
        case .connectionError(let errors):
            RealtimeJSON.message(
                "connection_error", payload: RealtimeJSON.json(Array(errors.prefix(1))).arrayValue?.first)
        case .keepAlive: #"{"type":"ka"}"#
        case .data(let id, let payload):
            RealtimeEventMessage.text(type: "data", id: id, payload: payload)
        case .error(let id, let errors):
            JSONValue.object([
                "type": "error", "id": .string(id),
                "payload": RealtimeJSON.json(Array(errors.prefix(1))).arrayValue?.first ?? ["message": "error"],
            ]).jsonText
        case .complete(let id): JSONValue.object(["type": "complete", "id": .string(id)]).jsonText
        }
    }

    /// Parses a message of the protocol, either direction. Error payloads are read in every shape
    /// servers send: one error object, an array of them, or `{errors: […]}`.
    package init(parsing text: String) throws(RealtimeProtocolError) {
        let bytes = Array(text.utf8)
        let (type, id) = try RealtimeJSON.typeAndID(of: bytes, text)
        guard let type else { throw RealtimeProtocolError("message without a type", text) }
        // A data message's payload is handed on as bytes: no tree is built for it.
        let object = type == "data" ? JSONValue.null : try RealtimeJSON.object(bytes)
        let payload = object["payload"]
        func requireID() throws(RealtimeProtocolError) -> String {
            guard let id, !id.isEmpty else { throw RealtimeProtocolError("\(type) message without an id", text) }
            return id
        }
        switch type {
        case "connection_init": self = .connectionInit(payload: payload)
        case "connection_terminate": self = .connectionTerminate
        case "start":
            guard case .string(let query)? = payload?["query"] else {
                throw RealtimeProtocolError("start message without payload.query", text)
            }
            self = .start(
                id: try requireID(), query: query, variables: payload?["variables"]?.objectValue,
                operationName: payload?["operationName"]?.stringValue)
        case "stop": self = .stop(id: try requireID())
        case "connection_ack": self = .connectionAck(payload: payload)
        case "connection_error": self = .connectionError(errors: Self.errors(payload, text: text))
        case "ka": self = .keepAlive
        case "data": self = .data(id: try requireID(), payload: try RealtimeJSON.rawMember("payload", in: bytes, text))
        case "error": self = .error(id: try requireID(), errors: Self.errors(payload, text: text))
        case "complete": self = .complete(id: try requireID())
        default: throw RealtimeProtocolError("unknown message type \"\(type)\"", text)
        }
    }

    /// The errors of an `error` or `connection_error` payload, whatever its shape; a payload that
    /// says nothing still gives one error, so that a refusal is never silent.
    private static func errors(_ payload: JSONValue?, text: String) -> [GraphQLError] {
        let errors: [GraphQLError]? =
            switch payload {
            case .array(let items)?: RealtimeJSON.errors(in: ["errors": .array(items)])
            case .object(let members)? where members["errors"] != nil: RealtimeJSON.errors(in: payload)
            case .object?: RealtimeJSON.errors(in: ["errors": payload ?? .null])
            case .string(let message)?: [GraphQLError(message: message)]
            default: nil
            }
        if let errors, !errors.isEmpty { return errors }
        return [GraphQLError(message: "the server sent \(String(text.prefix(200)))")]
    }
}
