import Foundation

extension APIPlugin {
    /// Pauses every subscription, for when the app goes to the background: the real-time
    /// sockets close at once and nothing reconnects until ``resumeSubscriptions()``. The
    /// subscriptions are kept (each stream sees `SubscriptionConnectionState.paused` and
    /// receives nothing meanwhile); subscriptions started while paused wait for the resume.
    ///
    /// ```swift
    /// // e.g. on scenePhase == .background
    /// await plugin.pauseSubscriptions()
    /// // on scenePhase == .active
    /// await plugin.resumeSubscriptions()
    /// ```
    ///
    /// Events published while paused are not delivered: AppSync does not replay them.
    public nonisolated func pauseSubscriptions() async {
        await realtimeConnections.pause()
    }

    /// Reconnects and restarts every subscription kept since ``pauseSubscriptions()``; each
    /// stream sees `connecting`, then `connected`.
    public nonisolated func resumeSubscriptions() async {
        await realtimeConnections.resume()
    }

    /// The states of this plugin's real-time connections: first each connection's current state,
    /// then every change as it happens. One connection serves each pair of API and authorization
    /// type. The stream holds at most 256 changes its consumer has not read (the oldest go first);
    /// ending the loop ends it.
    ///
    /// ```swift
    /// for await change in plugin.connectionStates() {
    ///     print("\(change.apiName): \(change.state)")
    /// }
    /// ```
    public nonisolated func connectionStates() -> AsyncStream<RealtimeConnectionStateChange> {
        realtimeConnections.stateChanges.stream()
    }
}
