import Switchboard
import SwitchboardNet
import SwitchboardRealtimeProtocol

/// One real-time connection, server side: reads the client's messages in order, speaks AppSync's
/// protocol, `graphql-transport-ws` or the legacy `graphql-ws` (``SubscriptionProtocol``), leaves subscriptions to a
/// ``RealtimeBackend``, and writes through a ``RealtimeOutbox`` drained by its own task, so
/// queueing never waits for the client: one that falls
/// ``RealtimeServerOptions/maximumOutboundBytes`` behind is disconnected with the protocol's
/// error (AppSync: `LimitExceededError`) and close code 1013, and one that takes no bytes for
/// the socket's write timeout is dropped. Neither holds up publishers or memory.
package actor RealtimeSession {
    /// A number unique among the server's connections.
    package nonisolated let number: Int
    /// The protocol spoken.
    package nonisolated let dialect: SubscriptionProtocol
    let socket: WebSocket
    let handshakeHeaders: HTTPHeaders
    let backend: any RealtimeBackend
    let options: RealtimeServerOptions

    var initReceived = false
    var initialized = false
    /// Subscriptions acknowledged and receiving events.
    private(set) var active: Set<String> = []
    /// Subscriptions being started; events for them wait here until the start is acknowledged.
    var starting: [String: [[UInt8]]] = [:]
    /// The bytes held in `starting`, bounded like the outbox: a client whose starts keep events
    /// waiting past ``RealtimeServerOptions/maximumOutboundBytes`` is a slow consumer.
    private var startingBytes = 0
    /// Subscriptions the server completed while they were still starting.
    private var completedWhileStarting: Set<String> = []
    private var keepAlive: Task<Void, Never>?
    /// Reading stops (a close was queued, or the connection was dropped).
    private var finished = false
    private let outbox: RealtimeOutbox

    package init(
        number: Int, socket: WebSocket, dialect: SubscriptionProtocol, headers: HTTPHeaders,
        backend: any RealtimeBackend,
        options: RealtimeServerOptions
    ) {
        self.number = number
        self.socket = socket
        self.dialect = dialect
        self.handshakeHeaders = headers
        self.backend = backend
        self.options = options
        outbox = RealtimeOutbox(maximumBytes: options.maximumOutboundBytes)
    }

    /// The number of subscriptions the connection holds.
    package var subscriptionCount: Int { active.count + starting.count }

    /// Serves the connection until the client leaves, breaks the protocol or is dropped; then
    /// tells the backend.
    package func run() async {
        let timeout = options.connectionInitTimeout
        let initTimer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            await self?.initDeadlinePassed()
        }
        // The writer drains what is queued (a connection_error, a close) even after reading stops.
        async let writing: Void = write(outbox, to: socket)
        while let message = try? await socket.receive() {
            switch message {
            case .text(let text): await handle(text)
            case .binary: await handleBinary()
            }
            if finished { break }
        }
        // The client left: nothing more can be written. When reading stopped because last words
        // were queued instead (every such path seals the outbox), the writer sends them first;
        // finishing here would drop a close queued behind a text the writer is sending.
        if !finished { outbox.finish() }
        await writing
        initTimer.cancel()
        keepAlive?.cancel()
        for id in active { await backend.stop(id: id, session: self) }
        active.removeAll()
        await backend.disconnected(session: self)
    }

    /// Writes the outbox's items in order until it ends, a close is sent, or a send fails (the
    /// write timeout passed, or the connection is gone): then the connection is dropped. The texts
    /// waiting together go out in one write.
    private nonisolated func write(_ outbox: RealtimeOutbox, to socket: WebSocket) async {
        while case let batch = await outbox.nextBatch(maximumBytes: Self.writeBatchBytes), !batch.isEmpty {
            var texts: [String] = []
            texts.reserveCapacity(batch.count)
            var close: (code: UInt16, reason: String)?
            for item in batch {
                switch item {
                case .text(let text): texts.append(text)
                case .close(let code, let reason): close = (code, reason)
                }
            }
            do {
                if !texts.isEmpty { try await socket.send(texts: texts) }
            } catch {
                socket.abort()
                outbox.finish()
                return
            }
            if let close {
                await socket.close(code: close.code, reason: close.reason)
                outbox.finish()
                return
            }
        }
    }

    /// The most bytes of messages the writer sends with one write.
    static let writeBatchBytes = 64 * 1024

    /// Closes a connection that sent no `connection_init` in time (graphql-transport-ws's 4408;
    /// AppSync's protocol gets a `connection_error` saying why first).
    private func initDeadlinePassed() {
        guard !Task.isCancelled else { return }
        guard !initReceived, !finished else { return }
        let timeout = options.connectionInitTimeout
        switch dialect {
        case .graphQLTransportWS, .graphQLWS:
            close(code: 4408, reason: "Connection initialisation timeout")
        case .appSync:
            let error = RealtimeErrors.error("ConnectionInitTimeout", "no connection_init within \(timeout); closing")
            enqueue(JSONValue.object(["type": "connection_error", "payload": ["errors": [error]]]).jsonText)
            close(code: 1000, reason: "")
        }
    }

    private func handle(_ text: String) async {
        switch dialect {
        case .appSync: await handleAppSync(text)
        case .graphQLTransportWS: await handleTransportWS(text)
        case .graphQLWS: await handleGraphQLWS(text)
        }
    }

    private func handleBinary() async {
        switch dialect {
        case .appSync:
            sendError(id: nil, [RealtimeErrors.error("BadRequestException", "binary messages are not supported")])
        case .graphQLTransportWS: close(code: 4400, reason: "Binary messages are not supported")
        case .graphQLWS: close(code: 1003, reason: "Binary messages are not supported")
        }
    }

    // MARK: Output

    /// Queues `text` without waiting for the client; a client too far behind to take it is
    /// disconnected.
    func enqueue(_ text: String) {
        guard !finished else { return }
        if !outbox.enqueue(text) { disconnectSlowConsumer() }
    }

    /// Queues a close after what is already queued, and stops reading.
    func close(code: UInt16, reason: String) {
        guard !finished else { return }
        outbox.close(code: code, reason: reason)
        finished = true
    }

    /// Disconnects a client that fell too far behind: what waits for it is discarded and it gets
    /// the protocol's error (AppSync: an `error` message, `LimitExceededError`) and a close with
    /// 1013 (try again later). If it reads nothing at all, the write timeout drops it instead.
    private func disconnectSlowConsumer() {
        let reason = "slow consumer: over \(outbox.maximumBytes) bytes of messages waited to be sent"
        var lastWords: [RealtimeOutbox.Item] = []
        if dialect == .appSync {
            let error = RealtimeErrors.error("LimitExceededError", "\(reason); closing the connection")
            lastWords.append(.text(JSONValue.object(["type": "error", "payload": ["errors": [error]]]).jsonText))
        }
        lastWords.append(.close(code: 1013, reason: reason))
        outbox.replaceAll(with: lastWords)
        finished = true
    }

    /// Sends one event of subscription `id` (`payload`: the JSON bytes of `{data, errors}`);
    /// events of a subscription still starting wait for its acknowledgement.
    package func deliver(id: String, payload: [UInt8]) {
        if starting[id] != nil {
            startingBytes += payload.count
            guard startingBytes <= outbox.maximumBytes else {
                starting.removeAll()
                startingBytes = 0
                disconnectSlowConsumer()
                return
            }
            starting[id]?.append(payload)
            return
        }
        guard active.contains(id) else { return }
        switch dialect {
        case .appSync: enqueue(AppSyncRealtimeMessage.data(id: id, payload: payload).jsonText)
        case .graphQLTransportWS: enqueue(GraphQLTransportWSMessage.next(id: id, payload: payload).jsonText)
        case .graphQLWS: enqueue(GraphQLWSMessage.data(id: id, payload: payload).jsonText)
        }
    }

    /// Ends subscription `id` from the server side (`complete`); one still starting completes
    /// right after its acknowledgement and the events that arrived meanwhile.
    package func complete(id: String) {
        if starting[id] != nil {
            completedWhileStarting.insert(id)
            return
        }
        guard active.remove(id) != nil else { return }
        switch dialect {
        case .appSync: enqueue(AppSyncRealtimeMessage.complete(id: id).jsonText)
        case .graphQLTransportWS: enqueue(GraphQLTransportWSMessage.complete(id: id).jsonText)
        case .graphQLWS: enqueue(GraphQLWSMessage.complete(id: id).jsonText)
        }
    }

    /// Errors as each protocol carries them: AppSync puts them under `payload.errors`, the legacy
    /// `graphql-ws` protocol sends the first as the payload.
    func sendError(id: String?, _ errors: [JSONValue]) {
        var message: [String: JSONValue] = ["type": "error"]
        if let id { message["id"] = .string(id) }
        switch dialect {
        case .appSync: message["payload"] = ["errors": .array(errors)]
        case .graphQLTransportWS: message["payload"] = .array(errors)
        case .graphQLWS: message["payload"] = errors.first ?? ["message": "error"]
        }
        enqueue(JSONValue.object(message).jsonText)
    }

    /// Drops the TCP connection without a closing handshake (a network failure, for tests).
    package func abort() {
        finished = true
        outbox.finish()
        socket.abort()
    }

    /// Closes with 1001 (going away), discarding what waits to be sent.
    package func shutdown() {
        keepAlive?.cancel()
        finished = true
        if !outbox.replaceAll(with: [.close(code: 1001, reason: "server shutting down")]) { socket.abort() }
    }

    // MARK: Subscriptions

    /// Starts `id` through the backend; acknowledges it (AppSync) and releases the events that
    /// arrived meanwhile, or sends the backend's errors.
    func start(id: String, payload: String, headers: HTTPHeaders) async {
        if active.contains(id) || starting[id] != nil {
            sendError(id: id, [RealtimeErrors.error("DuplicatedOperationError", "Duplicated operation with id \(id)")])
            return
        }
        if let limit = options.maximumSubscriptionsPerConnection, subscriptionCount >= limit {
            sendError(
                id: id,
                [RealtimeErrors.error("MaxSubscriptionsReachedError", "Max number of \(limit) subscriptions reached")])
            return
        }
        starting[id] = []
        let request = RealtimeStartRequest(id: id, payload: payload, headers: headers, dialect: dialect)
        let errors = await backend.start(request, session: self)
        let held = starting.removeValue(forKey: id) ?? []
        startingBytes -= held.reduce(0) { $0 + $1.count }
        let completed = completedWhileStarting.remove(id) != nil
        if let errors {
            sendError(id: id, errors)
            return
        }
        active.insert(id)
        if dialect == .appSync { enqueue(AppSyncRealtimeMessage.startAck(id: id).jsonText) }
        for payload in held { deliver(id: id, payload: payload) }
        if completed { complete(id: id) }
    }

    /// The client stopped `id`.
    func stop(id: String) async {
        guard active.remove(id) != nil else { return }
        await backend.stop(id: id, session: self)
    }

    /// AppSync's and the legacy protocol's keep-alive (the same `ka` message).
    nonisolated var keepAliveText: String {
        dialect == .graphQLWS ? GraphQLWSMessage.keepAlive.jsonText : AppSyncRealtimeMessage.keepAlive.jsonText
    }

    func startKeepAlive() {
        keepAlive?.cancel()
        let interval = options.keepAliveInterval
        let backend = self.backend
        keepAlive = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled, let self else { return }
                if await backend.keepAlivePaused() { continue }
                await self.enqueue(self.keepAliveText)
            }
        }
    }
}
