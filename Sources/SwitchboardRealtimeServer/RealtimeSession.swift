import Switchboard
import SwitchboardCore
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
    var keepAlive: Task<Void, Never>?
    /// The subscriptions and whether output has ended, under one lock shared with publishers.
    let slots = Locked(Slots())
    let outbox: RealtimeOutbox

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

    /// The loop driving the connection's socket (none under TLS): where its events are cheapest
    /// to deliver, since a delivery writes the socket when the connection is idle.
    package nonisolated var eventLoop: EventLoop? { socket.eventLoop }

    /// The number of subscriptions the connection holds.
    package var subscriptionCount: Int { slots.withLock { $0.active.count + $0.starting.count } }

    /// Serves the connection until the client leaves, breaks the protocol or is dropped; then
    /// tells the backend.
    package func run() async {
        let timeout = options.connectionInitTimeout
        // The timers hold the session strongly (`run` cancels both before it returns): a weak
        // reference would give the session a side table, and every retain of it in a fan-out to
        // a thousand connections would take the slow path.
        let initTimer = Task {
            try? await Task.sleep(for: timeout)
            self.initDeadlinePassed()
        }
        // The writer drains what is queued (a connection_error, a close) even after reading stops.
        async let writing: Void = write(outbox, to: socket)
        while let message = try? await socket.receive() {
            switch message {
            case .text(let text): await handle(text)
            case .binary: await handleBinary()
            }
            if slots.withLock({ $0.finished }) { break }
        }
        // The client left: nothing more can be written. When reading stopped because last words
        // were queued instead (every such path seals the outbox), the writer sends them first;
        // finishing here would drop a close queued behind a text the writer is sending.
        let alreadyFinished = slots.withLock { slots in
            defer { slots.finished = true }
            return slots.finished
        }
        if !alreadyFinished { outbox.finish() }
        await writing
        initTimer.cancel()
        keepAlive?.cancel()
        let active = slots.withLock { slots in
            defer { slots.active.removeAll() }
            return slots.active
        }
        for id in active { await backend.stop(id: id, session: self) }
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
                // Nothing more can be written: later events stop here rather than in the outbox.
                slots.withLock { $0.finished = true }
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
        guard !initReceived, !slots.withLock({ $0.finished }) else { return }
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

    // MARK: Subscriptions

    /// Starts `id` through the backend; acknowledges it (AppSync) and releases the events that
    /// arrived meanwhile, or sends the backend's errors.
    func start(id: String, payload: String, headers: HTTPHeaders) async {
        let limit = options.maximumSubscriptionsPerConnection
        let refusal = slots.withLock { slots -> JSONValue? in
            if slots.active.contains(id) || slots.starting[id] != nil {
                return RealtimeErrors.error("DuplicatedOperationError", "Duplicated operation with id \(id)")
            }
            if let limit, slots.active.count + slots.starting.count >= limit {
                return RealtimeErrors.error(
                    "MaxSubscriptionsReachedError", "Max number of \(limit) subscriptions reached")
            }
            slots.starting[id] = []
            return nil
        }
        if let refusal {
            sendError(id: id, [refusal])
            return
        }
        let request = RealtimeStartRequest(id: id, payload: payload, headers: headers, dialect: dialect)
        let errors = await backend.start(request, session: self)
        // One critical section from leaving `starting` to the held events being queued: an event
        // published meanwhile waits for the lock and lands after them, never before or nowhere.
        slots.withLock { slots in
            let held = slots.starting.removeValue(forKey: id) ?? []
            slots.startingBytes -= held.reduce(0) { $0 + $1.count }
            let completed = slots.completedWhileStarting.remove(id) != nil
            if let errors {
                queue(errorText(id: id, errors), in: &slots)
                return
            }
            slots.active.insert(id)
            if dialect == .appSync { queue(AppSyncRealtimeMessage.startAck(id: id).jsonText, in: &slots) }
            queue(utf8: held.map { dataMessage(id: id, payload: $0) }, in: &slots)
            if completed {
                slots.active.remove(id)
                queue(completeText(id: id), in: &slots)
            }
        }
    }

    /// The client stopped `id`.
    func stop(id: String) async {
        guard slots.withLock({ $0.active.remove(id) != nil }) else { return }
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
        keepAlive = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled else { return }
                if await backend.keepAlivePaused() { continue }
                self.enqueue(self.keepAliveText)
            }
        }
    }
}
