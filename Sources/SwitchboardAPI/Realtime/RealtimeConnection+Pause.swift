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
            entries[id]?.acknowledged = false
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
}
