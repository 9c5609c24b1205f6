import Foundation
import GraphQLLanguage
import Switchboard
import SwitchboardNet

/// Which real-time protocol a connection speaks.
enum MockRealtimeDialect: Sendable {
    /// AppSync's protocol (subprotocol `graphql-ws`, `start`/`start_ack`/`data`/`ka`).
    case appSync
    /// The standard `graphql-transport-ws` protocol.
    case transportWS
}

/// One real-time connection of a ``MockServer``: reads client messages, answers subscriptions from
/// the server's ``SubscriptionEndpoint``s and writes events.
actor MockRealtimeSession {
    let number: Int
    private let socket: WebSocket
    private let dialect: MockRealtimeDialect
    private let handshakeHeaders: HTTPHeaders
    private let server: MockServerState
    private var initialized = false
    private var scripts: [String: Task<Void, Never>] = [:]
    private var keepAlive: Task<Void, Never>?

    init(
        number: Int, socket: WebSocket, dialect: MockRealtimeDialect, handshakeHeaders: HTTPHeaders,
        server: MockServerState
    ) {
        self.number = number
        self.socket = socket
        self.dialect = dialect
        self.handshakeHeaders = handshakeHeaders
        self.server = server
    }

    /// Serves the connection until the client leaves or the server drops it.
    func run() async {
        while let message = try? await socket.receive() {
            guard case .text(let text) = message else { continue }
            await handle(text)
        }
        await tearDown()
    }

    private func tearDown() async {
        keepAlive?.cancel()
        for script in scripts.values { script.cancel() }
        scripts.removeAll()
        await server.realtime.close(session: number)
    }

    /// Aborts the TCP connection (the client sees an abnormal closure, 1006).
    func abort() { socket.abort() }

    /// Closes the connection with a closing handshake.
    func shutdown() async {
        keepAlive?.cancel()
        for script in scripts.values { script.cancel() }
        await socket.close(code: 1001, reason: "server shutting down")
    }

    // MARK: Messages

    private func handle(_ text: String) async {
        switch dialect {
        case .appSync: await handleAppSync(text)
        case .transportWS: await handleTransportWS(text)
        }
    }

    private func handleAppSync(_ text: String) async {
        guard let message = try? AppSyncRealtimeMessage(parsing: text) else {
            await sendError(id: nil, [Self.error("BadRequestException", "unreadable message")])
            return
        }
        switch message {
        case .connectionInit:
            let options = server.realtime.options
            if let reason = options.requiredHeaders.mismatch(in: handshakeHeaders) {
                let errors: JSONValue = ["errors": [Self.unauthorized(reason)]]
                await send(JSONValue.object(["type": "connection_error", "payload": errors]).jsonText)
                await socket.close(code: 1000, reason: "")
                return
            }
            initialized = true
            let timeout = Int(options.connectionTimeout / .milliseconds(1))
            await send(AppSyncRealtimeMessage.connectionAck(connectionTimeoutMs: timeout).jsonText)
            startKeepAlive(every: options.keepAliveInterval)
        case .start(let id, let data, let authorization):
            var headers = handshakeHeaders
            for (name, value) in authorization { headers.replaceOrAdd(name: name, value: value) }
            await start(id: id, payloadText: data, headers: headers)
        case .stop(let id):
            await stop(id: id)
            await send(AppSyncRealtimeMessage.complete(id: id).jsonText)
        default:
            break
        }
    }

    private func handleTransportWS(_ text: String) async {
        guard let message = try? GraphQLTransportWSMessage(parsing: text) else {
            await socket.close(code: 4400, reason: "Invalid message")
            return
        }
        switch message {
        case .connectionInit(let payload):
            var headers = handshakeHeaders
            if case .object(let members)? = payload {
                for (name, value) in members {
                    if let text = value.stringValue { headers.replaceOrAdd(name: name, value: text) }
                }
            }
            if let reason = server.realtime.options.requiredHeaders.mismatch(in: headers) {
                await socket.close(code: 4403, reason: "Forbidden: \(reason)")
                return
            }
            initialized = true
            await send(GraphQLTransportWSMessage.connectionAck(payload: nil).jsonText)
        case .ping(let payload):
            await send(GraphQLTransportWSMessage.pong(payload: payload).jsonText)
        case .subscribe(let id, let query, let variables, let operationName):
            guard initialized else {
                await socket.close(code: 4401, reason: "Unauthorized")
                return
            }
            guard scripts[id] == nil else {
                await socket.close(code: 4409, reason: "Subscriber for \(id) already exists")
                return
            }
            var payload: [String: JSONValue] = ["query": .string(query)]
            if let variables { payload["variables"] = .object(variables) }
            if let operationName { payload["operationName"] = .string(operationName) }
            await start(id: id, payloadText: JSONValue.object(payload).jsonText, headers: handshakeHeaders)
        case .complete(let id):
            await stop(id: id)
        default:
            break
        }
    }

    // MARK: Subscriptions

    private func start(id: String, payloadText: String, headers: HTTPHeaders) async {
        guard initialized else {
            await sendError(id: id, [Self.unauthorized("connection_init was not sent")])
            return
        }
        let resolution = await server.resolveSubscription(payloadText: payloadText, headers: headers)
        let endpoint: SubscriptionEndpoint
        let index: Int
        let operation: OperationDefinition
        switch resolution {
        case .failure(let error):
            await sendError(id: id, [error.json])
            return
        case .success(let match):
            (endpoint, index, operation) = match
        }
        if let limit = server.realtime.options.maximumSubscriptionsPerConnection,
            await server.realtime.subscriptionCount(session: number) >= limit
        {
            await sendError(
                id: id, [Self.error("MaxSubscriptionsReachedError", "Max number of \(limit) subscriptions reached")])
            return
        }
        let rootField =
            operation.selectionSet.selections.lazy.compactMap { selection -> String? in
                if case .field(let field) = selection { return field.responseKey }
                return nil
            }.first ?? ""
        await server.realtime.started(
            .init(session: self, id: id, endpointIndex: index, operationName: operation.name, rootField: rootField),
            session: number)
        if dialect == .appSync { await send(AppSyncRealtimeMessage.startAck(id: id).jsonText) }
        guard !endpoint.events.isEmpty else { return }
        scripts[id] = Task { await self.play(endpoint.events, id: id) }
    }

    private func play(_ events: [MockSubscriptionEvent], id: String) async {
        for event in events {
            if event.delay > .zero { try? await Task.sleep(for: event.delay) }
            guard !Task.isCancelled else { return }
            switch event {
            case .data(let data, _):
                await deliver(id: id, payload: Array(JSONValue.object(["data": data]).jsonText.utf8))
            case .errors(let errors, let data, _):
                var payload: [String: JSONValue] = ["errors": .array(errors)]
                if let data { payload["data"] = data }
                await deliver(id: id, payload: Array(JSONValue.object(payload).jsonText.utf8))
            case .complete:
                await stop(id: id)
                await send(
                    dialect == .appSync
                        ? AppSyncRealtimeMessage.complete(id: id).jsonText
                        : GraphQLTransportWSMessage.complete(id: id).jsonText)
                return
            }
        }
    }

    private func stop(id: String) async {
        scripts.removeValue(forKey: id)?.cancel()
        await server.realtime.ended(session: number, id: id)
    }

    /// Sends one event to the subscription `id`.
    func deliver(id: String, payload bytes: [UInt8]) async {
        switch dialect {
        case .appSync: await send(AppSyncRealtimeMessage.data(id: id, payload: bytes).jsonText)
        case .transportWS: await send(GraphQLTransportWSMessage.next(id: id, payload: bytes).jsonText)
        }
    }

    /// Errors go out as the JSON given (AppSync puts `errorType` at the top level of each error).
    private func sendError(id: String?, _ errors: [JSONValue]) async {
        var message: [String: JSONValue] = ["type": "error"]
        if let id { message["id"] = .string(id) }
        switch dialect {
        case .appSync: message["payload"] = ["errors": .array(errors)]
        case .transportWS: message["payload"] = .array(errors)
        }
        await send(JSONValue.object(message).jsonText)
    }

    private func send(_ text: String) async {
        try? await socket.send(text: text)
    }

    private func startKeepAlive(every interval: Duration) {
        keepAlive?.cancel()
        let hub = server.realtime
        keepAlive = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled, let self else { return }
                if await hub.keepAlivePaused { continue }
                await self.send(AppSyncRealtimeMessage.keepAlive.jsonText)
            }
        }
    }

    static func error(_ type: String, _ message: String) -> JSONValue {
        ["errorType": .string(type), "message": .string(message)]
    }

    static func unauthorized(_ reason: String) -> JSONValue {
        [
            "errorType": "UnauthorizedException", "message": .string("You are not authorized: \(reason)"),
            "errorCode": 401,
        ]
    }
}
