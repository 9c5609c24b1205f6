import Foundation
import Switchboard
import SwitchboardRealtimeServer

/// The real-time side of a ``MockServer``: every open connection, every active subscription
/// (with the task playing its scripted events), and the controls tests use (publish, drop
/// connections, pause keep-alives). The connections themselves are the real-time server's
/// `RealtimeSession`s, the same protocol code the local server runs.
actor MockRealtimeHub {
    /// One active subscription, wherever it runs.
    struct Active {
        let session: RealtimeSession
        let id: String
        let endpointIndex: Int
        let operationName: String?
        let rootField: String
        /// Plays the endpoint's scripted events, if it has any.
        var script: Task<Void, Never>?
    }

    private struct Key: Hashable {
        let session: Int
        let id: String
    }

    let options: MockRealtimeOptions
    private(set) var keepAlivePaused = false
    private var sessions: [Int: RealtimeSession] = [:]
    private var subscriptions: [Key: Active] = [:]
    private var nextSessionID = 0
    private var accepted = 0
    private var started = 0
    /// The server is stopping: connections that complete their upgrade now are refused.
    private var isClosed = false

    init(options: MockRealtimeOptions) { self.options = options }

    /// The session options the mock's settings give.
    var sessionOptions: RealtimeSessionOptions {
        RealtimeSessionOptions(
            connectionTimeout: options.connectionTimeout, keepAliveInterval: options.keepAliveInterval,
            maximumSubscriptions: options.maximumSubscriptionsPerConnection ?? .max,
            connectionInitTimeout: options.connectionInitTimeout, maximumOutboundBytes: options.maximumOutboundBytes,
            requiresAppSyncSubprotocol: false)
    }

    /// Registers a new connection, numbered here; `nil` once the server is stopping (a client
    /// reconnecting while it stops must not keep it waiting for a connection nobody closes).
    func open(_ makeSession: (Int) -> RealtimeSession) -> RealtimeSession? {
        guard !isClosed else { return nil }
        nextSessionID += 1
        accepted += 1
        let session = makeSession(nextSessionID)
        sessions[nextSessionID] = session
        return session
    }

    /// Forgets a closed connection and its subscriptions, stopping their scripts.
    func close(session: Int) {
        sessions[session] = nil
        for (key, active) in subscriptions where key.session == session {
            active.script?.cancel()
            subscriptions[key] = nil
        }
    }

    func started(_ active: Active) {
        subscriptions[Key(session: active.session.number, id: active.id)] = active
        started += 1
    }

    /// Forgets subscription `id` of `session` and stops its script.
    func ended(session: Int, id: String) {
        subscriptions.removeValue(forKey: Key(session: session, id: id))?.script?.cancel()
    }

    func setKeepAlivePaused(_ paused: Bool) { keepAlivePaused = paused }

    var statistics: MockRealtimeStatistics {
        MockRealtimeStatistics(
            connectionsAccepted: accepted, openConnections: sessions.count,
            activeSubscriptions: subscriptions.count, subscriptionsStarted: started)
    }

    /// Queues `payload(rootField)` (a whole GraphQL result, `{"data": …}`) for the subscriptions
    /// `include` selects; queueing never waits for a client, and each distinct payload is
    /// serialized once, however many receive it.
    @discardableResult
    func publish(_ payload: (_ rootField: String) -> JSONValue, to include: (Active) -> Bool) async -> Int {
        let targets = subscriptions.values.filter(include)
        var serialized: [String: [UInt8]] = [:]
        for target in targets {
            let bytes = serialized[target.rootField] ?? Array(payload(target.rootField).jsonText.utf8)
            serialized[target.rootField] = bytes
            await target.session.deliver(id: target.id, payload: bytes)
        }
        return targets.count
    }

    /// Drops every connection without a closing handshake, as a network failure would.
    func dropAll() async {
        let all = Array(sessions.values)
        for session in all { await session.abort() }
    }

    /// Closes every connection (server shutdown).
    func closeAll() async {
        isClosed = true
        let all = Array(sessions.values)
        sessions.removeAll()
        for active in subscriptions.values { active.script?.cancel() }
        subscriptions.removeAll()
        for session in all { await session.shutdown() }
    }
}
