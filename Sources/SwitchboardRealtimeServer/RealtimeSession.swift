import Switchboard
import SwitchboardNet

/// One real-time connection, server side: reads the client's messages in order, speaks AppSync's
/// protocol or `graphql-transport-ws` (``RealtimeDialect``), leaves subscriptions to a
/// ``RealtimeBackend``, and writes through a bounded queue drained by its own task, so a client
/// that stops reading is disconnected instead of holding up publishers or memory.
package actor RealtimeSession {
    /// A number unique among the server's connections.
    package nonisolated let number: Int
    /// The protocol spoken.
    package nonisolated let dialect: RealtimeDialect
    let socket: WebSocket
    let handshakeHeaders: HTTPHeaders
    let backend: any RealtimeBackend
    let options: RealtimeSessionOptions

    enum Outgoing: Sendable {
        case text(String)
        case close(code: UInt16, reason: String)
    }

    var initReceived = false
    var initialized = false
    /// Subscriptions acknowledged and receiving events.
    private(set) var active: Set<String> = []
    /// Subscriptions being started; events for them wait here until the start is acknowledged.
    var starting: [String: [[UInt8]]] = [:]
    private var keepAlive: Task<Void, Never>?
    private var pending = 0
    private var finished = false
    private let outbox: AsyncStream<Outgoing>
    private let outboxInput: AsyncStream<Outgoing>.Continuation

    package init(
        number: Int, socket: WebSocket, dialect: RealtimeDialect, headers: HTTPHeaders, backend: any RealtimeBackend,
        options: RealtimeSessionOptions
    ) {
        self.number = number
        self.socket = socket
        self.dialect = dialect
        self.handshakeHeaders = headers
        self.backend = backend
        self.options = options
        (outbox, outboxInput) = AsyncStream.makeStream(of: Outgoing.self)
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
        endOutbox()
        await writing
        initTimer.cancel()
        keepAlive?.cancel()
        for id in active { await backend.stop(id: id, session: self) }
        active.removeAll()
        await backend.disconnected(session: self)
    }

    private nonisolated func write(_ outbox: AsyncStream<Outgoing>, to socket: WebSocket) async {
        for await message in outbox {
            switch message {
            case .text(let text):
                do {
                    try await socket.send(text: text)
                } catch {
                    socket.abort()
                    return
                }
                await sent()
            case .close(let code, let reason):
                await socket.close(code: code, reason: reason)
                return
            }
        }
    }

    private func sent() { pending -= 1 }

    private func endOutbox() {
        finished = true
        outboxInput.finish()
    }

    private func initDeadlinePassed() {
        guard !Task.isCancelled else { return }
        guard !initReceived, !finished else { return }
        if dialect == .transportWS {
            close(code: 4408, reason: "Connection initialisation timeout")
        } else {
            close(code: 1000, reason: "connection_init was not sent in time")
        }
    }

    private func handle(_ text: String) async {
        switch dialect {
        case .appSync: await handleAppSync(text)
        case .transportWS: await handleTransportWS(text)
        }
    }

    private func handleBinary() async {
        switch dialect {
        case .appSync:
            sendError(id: nil, [RealtimeErrors.error("BadRequestException", "binary messages are not supported")])
        case .transportWS: close(code: 4400, reason: "Binary messages are not supported")
        }
    }

    // MARK: Output

    /// Queues `text`; a client with ``RealtimeSessionOptions/maximumPendingMessages`` messages
    /// unread is dropped.
    func enqueue(_ text: String) {
        guard !finished else { return }
        pending += 1
        if pending > options.maximumPendingMessages {
            finished = true
            outboxInput.finish()
            socket.abort()
            return
        }
        outboxInput.yield(.text(text))
    }

    /// Queues a close after what is already queued, and stops reading.
    func close(code: UInt16, reason: String) {
        guard !finished else { return }
        outboxInput.yield(.close(code: code, reason: reason))
        endOutbox()
    }

    /// Sends one event of subscription `id` (`payload`: the JSON bytes of `{data, errors}`);
    /// events of a subscription still starting wait for its acknowledgement.
    package func deliver(id: String, payload: [UInt8]) {
        if starting[id] != nil {
            starting[id]?.append(payload)
            return
        }
        guard active.contains(id) else { return }
        switch dialect {
        case .appSync: enqueue(AppSyncRealtimeMessage.data(id: id, payload: payload).jsonText)
        case .transportWS: enqueue(GraphQLTransportWSMessage.next(id: id, payload: payload).jsonText)
        }
    }

    /// Ends subscription `id` from the server side (`complete`).
    package func complete(id: String) {
        guard active.remove(id) != nil else { return }
        enqueue(
            dialect == .appSync
                ? AppSyncRealtimeMessage.complete(id: id).jsonText : GraphQLTransportWSMessage.complete(id: id).jsonText
        )
    }

    /// Errors as each protocol carries them: AppSync puts them under `payload.errors`.
    func sendError(id: String?, _ errors: [JSONValue]) {
        var message: [String: JSONValue] = ["type": "error"]
        if let id { message["id"] = .string(id) }
        switch dialect {
        case .appSync: message["payload"] = ["errors": .array(errors)]
        case .transportWS: message["payload"] = .array(errors)
        }
        enqueue(JSONValue.object(message).jsonText)
    }

    /// Drops the TCP connection without a closing handshake (a network failure, for tests).
    package func abort() {
        finished = true
        outboxInput.finish()
        socket.abort()
    }

    /// Closes with 1001 (going away) after what is queued.
    package func shutdown() {
        close(code: 1001, reason: "server shutting down")
    }

    // MARK: Subscriptions

    /// Starts `id` through the backend; acknowledges it (AppSync) and releases the events that
    /// arrived meanwhile, or sends the backend's errors.
    func start(id: String, payload: String, headers: HTTPHeaders) async {
        if active.contains(id) || starting[id] != nil {
            sendError(id: id, [RealtimeErrors.error("DuplicatedOperationError", "Duplicated operation with id \(id)")])
            return
        }
        if subscriptionCount >= options.maximumSubscriptions {
            sendError(
                id: id,
                [
                    RealtimeErrors.error(
                        "MaxSubscriptionsReachedError",
                        "Max number of \(options.maximumSubscriptions) subscriptions reached")
                ])
            return
        }
        starting[id] = []
        let request = RealtimeStartRequest(id: id, payload: payload, headers: headers, dialect: dialect)
        let errors = await backend.start(request, session: self)
        let held = starting.removeValue(forKey: id) ?? []
        if let errors {
            sendError(id: id, errors)
            return
        }
        active.insert(id)
        if dialect == .appSync { enqueue(AppSyncRealtimeMessage.startAck(id: id).jsonText) }
        for payload in held { deliver(id: id, payload: payload) }
    }

    /// The client stopped `id`.
    func stop(id: String) async {
        guard active.remove(id) != nil else { return }
        await backend.stop(id: id, session: self)
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
                await self.enqueue(AppSyncRealtimeMessage.keepAlive.jsonText)
            }
        }
    }
}
