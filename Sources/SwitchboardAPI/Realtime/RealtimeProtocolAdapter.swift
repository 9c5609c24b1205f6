import Foundation
import SwitchboardRealtimeProtocol

/// What a real-time connection receives, whichever protocol carries it.
enum RealtimeInbound: Sendable {
    case acknowledged(keepAlive: Duration?)
    case keepAlive
    case ping(JSONValue?)
    /// graphql-transport-ws's answer to a ping: a keep-alive, and the answer to a registration probe.
    case pong(JSONValue?)
    case started(id: String)
    case payload(id: String, bytes: [UInt8])
    case failed(id: String?, errors: [GraphQLError])
    case completed(id: String)
    case connectionFailed(errors: [GraphQLError])
}

extension RealtimeInbound {
    /// The same message with its subscription id replaced by `map`'s answer; a message whose id
    /// `map` does not know becomes a keep-alive (it concerns no subscription).
    func mappingID(_ map: (String) -> String?) -> RealtimeInbound {
        func mapped(_ id: String, _ make: (String) -> RealtimeInbound) -> RealtimeInbound {
            map(id).map(make) ?? .keepAlive
        }
        switch self {
        case .started(let id): return mapped(id) { .started(id: $0) }
        case .payload(let id, let bytes): return mapped(id) { .payload(id: $0, bytes: bytes) }
        case .failed(let id?, let errors): return mapped(id) { .failed(id: $0, errors: errors) }
        case .completed(let id): return mapped(id) { .completed(id: $0) }
        case .acknowledged, .keepAlive, .ping, .pong, .failed(nil, _), .connectionFailed: return self
        }
    }
}

/// The differences between AppSync's protocol, `graphql-transport-ws` and the legacy
/// `graphql-ws`, behind one interface.
protocol RealtimeProtocolAdapter: Sendable {
    /// Which protocol this is: from the API's configuration and the server's answer to the upgrade.
    var dialect: SubscriptionProtocol { get }
    var subprotocol: String { get }
    /// Whether keep-alives come only from servers configured to send them (the legacy protocol):
    /// then a silent server is not taken for a dead one until its first keep-alive arrived.
    var keepAliveIsOptional: Bool { get }
    /// Whether the server acknowledges each start (AppSync `start_ack`).
    var acknowledgesStarts: Bool { get }
    /// Whether the client must ping to detect a dead connection.
    var clientPings: Bool { get }
    func initMessage(authorization: [String: String]) -> String
    func startMessage(id: String, request: SubscriptionStart, authorization: [String: String]) -> String
    func stopMessage(id: String) -> String
    func pingMessage() -> String
    func pongMessage(_ payload: JSONValue?) -> String
    /// On a protocol that acknowledges no subscription, a message to send after the subscription
    /// `id`'s start whose answer shows the server has handled that start; `nil` when there is none.
    func registrationProbe(id: String) -> String?
    func parse(_ text: String) throws(RealtimeProtocolError) -> RealtimeInbound
}

/// The document and variables a subscription starts with.
struct SubscriptionStart: Sendable {
    let document: String
    let variables: [String: JSONValue]?
    let operationName: String?

    /// `{query, variables}` as AppSync's `start.payload.data` string (also what IAM signs).
    var dataString: String {
        var object: [String: JSONValue] = ["query": .string(document), "variables": .object(variables ?? [:])]
        if let operationName { object["operationName"] = .string(operationName) }
        return JSONValue.object(object).jsonText
    }
}

struct AppSyncProtocolAdapter: RealtimeProtocolAdapter {
    var dialect: SubscriptionProtocol { .appSync }
    var subprotocol: String { "graphql-ws" }
    var acknowledgesStarts: Bool { true }
    var clientPings: Bool { false }
    var keepAliveIsOptional: Bool { false }

    func initMessage(authorization: [String: String]) -> String { AppSyncRealtimeMessage.connectionInit.jsonText }

    func startMessage(id: String, request: SubscriptionStart, authorization: [String: String]) -> String {
        AppSyncRealtimeMessage.start(id: id, data: request.dataString, authorization: authorization).jsonText
    }

    func stopMessage(id: String) -> String { AppSyncRealtimeMessage.stop(id: id).jsonText }
    func pingMessage() -> String { AppSyncRealtimeMessage.keepAlive.jsonText }
    func pongMessage(_ payload: JSONValue?) -> String { AppSyncRealtimeMessage.keepAlive.jsonText }
    func registrationProbe(id: String) -> String? { nil }  // `start_ack` says it

    func parse(_ text: String) throws(RealtimeProtocolError) -> RealtimeInbound {
        switch try AppSyncRealtimeMessage(parsing: text) {
        case .connectionAck(let timeout): return .acknowledged(keepAlive: timeout.map { .milliseconds($0) })
        case .keepAlive: return .keepAlive
        case .startAck(let id): return .started(id: id)
        case .data(let id, let payload): return .payload(id: id, bytes: payload)
        case .error(let id, let errors): return .failed(id: id, errors: errors)
        case .complete(let id): return .completed(id: id)
        case .connectionError(let errors): return .connectionFailed(errors: errors)
        case .connectionInit, .start, .stop:
            throw RealtimeProtocolError("a client message arrived from the server", text)
        }
    }
}

struct GraphQLTransportWSAdapter: RealtimeProtocolAdapter {
    var dialect: SubscriptionProtocol { .graphQLTransportWS }
    var subprotocol: String { GraphQLTransportWSMessage.subprotocol }
    var acknowledgesStarts: Bool { false }
    var clientPings: Bool { true }
    var keepAliveIsOptional: Bool { false }

    func initMessage(authorization: [String: String]) -> String {
        let payload: JSONValue? = authorization.isEmpty ? nil : .object(authorization.mapValues(JSONValue.string))
        return GraphQLTransportWSMessage.connectionInit(payload: payload).jsonText
    }

    func startMessage(id: String, request: SubscriptionStart, authorization: [String: String]) -> String {
        GraphQLTransportWSMessage.subscribe(
            id: id, query: request.document, variables: request.variables, operationName: request.operationName
        ).jsonText
    }

    func stopMessage(id: String) -> String { GraphQLTransportWSMessage.complete(id: id).jsonText }
    /// A keep-alive ping carries a payload of its own, so that a server that echoes payloads never
    /// answers it with a bare pong, which would answer every registration probe.
    func pingMessage() -> String {
        GraphQLTransportWSMessage.ping(payload: .object([Self.keepAliveKey: .boolean(true)])).jsonText
    }
    func pongMessage(_ payload: JSONValue?) -> String { GraphQLTransportWSMessage.pong(payload: payload).jsonText }
    /// A ping naming the subscription: a server handles one connection's messages in order, so
    /// its pong comes once the `subscribe` before it was handled.
    func registrationProbe(id: String) -> String? {
        GraphQLTransportWSMessage.ping(payload: .object([Self.probeKey: .string(id)])).jsonText
    }

    /// The key of a registration probe's ping payload, which servers echo in the pong.
    static let probeKey = "switchboardSubscribed"
    /// The key of a keep-alive ping's payload.
    static let keepAliveKey = "switchboardKeepAlive"

    func parse(_ text: String) throws(RealtimeProtocolError) -> RealtimeInbound {
        switch try GraphQLTransportWSMessage(parsing: text) {
        case .connectionAck: return .acknowledged(keepAlive: nil)
        case .ping(let payload): return .ping(payload)
        case .pong(let payload): return .pong(payload)
        case .next(let id, let payload): return .payload(id: id, bytes: payload)
        case .error(let id, let errors): return .failed(id: id, errors: errors)
        case .complete(let id): return .completed(id: id)
        case .connectionInit, .subscribe:
            throw RealtimeProtocolError("a client message arrived from the server", text)
        }
    }
}

struct GraphQLWSAdapter: RealtimeProtocolAdapter {
    var dialect: SubscriptionProtocol { .graphQLWS }
    var subprotocol: String { GraphQLWSMessage.subprotocol }
    var acknowledgesStarts: Bool { false }
    var clientPings: Bool { false }
    var keepAliveIsOptional: Bool { true }

    func initMessage(authorization: [String: String]) -> String {
        let payload: JSONValue? = authorization.isEmpty ? nil : .object(authorization.mapValues(JSONValue.string))
        return GraphQLWSMessage.connectionInit(payload: payload).jsonText
    }

    func startMessage(id: String, request: SubscriptionStart, authorization: [String: String]) -> String {
        GraphQLWSMessage.start(
            id: id, query: request.document, variables: request.variables, operationName: request.operationName
        ).jsonText
    }

    func stopMessage(id: String) -> String { GraphQLWSMessage.stop(id: id).jsonText }
    // The protocol has no client ping (``clientPings`` is false); a keep-alive answers a ping.
    func pingMessage() -> String { GraphQLWSMessage.keepAlive.jsonText }
    func pongMessage(_ payload: JSONValue?) -> String { GraphQLWSMessage.keepAlive.jsonText }
    func registrationProbe(id: String) -> String? { nil }  // the protocol has no client ping

    func parse(_ text: String) throws(RealtimeProtocolError) -> RealtimeInbound {
        switch try GraphQLWSMessage(parsing: text) {
        case .connectionAck: return .acknowledged(keepAlive: nil)
        case .keepAlive: return .keepAlive
        case .data(let id, let payload): return .payload(id: id, bytes: payload)
        case .error(let id, let errors): return .failed(id: id, errors: errors)
        case .complete(let id): return .completed(id: id)
        case .connectionError(let errors): return .connectionFailed(errors: errors)
        case .connectionInit, .connectionTerminate, .start, .stop:
            throw RealtimeProtocolError("a client message arrived from the server", text)
        }
    }
}

extension SubscriptionProtocol {
    /// The subprotocols a client offers, in order of preference: `graphql-transport-ws` clients
    /// also offer the legacy `graphql-ws`, which the server may choose instead.
    var offeredSubprotocols: [String] {
        switch self {
        case .appSync: ["graphql-ws"]
        case .graphQLTransportWS: [GraphQLTransportWSMessage.subprotocol, GraphQLWSMessage.subprotocol]
        case .graphQLWS: [GraphQLWSMessage.subprotocol]
        }
    }

    /// The adapter for the protocol the server chose in its answer to the upgrade (`chosen`, the
    /// answer's `Sec-WebSocket-Protocol`); a server that names none gets the configured one.
    func adapter(chosen: String?) -> any RealtimeProtocolAdapter {
        switch self {
        case .appSync: AppSyncProtocolAdapter()
        case .graphQLTransportWS where chosen == GraphQLWSMessage.subprotocol: GraphQLWSAdapter()
        case .graphQLTransportWS: GraphQLTransportWSAdapter()
        case .graphQLWS: GraphQLWSAdapter()
        }
    }
}
