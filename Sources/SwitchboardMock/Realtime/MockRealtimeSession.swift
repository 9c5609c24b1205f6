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
///
/// Everything it sends goes through a bounded ``MockOutbox`` that one writer task drains, so
/// publishing never waits for this connection's client. A client that falls
/// ``MockRealtimeOptions/maximumOutboundBytes`` behind is disconnected with the protocol's error;
/// one that takes nothing for ``MockRealtimeOptions/writeTimeout`` is dropped. A connection that
/// sends no `connection_init` within ``MockRealtimeOptions/connectionInitTimeout`` is closed.
actor MockRealtimeSession {
    let number: Int
    private let socket: WebSocket
    private let dialect: MockRealtimeDialect
    private let handshakeHeaders: HTTPHeaders
    private let server: MockServerState
    private let outbox: MockOutbox
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
        self.outbox = MockOutbox(maximumBytes: server.realtime.options.maximumOutboundBytes)
    }

    /// Serves the connection until the client leaves or the server drops it.
    func run() async {
        let writer = Task { [outbox, socket] in await Self.write(outbox, to: socket) }
        let initTimer = Task { [weak self, timeout = server.realtime.options.connectionInitTimeout] in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            await self?.closeIfNotInitialized(after: timeout)
        }
        while let message = try? await socket.receive() {
            guard case .text(let text) = message else { continue }
            await handle(text)
        }
        initTimer.cancel()
        outbox.finish()
        await writer.value
        await tearDown()
    }

    /// Writes the outbox's items in order until it ends, a close is sent, or a send fails (the
    /// write timeout passed, or the connection is gone): then the connection is dropped.
    private static func write(_ outbox: MockOutbox, to socket: WebSocket) async {
        while let item = await outbox.next() {
            switch item {
            case .text(let text):
                do {
                    try await socket.send(text: text)
                } catch {
                    socket.abort()
                    outbox.finish()
                    return
                }
            case .close(let code, let reason):
                await socket.close(code: code, reason: reason)
                outbox.finish()
                return
            }
        }
    }

    private func tearDown() async {
        keepAlive?.cancel()
        for script in scripts.values { script.cancel() }
        scripts.removeAll()
        await server.realtime.close(session: number)
    }

    /// Aborts the TCP connection (the client sees an abnormal closure, 1006).
    func abort() {
        outbox.finish()
        socket.abort()
    }

    /// Closes the connection with a closing handshake, after discarding what waits to be sent.
    func shutdown() async {
        keepAlive?.cancel()
        for script in scripts.values { script.cancel() }
        if !outbox.replaceAll(with: [.close(code: 1001, reason: "server shutting down")]) { socket.abort() }
    }

    /// Closes a connection that never sent `connection_init` (graphql-ws's 4408; AppSync's protocol
    /// gets a `connection_error` first).
    private func closeIfNotInitialized(after timeout: Duration) {
        guard !initialized else { return }
        let reason = "no connection_init within \(timeout)"
        switch dialect {
        case .appSync:
            let errors: JSONValue = ["errors": [Self.error("ConnectionInitTimeout", "\(reason); closing")]]
            send(JSONValue.object(["type": "connection_error", "payload": errors]).jsonText)
            outbox.close(code: 1000, reason: "")
        case .transportWS:
            outbox.close(code: 4408, reason: "Connection initialisation timeout")
        }
    }

    /// Disconnects a client that fell too far behind: what waits for it is discarded and it gets
    /// the protocol's error (AppSync: an `error` message, `LimitExceededError`) and a close with
    /// 1013 (try again later). If it reads nothing at all, the write timeout drops it instead.
    private nonisolated func disconnectSlowConsumer() {
        let limit = outbox.maximumBytes
        let reason = "slow consumer: over \(limit) bytes of messages waited to be sent"
        var lastWords: [MockOutbox.Item] = []
        if dialect == .appSync {
            let errors: JSONValue = ["errors": [Self.error("LimitExceededError", "\(reason); closing the connection")]]
            lastWords.append(.text(JSONValue.object(["type": "error", "payload": errors]).jsonText))
        }
        lastWords.append(.close(code: 1013, reason: reason))
        outbox.replaceAll(with: lastWords)
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
            sendError(id: nil, [Self.error("BadRequestException", "unreadable message")])
            return
        }
        switch message {
        case .connectionInit:
            let options = server.realtime.options
            if let reason = options.requiredHeaders.mismatch(in: handshakeHeaders) {
                let errors: JSONValue = ["errors": [Self.unauthorized(reason)]]
                send(JSONValue.object(["type": "connection_error", "payload": errors]).jsonText)
                outbox.close(code: 1000, reason: "")
                return
            }
            initialized = true
            let timeout = Int(options.connectionTimeout / .milliseconds(1))
            send(AppSyncRealtimeMessage.connectionAck(connectionTimeoutMs: timeout).jsonText)
            startKeepAlive(every: options.keepAliveInterval)
        case .start(let id, let data, let authorization):
            var headers = handshakeHeaders
            for (name, value) in authorization { headers.replaceOrAdd(name: name, value: value) }
            await start(id: id, payloadText: data, headers: headers)
        case .stop(let id):
            await stop(id: id)
            send(AppSyncRealtimeMessage.complete(id: id).jsonText)
        default:
            break
        }
    }

    private func handleTransportWS(_ text: String) async {
        guard let message = try? GraphQLTransportWSMessage(parsing: text) else {
            outbox.close(code: 4400, reason: "Invalid message")
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
                outbox.close(code: 4403, reason: "Forbidden: \(reason)")
                return
            }
            initialized = true
            send(GraphQLTransportWSMessage.connectionAck(payload: nil).jsonText)
        case .ping(let payload):
            send(GraphQLTransportWSMessage.pong(payload: payload).jsonText)
        case .subscribe(let id, let query, let variables, let operationName):
            guard initialized else {
                outbox.close(code: 4401, reason: "Unauthorized")
                return
            }
            guard scripts[id] == nil else {
                outbox.close(code: 4409, reason: "Subscriber for \(id) already exists")
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
            sendError(id: id, [Self.unauthorized("connection_init was not sent")])
            return
        }
        let resolution = await server.resolveSubscription(payloadText: payloadText, headers: headers)
        let endpoint: SubscriptionEndpoint
        let index: Int
        let operation: OperationDefinition
        switch resolution {
        case .failure(let error):
            sendError(id: id, [error.json])
            return
        case .success(let match):
            (endpoint, index, operation) = match
        }
        if let limit = server.realtime.options.maximumSubscriptionsPerConnection,
            await server.realtime.subscriptionCount(session: number) >= limit
        {
            sendError(
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
        if dialect == .appSync { send(AppSyncRealtimeMessage.startAck(id: id).jsonText) }
        guard !endpoint.events.isEmpty else { return }
        scripts[id] = Task { await self.play(endpoint.events, id: id) }
    }

    private func play(_ events: [MockSubscriptionEvent], id: String) async {
        for event in events {
            if event.delay > .zero { try? await Task.sleep(for: event.delay) }
            guard !Task.isCancelled else { return }
            switch event {
            case .data(let data, _):
                deliver(id: id, payload: Array(JSONValue.object(["data": data]).jsonText.utf8))
            case .errors(let errors, let data, _):
                var payload: [String: JSONValue] = ["errors": .array(errors)]
                if let data { payload["data"] = data }
                deliver(id: id, payload: Array(JSONValue.object(payload).jsonText.utf8))
            case .complete:
                await stop(id: id)
                send(
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

    /// Queues one event for the subscription `id`, never waiting for the client.
    nonisolated func deliver(id: String, payload bytes: [UInt8]) {
        switch dialect {
        case .appSync: send(AppSyncRealtimeMessage.data(id: id, payload: bytes).jsonText)
        case .transportWS: send(GraphQLTransportWSMessage.next(id: id, payload: bytes).jsonText)
        }
    }

    /// Errors go out as the JSON given (AppSync puts `errorType` at the top level of each error).
    private func sendError(id: String?, _ errors: [JSONValue]) {
        var message: [String: JSONValue] = ["type": "error"]
        if let id { message["id"] = .string(id) }
        switch dialect {
        case .appSync: message["payload"] = ["errors": .array(errors)]
        case .transportWS: message["payload"] = .array(errors)
        }
        send(JSONValue.object(message).jsonText)
    }

    /// Queues `text`; a client too far behind to take it is disconnected.
    private nonisolated func send(_ text: String) {
        if !outbox.enqueue(text) { disconnectSlowConsumer() }
    }

    private func startKeepAlive(every interval: Duration) {
        keepAlive?.cancel()
        let hub = server.realtime
        keepAlive = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled, let self else { return }
                if await hub.keepAlivePaused { continue }
                self.send(AppSyncRealtimeMessage.keepAlive.jsonText)
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
