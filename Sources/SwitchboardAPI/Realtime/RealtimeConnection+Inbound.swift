import Foundation

extension RealtimeConnection {
    /// Acts on one message from the server (`text` as received).
    func handle(_ inbound: RealtimeInbound, text: String, on socket: any RealtimeSocket) async throws {
        // Ids on the wire name subscriptions; one no subscription holds (stopped, or resumed
        // under a new id) is about nothing.
        let inbound = inbound.mappingID { subscriptionsByWireID[$0] }
        switch inbound {
        case .started(let id):
            guard entries[id] != nil else { return }
            // Delivered here, by the loop that reads the events that follow it, so that it comes first.
            markConnected(id)
            pendingAcknowledgements.removeValue(forKey: id)?.resolve(.success(text))
        case .payload(let id, let bytes):
            guard let entry = entries[id] else { return }
            connectOnEvent(for: id)
            if entry.restartedForAuthorization { entries[id]?.restartedForAuthorization = false }
            entry.sink.deliver(.payload(bytes))
        case .failed(let id?, let errors):
            if let waiter = pendingAcknowledgements.removeValue(forKey: id) {
                // The start's task decides: try again later, or end the subscription.
                waiter.resolve(.failure(SubscriptionError.rejected(errors)))
            } else if adapter.dialect == .appSync, Self.isUnauthorized(errors), let entry = entries[id],
                mayRestartForAuthorization(entry)
            {
                restartForAuthorization(id)
            } else if adapter.dialect != .appSync, Self.isUnauthorized(errors), let entry = entries[id],
                hasLasted(entry), mayReconnectForAuthorization()
            {
                // The connection's token authorizes its subscriptions, and it expired (one refused
                // as soon as it was sent is refused for itself: it ends alone, below).
                try reconnectForAuthorization()
            } else {
                await finish(id, with: .failed(SubscriptionError.rejected(errors)))
            }
        case .failed(nil, let errors):
            if Self.isUnauthorized(errors), mayReconnectForAuthorization() { try reconnectForAuthorization() }
            if Self.isTerminal(errors) { throw TerminalFailure(error: SubscriptionError.rejected(errors)) }
        case .completed(let id):
            await finish(id, with: .completed)
        case .ping(let payload):
            try await socket.send(text: adapter.pongMessage(payload))
        case .connectionFailed(let errors):
            if Self.isUnauthorized(errors), mayReconnectForAuthorization() { try reconnectForAuthorization() }
            if Self.isTerminal(errors) { throw TerminalFailure(error: SubscriptionError.rejected(errors)) }
            throw SubscriptionError.rejected(errors)
        case .pong(let payload):
            answerRegistrationProbes(payload)
        case .keepAlive, .acknowledged:
            break
        }
    }

    /// Closes the socket when the keep-alive or acknowledgement deadline passes, fails starts that
    /// were never acknowledged, and pings on protocols where the client must.
    func watch(_ watched: any RealtimeSocket) async {
        let tick = Duration.milliseconds(50)
        while !Task.isCancelled {
            try? await Task.sleep(for: tick)
            guard !Task.isCancelled else { return }
            let now = ContinuousClock.now
            if now > deadline && (keepAliveArmed || !isReady) {
                timeoutReason =
                    isReady
                    ? "no keep-alive within \(keepAlive)"
                    : "no connection_ack within \(configuration.acknowledgementTimeout)"
                await watched.close(code: 1000)
                return
            }
            for (id, waiter) in pendingAcknowledgements where now > waiter.deadline {
                pendingAcknowledgements[id] = nil
                // The server may have started it all the same (its start_ack queued behind
                // events): stop it there, or it delivers to nobody for the connection's life,
                // and every retry by the app adds one more.
                if isReady { try? await watched.send(text: adapter.stopMessage(id: entries[id]?.wireID ?? id)) }
                waiter.resolve(.failure(SubscriptionError.acknowledgementTimeout("start_ack")))
            }
            expireRegistrationProbes(now: now)
            if adapter.clientPings, isReady, now - lastPing >= configuration.pingInterval {
                lastPing = now
                try? await watched.send(text: adapter.pingMessage())
            }
        }
    }
}
