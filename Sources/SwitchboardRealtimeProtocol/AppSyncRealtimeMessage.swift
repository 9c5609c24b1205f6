import Foundation
import Switchboard
import SwitchboardCore

/// Messages of AppSync's real-time protocol (subprotocol `graphql-ws`).
package enum AppSyncRealtimeMessage: Sendable, Equatable {
    /// Client → server: open the session.
    case connectionInit
    /// Client → server: start subscription `id`; `data` is the JSON text of `{query, variables}`.
    case start(id: String, data: String, authorization: [String: String])
    /// Client → server: stop subscription `id`.
    case stop(id: String)
    /// Server → client: the session is open; keep-alives come at least every `connectionTimeoutMs`.
    case connectionAck(connectionTimeoutMs: Int?)
    /// Server → client: keep-alive.
    case keepAlive
    /// Server → client: subscription `id` is active.
    case startAck(id: String)
    /// Server → client: a result for `id`; `payload` holds the raw JSON bytes of `{data, errors}`.
    case data(id: String, payload: [UInt8])
    /// Server → client: subscription `id` (when known) failed.
    case error(id: String?, errors: [GraphQLError])
    /// Server → client: subscription `id` ended (acknowledges `stop`).
    case complete(id: String)
    /// Server → client: the connection failed.
    case connectionError(errors: [GraphQLError])

    /// The JSON text of a client message.
    package var jsonText: String {
        switch self {
        case .connectionInit: return #"{"type":"connection_init"}"#
        case .start(let id, let data, let authorization):
            let message: JSONValue = [
                "type": "start", "id": .string(id),
                "payload": [
                    "data": .string(data),
                    "extensions": ["authorization": .object(authorization.mapValues(JSONValue.string))],
                ],
            ]
            return message.jsonText
        case .stop(let id): return JSONValue.object(["type": "stop", "id": .string(id)]).jsonText
        case .connectionAck(let timeout):
            return JSONValue.object([
                "type": "connection_ack",
                "payload": ["connectionTimeoutMs": timeout.map { .number(Double($0)) } ?? .null],
            ]).jsonText
        case .keepAlive: return #"{"type":"ka"}"#
        case .startAck(let id): return JSONValue.object(["type": "start_ack", "id": .string(id)]).jsonText
        case .data(let id, let payload):
            return RealtimeEventMessage.text(type: "data", id: id, payload: payload)
        case .error(let id, let errors):
            var message: [String: JSONValue] = ["type": "error", "payload": ["errors": RealtimeJSON.json(errors)]]
            if let id { message["id"] = .string(id) }
            return JSONValue.object(message).jsonText
        case .complete(let id): return JSONValue.object(["type": "complete", "id": .string(id)]).jsonText
        case .connectionError(let errors):
            return JSONValue.object(["type": "connection_error", "payload": ["errors": RealtimeJSON.json(errors)]])
                .jsonText
        }
    }

    /// Parses any message of the protocol, either direction.
    package init(parsing text: String) throws(RealtimeProtocolError) {
        let bytes = Array(text.utf8)
        let (type, id) = try RealtimeJSON.typeAndID(of: bytes, text)
        guard let type else { throw RealtimeProtocolError("message without a type", text) }
        // A data message's payload is handed on as bytes: no tree is built for it.
        let object = type == "data" ? JSONValue.null : try RealtimeJSON.object(bytes)
        func requireID() throws(RealtimeProtocolError) -> String {
            guard let id else { throw RealtimeProtocolError("\(type) message without an id", text) }
            return id
        }
        switch type {
        case "connection_init": self = .connectionInit
        case "start":
            guard case .string(let data)? = object["payload"]?["data"] else {
                throw RealtimeProtocolError("start message without payload.data string", text)
            }
            var authorization: [String: String] = [:]
            if case .object(let members)? = object["payload"]?["extensions"]?["authorization"] {
                for (key, value) in members { if let string = value.stringValue { authorization[key] = string } }
            }
            self = .start(id: try requireID(), data: data, authorization: authorization)
        case "stop": self = .stop(id: try requireID())
        case "connection_ack":
            self = .connectionAck(connectionTimeoutMs: object["payload"]?["connectionTimeoutMs"]?.intValue)
        case "ka": self = .keepAlive
        case "start_ack": self = .startAck(id: try requireID())
        case "data": self = .data(id: try requireID(), payload: try RealtimeJSON.rawMember("payload", in: bytes, text))
        case "error":
            self = .error(
                id: id, errors: RealtimeJSON.errors(in: object["payload"]) ?? RealtimeJSON.errors(in: object) ?? [])
        case "complete": self = .complete(id: try requireID())
        case "connection_error":
            self = .connectionError(
                errors: RealtimeJSON.errors(in: object["payload"]) ?? RealtimeJSON.errors(in: object) ?? [])
        default: throw RealtimeProtocolError("unknown message type \"\(type)\"", text)
        }
    }
}

/// A real-time message that is not valid for its protocol.
package struct RealtimeProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    package let reason: String
    /// The start of the offending message.
    package let excerpt: String

    /// Creates an error with an excerpt of `message`.
    package init(_ reason: String, _ message: String) {
        self.reason = reason
        self.excerpt = String(message.prefix(200))
    }

    /// The reason and the excerpt.
    package var description: String { "\(reason): \(excerpt)" }
}

/// JSON helpers shared by both real-time protocols.
enum RealtimeJSON {
    /// A message's top-level `type` and `id` (each `nil` unless a string), read from a tape of
    /// the message, which is checked to be one JSON object; no tree is built.
    static func typeAndID(of bytes: [UInt8], _ text: String) throws(RealtimeProtocolError) -> (
        type: String?, id: String?
    ) {
        let tape: JSONTape
        do {
            tape = try bytes.withUnsafeBytes { buffer throws(JSONScanner.Failure) in try JSONTape(buffer) }
        } catch {
            throw RealtimeProtocolError("message is not a JSON object", text)
        }
        return try withExtendedLifetime(tape) { () throws(RealtimeProtocolError) -> (type: String?, id: String?) in
            let view = tape.view
            guard view.tokens[0].kind == .object else {
                throw RealtimeProtocolError("message is not a JSON object", text)
            }
            var type: String?
            var id: String?
            var index = 1
            for _ in 0..<view.tokens[0].count {
                let value = index + 1
                let isString = view.tokens[value].kind == .string
                if Self.key(index, in: view, is: "type") { type = isString ? view.string(value) : nil }
                if Self.key(index, in: view, is: "id") { id = isString ? view.string(value) : nil }
                index = view.next(after: value)
            }
            return (type, id)
        }
    }

    private static func key(_ index: Int, in view: JSONTapeView, is name: StaticString) -> Bool {
        name.withUTF8Buffer { view.key(index, equals: $0) }
    }

    static func object(_ bytes: [UInt8]) throws(RealtimeProtocolError) -> JSONValue {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let value = try? JSONValue(parsing: Data(bytes)), case .object = value else {
            throw RealtimeProtocolError("message is not a JSON object", text)
        }
        return value
    }

    /// The raw bytes of a top-level member, for decoding straight into the caller's type.
    static func rawMember(_ key: String, in bytes: [UInt8], _ text: String) throws(RealtimeProtocolError) -> [UInt8] {
        let range = try? bytes.withUnsafeBufferPointer { buffer in try JSONScanner.range(at: [key], in: buffer) }
        guard let range = range ?? nil else { throw RealtimeProtocolError("message without \(key)", text) }
        return Array(bytes[range])
    }

    /// AppSync sends `errors` as an array or, sometimes, as a single object.
    static func errors(in container: JSONValue?) -> [GraphQLError]? {
        guard let errors = container?["errors"] else { return nil }
        let list: [JSONValue]
        switch errors {
        case .array(let items): list = items
        case .object: list = [errors]
        default: return nil
        }
        return list.map { item in
            (try? item.decode(as: GraphQLError.self))
                ?? GraphQLError(
                    message: item["message"]?.stringValue ?? item.jsonText, extensions: extensions(of: item))
        }
    }

    private static func extensions(of item: JSONValue) -> [String: JSONValue]? {
        guard case .object(let members) = item else { return nil }
        let extra = members.filter { $0.key != "message" }
        return extra.isEmpty ? nil : extra
    }

    /// `{"type": type, "payload": payload}`, without `payload` when it is `nil`.
    static func message(_ type: String, payload: JSONValue?) -> String {
        var message: [String: JSONValue] = ["type": .string(type)]
        if let payload { message["payload"] = payload }
        return JSONValue.object(message).jsonText
    }

    /// `{"type": type, "id": id, "payload": {query, variables?, operationName?}}`: a
    /// graphql-transport-ws `subscribe` or a legacy graphql-ws `start`.
    static func operation(
        _ type: String, id: String, query: String, variables: [String: JSONValue]?, operationName: String?
    ) -> String {
        var payload: [String: JSONValue] = ["query": .string(query)]
        if let variables { payload["variables"] = .object(variables) }
        if let operationName { payload["operationName"] = .string(operationName) }
        return JSONValue.object(["type": .string(type), "id": .string(id), "payload": .object(payload)]).jsonText
    }

    static func json(_ errors: [GraphQLError]) -> JSONValue {
        (try? JSONValue(encoding: errors)) ?? .array(errors.map { ["message": .string($0.message)] })
    }
}
