import Foundation
import Switchboard

/// The real-time side of a ``MockServer``: every open connection, every active subscription,
/// and the controls tests use (publish, drop connections, pause keep-alives).
actor MockRealtimeHub {
    /// One active subscription, wherever it runs.
    struct Active {
        let session: MockRealtimeSession
        let id: String
        let endpointIndex: Int
        let operationName: String?
        let rootField: String
    }

    private struct Key: Hashable {
        let session: Int
        let id: String
    }

    let options: MockRealtimeOptions
    private(set) var keepAlivePaused = false
    private var sessions: [Int: MockRealtimeSession] = [:]
    private var subscriptions: [Key: Active] = [:]
    private var nextSessionID = 0
    private var accepted = 0
    private var started = 0

    init(options: MockRealtimeOptions) { self.options = options }

    /// A number for a new connection.
    func open(_ makeSession: (Int) -> MockRealtimeSession) -> MockRealtimeSession {
        nextSessionID += 1
        accepted += 1
        let session = makeSession(nextSessionID)
        sessions[nextSessionID] = session
        return session
    }

    /// Forgets a closed connection and its subscriptions.
    func close(session: Int) {
        sessions[session] = nil
        subscriptions = subscriptions.filter { $0.key.session != session }
    }

    func started(_ active: Active, session: Int) {
        subscriptions[Key(session: session, id: active.id)] = active
        started += 1
    }

    func ended(session: Int, id: String) {
        subscriptions[Key(session: session, id: id)] = nil
    }

    func subscriptionCount(session: Int) -> Int {
        subscriptions.keys.filter { $0.session == session }.count
    }

    func setKeepAlivePaused(_ paused: Bool) { keepAlivePaused = paused }

    var statistics: MockRealtimeStatistics {
        MockRealtimeStatistics(
            connectionsAccepted: accepted, openConnections: sessions.count,
            activeSubscriptions: subscriptions.count, subscriptionsStarted: started)
    }

    /// Queues `payload(rootField)` (a whole GraphQL result, `{"data": …}`) for the subscriptions
    /// `include` selects, without waiting for any client; each distinct payload is serialized once,
    /// however many receive it.
    @discardableResult
    func publish(_ payload: (_ rootField: String) -> JSONValue, to include: (Active) -> Bool) -> Int {
        let targets = subscriptions.values.filter(include)
        var serialized: [String: [UInt8]] = [:]
        for target in targets {
            let bytes = serialized[target.rootField] ?? Array(payload(target.rootField).jsonText.utf8)
            serialized[target.rootField] = bytes
            target.session.deliver(id: target.id, payload: bytes)
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
        let all = Array(sessions.values)
        sessions.removeAll()
        subscriptions.removeAll()
        for session in all { await session.shutdown() }
    }
}
