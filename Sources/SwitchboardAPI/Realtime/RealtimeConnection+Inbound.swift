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
            } else {
                await finish(id, with: .failed(SubscriptionError.rejected(errors)))
            }
        case .failed(nil, let errors):
            if Self.isTerminal(errors) { throw TerminalFailure(error: SubscriptionError.rejected(errors)) }
        case .completed(let id):
            await finish(id, with: .completed)
        case .ping(let payload):
            try await socket.send(text: adapter.pongMessage(payload))
        case .connectionFailed(let errors):
            if Self.isTerminal(errors) { throw TerminalFailure(error: SubscriptionError.rejected(errors)) }
            throw SubscriptionError.rejected(errors)
        case .keepAlive, .acknowledged:
            break
        }
    }

    /// Whether `entry`, ended by the server for its authorization, is started again: the first
    /// time, after an event, and after a restart that stayed up for
    /// ``RealtimeConfiguration/stableConnectionDuration`` (its renewed token expired in turn, as
    /// an idle subscription's does every token lifetime). One ended again sooner, with no event
    /// between, is ended: a server that keeps refusing it is not asked again in a tight loop.
    private func mayRestartForAuthorization(_ entry: Entry) -> Bool {
        guard entry.restartedForAuthorization else { return true }
        guard entry.acknowledged, let since = entry.acknowledgedAt else { return false }
        return ContinuousClock.now - since >= configuration.stableConnectionDuration
    }

    /// Starts `id` again after the server ended it for its authorization (AppSync does when the
    /// token that started it expires): the `start` runs the stages again, so it carries a current
    /// token, or a refreshed one if the server refuses that (see ``mayRestartForAuthorization(_:)``
    /// for when it is not started again). The subscription reports `connecting`, then
    /// `connectedAfterGap`: events published in between were missed. Only on AppSync's protocol,
    /// where each `start` carries its own authorization; the others authorize the connection.
    private func restartForAuthorization(_ id: String) {
        guard var entry = entries[id] else { return }
        // A new id on the wire, as a resume takes: a late answer about the ended one reaches nobody.
        subscriptionsByWireID[entry.wireID] = nil
        resumes += 1
        entry.wireID = "\(id)-r\(resumes)"
        subscriptionsByWireID[entry.wireID] = id
        entry.restartedForAuthorization = true
        entry.acknowledged = false
        entries[id] = entry
        logger.log(
            .info, "the server ended a subscription for its authorization; starting it again",
            ["api": context.apiName, "operation": entry.operationName ?? "-"])
        entry.sink.deliver(.state(.connecting))
        startSubscription(id)
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
            if adapter.clientPings, isReady, now - lastPing >= configuration.pingInterval {
                lastPing = now
                try? await watched.send(text: adapter.pingMessage())
            }
        }
    }
}
