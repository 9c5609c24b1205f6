import Foundation
import Switchboard
import SwitchboardRealtimeServer

/// The mock's active subscriptions, wherever they run: which endpoint answered each, the task
/// playing its scripted events, and what `publish` reaches. The connections themselves belong to
/// the server's `RealtimeHost`, which the local server uses too.
actor MockSubscriptions {
    /// One active subscription.
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

    private var subscriptions: [Key: Active] = [:]

    func started(_ active: Active) {
        subscriptions[Key(session: active.session.number, id: active.id)] = active
    }

    /// Forgets subscription `id` of `session` and stops its script.
    func ended(session: Int, id: String) {
        subscriptions.removeValue(forKey: Key(session: session, id: id))?.script?.cancel()
    }

    /// Forgets a closed connection's subscriptions, stopping their scripts.
    func closed(session: Int) {
        for (key, active) in subscriptions where key.session == session {
            active.script?.cancel()
            subscriptions[key] = nil
        }
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
            target.session.deliver(id: target.id, payload: bytes)
        }
        return targets.count
    }

    /// Stops every script (server shutdown).
    func stopAll() {
        for active in subscriptions.values { active.script?.cancel() }
        subscriptions.removeAll()
    }
}
