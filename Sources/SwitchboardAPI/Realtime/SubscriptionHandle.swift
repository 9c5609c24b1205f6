import SwitchboardCore

/// Links a subscription's sequence to the connection it runs on once the chain registered it
/// there, so that the sequence can pause and resume it; a pause asked for before then applies
/// as soon as it is registered.
final class SubscriptionHandle: Sendable {
    private struct State {
        var connection: RealtimeConnection?
        var id: String?
        var isPaused = false
    }

    private let state = Locked(State())

    /// The subscription is `id` on `connection`.
    func attach(_ connection: RealtimeConnection, id: String) async {
        let paused = state.withLock { state -> Bool in
            state.connection = connection
            state.id = id
            return state.isPaused
        }
        if paused { await connection.pause(id: id) }
    }

    func pause() async {
        if let (connection, id) = setPaused(true) { await connection.pause(id: id) }
    }

    func resume() async {
        if let (connection, id) = setPaused(false) { await connection.resume(id: id) }
    }

    /// Records the wish, and returns where the subscription runs once it is registered.
    private func setPaused(_ paused: Bool) -> (RealtimeConnection, String)? {
        state.withLock { state in
            state.isPaused = paused
            guard let connection = state.connection, let id = state.id else { return nil }
            return (connection, id)
        }
    }
}
