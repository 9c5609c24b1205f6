import ModelTransform
import SwitchboardRealtimeServer

/// One active subscription: where it runs, what it selects and who asked for it.
struct Subscriber: Sendable {
    /// The connection it runs on.
    let session: RealtimeSession
    /// The client's id for it.
    let id: String
    /// The subscription field (`onCreatePost`).
    let field: String
    /// The operation, with its coerced variables, that shapes each event.
    let operation: Executor<RequestContext>.PreparedOperation
    /// What makes two subscribers' events identical (document, operation, variables, mode).
    let shape: String
    /// The subscriber.
    let identity: RequestIdentity
    /// Arguments other than `filter`, which events must equal (AppSync's argument matching).
    let arguments: JSONObject
    /// The enhanced filter, if any.
    let filter: SubscriptionFilter?
    /// The model's rules for `listen`, when only dynamic (owner) rules admit the subscriber.
    let ownerCheck: (authorizer: ModelAuthorizer, rules: [AuthRule])?

    /// Whether the event with `payload` goes to this subscriber.
    func accepts(_ payload: JSONObject) -> Bool {
        for (name, value) in arguments where !value.isNull {
            guard let member = payload[name], ItemFilter.equals(member, value) else { return false }
        }
        if let filter, !filter.matches(payload) { return false }
        if let ownerCheck, !ownerCheck.authorizer.item(payload, matches: ownerCheck.rules, identity: identity) {
            return false
        }
        return true
    }
}

/// Every active subscription of the server by subscription field, and the fan-out of mutation
/// results: each subscriber whose arguments, filter and owner rules accept the result gets it
/// shaped by its own selection (one execution per distinct selection, however many share it).
actor SubscriptionRegistry {
    private struct Key: Hashable {
        let session: ObjectIdentifier
        let id: String
    }

    private var subscribers: [String: [Key: Subscriber]] = [:]
    private var fieldOfKey: [Key: String] = [:]
    let service: GraphQLService

    init(service: GraphQLService) { self.service = service }

    func add(_ subscriber: Subscriber) {
        let key = Key(session: ObjectIdentifier(subscriber.session), id: subscriber.id)
        if subscribers[subscriber.field]?[key] == nil { service.listenerCountChanged(subscriber.field, by: 1) }
        subscribers[subscriber.field, default: [:]][key] = subscriber
        fieldOfKey[key] = subscriber.field
    }

    func remove(session: RealtimeSession, id: String) {
        let key = Key(session: ObjectIdentifier(session), id: id)
        guard let field = fieldOfKey.removeValue(forKey: key) else { return }
        subscribers[field]?[key] = nil
        service.listenerCountChanged(field, by: -1)
    }

    func removeAll(session: RealtimeSession) {
        let identifier = ObjectIdentifier(session)
        for key in fieldOfKey.keys where key.session == identifier { remove(session: session, id: key.id) }
    }

    /// The number of active subscriptions (for tests and diagnostics).
    var count: Int { fieldOfKey.count }

    /// Delivers `events` (in order) to the subscribers of their mutations.
    func publish(_ events: [MutationEvent], now: String) async {
        for event in events {
            guard case .object(let payload) = event.payload else { continue }
            var shaped: [String: [UInt8]] = [:]
            for field in service.subscriptionsByMutation[event.mutation] ?? [] {
                for subscriber in (subscribers[field] ?? [:]).values where subscriber.accepts(payload) {
                    let shape = field + "\u{0}" + subscriber.shape
                    let bytes: [UInt8]
                    if let known = shaped[shape] {
                        bytes = known
                    } else {
                        let result = await service.executor.execute(
                            subscriber.operation, context: RequestContext(identity: subscriber.identity, now: now),
                            rootValue: .object([field: event.payload]), sourceOnly: true)
                        bytes = result.body
                        shaped[shape] = bytes
                    }
                    subscriber.session.deliver(id: subscriber.id, payload: bytes)
                }
            }
        }
    }
}
