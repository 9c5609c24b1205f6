import SwitchboardCore

/// A real-time connection's new state: the connection of one API and authorization type, which
/// every subscription to that pair shares (what Amplify announces on its Hub as
/// `subscriptionConnectionStateChanged`).
public struct RealtimeConnectionStateChange: Sendable, Equatable {
    /// The API the connection belongs to.
    public let apiName: String
    /// The authorization type of the connection's subscriptions.
    public let authorizationType: AuthorizationType
    /// The state the connection is in now.
    public let state: SubscriptionConnectionState

    /// Creates a state change.
    public init(apiName: String, authorizationType: AuthorizationType, state: SubscriptionConnectionState) {
        self.apiName = apiName
        self.authorizationType = authorizationType
        self.state = state
    }
}

/// The plugin's connection-state streams: each gets every connection's current state, then
/// every change, in order.
final class RealtimeConnectionStates: Sendable {
    /// Changes a stream holds for a consumer that does not read them; past that the oldest are
    /// dropped, so that a consumer that stopped reading costs a bounded amount of memory.
    static let bufferedChanges = 256

    private struct State {
        var current: [String: RealtimeConnectionStateChange] = [:]
        var streams: [Int: AsyncStream<RealtimeConnectionStateChange>.Continuation] = [:]
        var nextStream = 0
    }

    private let state = Locked(State())

    /// Records `change` and sends it to every stream.
    func report(_ change: RealtimeConnectionStateChange) {
        state.withLock { state in
            state.current["\(change.apiName)|\(change.authorizationType.rawValue)"] = change
            // Yielding under the lock keeps every stream's order the order of the reports.
            for continuation in state.streams.values { continuation.yield(change) }
        }
    }

    /// A stream of every connection's current state, then of each change.
    func stream() -> AsyncStream<RealtimeConnectionStateChange> {
        let (stream, continuation) = AsyncStream<RealtimeConnectionStateChange>.makeStream(
            bufferingPolicy: .bufferingNewest(Self.bufferedChanges))
        let id = state.withLock { state in
            state.nextStream += 1
            for change in state.current.values.sorted(by: { $0.apiName < $1.apiName }) { continuation.yield(change) }
            state.streams[state.nextStream] = continuation
            return state.nextStream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.streams.removeValue(forKey: id) }
        }
        return stream
    }
}
