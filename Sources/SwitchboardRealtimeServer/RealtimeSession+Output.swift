import Switchboard
import SwitchboardCore
import SwitchboardRealtimeProtocol

extension RealtimeSession {
    /// The state that publishers share with the session's own task. Events are delivered
    /// synchronously under this lock, from whatever thread publishes, without a hop onto the
    /// session: a fan-out to a thousand connections is then a thousand short critical sections,
    /// not two thousand task switches.
    struct Slots {
        /// Subscriptions acknowledged and receiving events.
        var active: Set<String> = []
        /// Subscriptions being started; events for them wait here until the start is acknowledged.
        var starting: [String: [[UInt8]]] = [:]
        /// The bytes held in `starting`, bounded like the outbox: a client whose starts keep events
        /// waiting past ``RealtimeServerOptions/maximumOutboundBytes`` is a slow consumer.
        var startingBytes = 0
        /// Subscriptions the server completed while they were still starting.
        var completedWhileStarting: Set<String> = []
        /// Output ended and reading stops (a close was queued, or the connection was dropped).
        var finished = false
    }

    // MARK: Events

    /// Sends one event of subscription `id` (`payload`: the JSON bytes of `{data, errors}`);
    /// events of a subscription still starting wait for its acknowledgement. Never waits: the
    /// text is written at once or queued for the connection's writer.
    package nonisolated func deliver(id: String, payload: [UInt8]) {
        deliver([(id, payload)])
    }

    /// Sends events of several subscriptions of this connection in order, with one write when the
    /// connection is idle (a fan-out to many subscriptions of one client is one system call).
    package nonisolated func deliver(_ events: [(id: String, payload: [UInt8])]) {
        slots.withLock { slots in
            var messages: [[UInt8]] = []
            messages.reserveCapacity(events.count)
            for (id, payload) in events {
                if slots.starting[id] != nil {
                    slots.startingBytes += payload.count
                    guard slots.startingBytes <= outbox.maximumBytes else {
                        slots.starting.removeAll()
                        slots.startingBytes = 0
                        disconnectSlowConsumer(&slots)
                        return
                    }
                    slots.starting[id]?.append(payload)
                } else if slots.active.contains(id) {
                    messages.append(dataMessage(id: id, payload: payload))
                }
            }
            queue(utf8: messages, in: &slots)
        }
    }

    /// Ends subscription `id` from the server side (`complete`); one still starting completes
    /// right after its acknowledgement and the events that arrived meanwhile.
    package nonisolated func complete(id: String) {
        slots.withLock { slots in
            if slots.starting[id] != nil {
                slots.completedWhileStarting.insert(id)
                return
            }
            guard slots.active.remove(id) != nil else { return }
            queue(completeText(id: id), in: &slots)
        }
    }

    /// Ends the active subscription `id` from the server side with `errors`, sent as a refused
    /// `start`'s are; `false`, having sent nothing, when `id` is not active (stopped, or still
    /// starting).
    @discardableResult
    package nonisolated func fail(id: String, _ errors: [JSONValue]) -> Bool {
        slots.withLock { slots in
            guard slots.active.remove(id) != nil else { return false }
            queue(errorText(id: id, errors), in: &slots)
            return true
        }
    }

    /// An event as the connection's protocol carries it, as UTF-8 bytes.
    nonisolated func dataMessage(id: String, payload: [UInt8]) -> [UInt8] {
        RealtimeEventMessage.bytes(type: dialect == .graphQLTransportWS ? "next" : "data", id: id, payload: payload)
    }

    /// The end of a subscription as the connection's protocol carries it.
    nonisolated func completeText(id: String) -> String {
        switch dialect {
        case .appSync: AppSyncRealtimeMessage.complete(id: id).jsonText
        case .graphQLTransportWS: GraphQLTransportWSMessage.complete(id: id).jsonText
        case .graphQLWS: GraphQLWSMessage.complete(id: id).jsonText
        }
    }

    // MARK: Output

    /// Queues `text` without waiting for the client; a client too far behind to take it is
    /// disconnected.
    nonisolated func enqueue(_ text: String) {
        slots.withLock { queue(text, in: &$0) }
    }

    /// ``enqueue(_:)`` under the slots lock, which keeps each subscription's messages in order.
    /// While the writer waits with nothing queued, the text is written from the calling thread
    /// when the socket takes it at once: a publisher reaching a thousand idle connections wakes no
    /// writer task. Otherwise it waits in the outbox behind what is queued, keeping the order.
    nonisolated func queue(_ text: String, in slots: inout Slots) {
        queue([text], in: &slots)
    }

    /// ``queue(_:in:)`` for several texts, written together when they go at once.
    nonisolated func queue(_ texts: [String], in slots: inout Slots) {
        guard !slots.finished, !texts.isEmpty else { return }
        if outbox.hasWaitingWriter && socket.sendIfReady(texts: texts) { return }
        enqueue(texts, in: &slots)
    }

    /// ``queue(_:in:)`` for texts given as UTF-8 bytes (events): written as they are when they go
    /// at once, made strings only to wait in the outbox.
    nonisolated func queue(utf8 messages: [[UInt8]], in slots: inout Slots) {
        guard !slots.finished, !messages.isEmpty else { return }
        if outbox.hasWaitingWriter && socket.sendIfReady(utf8Texts: messages) { return }
        enqueue(messages.map { String(decoding: $0, as: UTF8.self) }, in: &slots)
    }

    /// Puts `texts` in the outbox, behind what waits; a client too far behind is disconnected.
    private nonisolated func enqueue(_ texts: [String], in slots: inout Slots) {
        for text in texts where !outbox.enqueue(text) {
            disconnectSlowConsumer(&slots)
            return
        }
    }

    /// Queues a close after what is already queued, and stops reading.
    nonisolated func close(code: UInt16, reason: String) {
        slots.withLock { slots in
            guard !slots.finished else { return }
            outbox.close(code: code, reason: reason)
            slots.finished = true
        }
    }

    /// Disconnects a client that fell too far behind: what waits for it is discarded and it gets
    /// the protocol's error (AppSync: an `error` message, `LimitExceededError`) and a close with
    /// 1013 (try again later). If it reads nothing at all, the write timeout drops it instead.
    private nonisolated func disconnectSlowConsumer(_ slots: inout Slots) {
        let reason = "slow consumer: over \(outbox.maximumBytes) bytes of messages waited to be sent"
        var lastWords: [RealtimeOutbox.Item] = []
        if dialect == .appSync {
            let error = RealtimeErrors.error("LimitExceededError", "\(reason); closing the connection")
            lastWords.append(.text(JSONValue.object(["type": "error", "payload": ["errors": [error]]]).jsonText))
        }
        lastWords.append(.close(code: 1013, reason: reason))
        outbox.replaceAll(with: lastWords)
        slots.finished = true
    }

    /// Errors as each protocol carries them: AppSync puts them under `payload.errors`, the legacy
    /// `graphql-ws` protocol sends the first as the payload.
    nonisolated func sendError(id: String?, _ errors: [JSONValue]) {
        enqueue(errorText(id: id, errors))
    }

    /// The text of ``sendError(id:_:)``.
    nonisolated func errorText(id: String?, _ errors: [JSONValue]) -> String {
        var message: [String: JSONValue] = ["type": "error"]
        if let id { message["id"] = .string(id) }
        switch dialect {
        case .appSync: message["payload"] = ["errors": .array(errors)]
        case .graphQLTransportWS: message["payload"] = .array(errors)
        case .graphQLWS: message["payload"] = errors.first ?? ["message": "error"]
        }
        return JSONValue.object(message).jsonText
    }

    /// Drops the TCP connection without a closing handshake (a network failure, for tests).
    package func abort() {
        slots.withLock { $0.finished = true }
        outbox.finish()
        socket.abort()
    }

    /// Closes with 1001 (going away), discarding what waits to be sent.
    package func shutdown() {
        keepAlive?.cancel()
        slots.withLock { $0.finished = true }
        if !outbox.replaceAll(with: [.close(code: 1001, reason: "server shutting down")]) { socket.abort() }
    }
}
