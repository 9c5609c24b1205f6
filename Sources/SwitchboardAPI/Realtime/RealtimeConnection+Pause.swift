import Foundation

extension RealtimeConnection {
    /// Closes the socket and stops reconnecting, keeping every subscription: each stream sees
    /// ``SubscriptionConnectionState/paused`` and receives nothing until ``resume()``.
    func pause() async {
        guard !isPaused else { return }
        isPaused = true
        // The run is not cancelled: closing its socket ends its read (a read cancelled instead
        // would leave the close waiting for the peer's answer that nobody reads), and it stops
        // at its next step, seeing the pause.
        runner = nil
        retryWait?.cancel()
        for id in entries.keys {
            entries[id]?.acknowledgedAt = nil
            entries[id]?.sink.deliver(.state(.paused))
        }
        report(.paused)
        await closeSocket()
    }

    /// Connects again and restarts every subscription kept since ``pause()``.
    func resume() {
        guard isPaused else { return }
        isPaused = false
        guard !entries.isEmpty else {
            report(.disconnected)
            return
        }
        for entry in entries.values { entry.sink.deliver(.state(.connecting)) }
        startRunner()
    }

    /// Pauses one subscription: it is stopped on the server, sees `.paused`, and is not started
    /// again until ``resume(id:)``; the last active subscription to pause closes the socket.
    func pause(id: String) async {
        guard var entry = entries.removeValue(forKey: id) else { return }
        startTasks.removeValue(forKey: id)?.cancel()
        pendingAcknowledgements.removeValue(forKey: id)?.resolve(.failure(CancellationError()))
        registrationProbes.removeAll { $0.id == id }
        if isReady, let socket { try? await socket.send(text: adapter.stopMessage(id: entry.wireID)) }
        entry.acknowledgedAt = nil
        pausedEntries[id] = entry
        entry.sink.deliver(.state(.paused))
        if entries.isEmpty { await closeSocket() }
    }

    /// Starts a subscription paused with ``pause(id:)`` again (once the connection itself is not
    /// paused).
    func resume(id: String) async {
        guard var entry = pausedEntries.removeValue(forKey: id) else { return }
        // A new id on the wire: the server's late answers about the stopped start reach nobody,
        // and it cannot take the new start for a duplicate of one it is still starting.
        subscriptionsByWireID[entry.wireID] = nil
        resumes += 1
        entry.wireID = "\(id)-r\(resumes)"
        subscriptionsByWireID[entry.wireID] = id
        entries[id] = entry
        guard !isPaused else { return }
        entry.sink.deliver(.state(.connecting))
        if isReady {
            startSubscription(id)
        } else if runner == nil {
            startRunner()
        }
    }
}
