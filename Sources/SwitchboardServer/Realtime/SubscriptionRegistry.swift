import Foundation
import ModelTransform
import SwitchboardNet
import SwitchboardRealtimeServer

/// One active subscription: where it runs, what it selects and who asked for it. A class: the
/// fan-out visits every subscriber of a field per event, and a reference is one retain where the
/// struct's members were a dozen.
final class Subscriber: Sendable {
    /// The connection it runs on.
    let session: RealtimeSession
    /// The client's id for it.
    let id: String
    /// The subscription field (`onCreatePost`).
    let field: String
    /// The operation, with its coerced variables, that shapes each event.
    let operation: Executor<RequestContext>.PreparedOperation
    /// What makes two subscribers' events identical (field, document, operation, variables, mode).
    let shape: String
    /// The subscriber.
    let identity: RequestIdentity
    /// Arguments other than `filter`, which events must equal (AppSync's argument matching).
    let arguments: JSONObject
    /// The enhanced filter, if any.
    let filter: SubscriptionFilter?
    /// The model's rules for `listen`, when only dynamic (owner) rules admit the subscriber.
    let ownerCheck: (authorizer: ModelAuthorizer, rules: [AuthRule])?
    /// When the verified token that authorized it stops being accepted (seconds since 1970,
    /// its `exp` plus the verifier's leeway); `nil` for other modes and unverified tokens.
    let tokenExpiry: Double?
    /// The loop that drives its connection (``RealtimeSession/eventLoop``), read once here rather
    /// than through the socket for every event.
    let loop: EventLoop?

    init(
        session: RealtimeSession, id: String, field: String, operation: Executor<RequestContext>.PreparedOperation,
        shape: String, identity: RequestIdentity, arguments: JSONObject, filter: SubscriptionFilter?,
        ownerCheck: (authorizer: ModelAuthorizer, rules: [AuthRule])?, tokenExpiry: Double? = nil
    ) {
        self.session = session
        self.id = id
        self.field = field
        self.operation = operation
        self.shape = shape
        self.identity = identity
        self.arguments = arguments
        self.filter = filter
        self.ownerCheck = ownerCheck
        self.tokenExpiry = tokenExpiry
        self.loop = session.eventLoop
    }

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

    /// An active subscriber with the number of its shape, kept together: shaping awaits, and a
    /// subscription stopped and restarted meanwhile under the same id must not lend its new
    /// shape's number to the old one's operation.
    private struct Listener {
        let subscriber: Subscriber
        let shape: Int
    }

    private var subscribers: [String: [Key: Listener]] = [:]
    private var fieldOfKey: [Key: String] = [:]
    /// A number per distinct shape among the active subscribers, with how many use it: an event
    /// is shaped once per number, found without hashing the shape's text per subscriber.
    private var shapes: [String: (number: Int, users: Int)] = [:]
    private var nextShape = 0
    /// A loop timer per subscriber whose verified token expires, that ends it then (whether or not
    /// events are published); cancelled when it is removed, so one per active subscription.
    private var expiryTimers: [Key: LoopTimer] = [:]
    /// Set by ``shutdown()``: no timer is started again.
    private var isShutDown = false
    let service: GraphQLService
    /// The connections' counters, told of subscriptions the server ends itself.
    let host: RealtimeHost?

    init(service: GraphQLService, host: RealtimeHost? = nil) {
        self.service = service
        self.host = host
    }

    func add(_ subscriber: Subscriber) {
        let key = Key(session: ObjectIdentifier(subscriber.session), id: subscriber.id)
        if fieldOfKey[key] != nil { remove(session: subscriber.session, id: subscriber.id) }
        service.listenerCountChanged(subscriber.field, by: 1)
        let number = shapes[subscriber.shape]?.number ?? nextShape
        if number == nextShape { nextShape += 1 }
        shapes[subscriber.shape, default: (number, 0)].users += 1
        subscribers[subscriber.field, default: [:]][key] = Listener(subscriber: subscriber, shape: number)
        fieldOfKey[key] = subscriber.field
        if let expiry = subscriber.tokenExpiry { scheduleExpiry(of: subscriber, at: expiry) }
    }

    /// Whether `subscriber` is the one registered under its session and id.
    private func isActive(_ subscriber: Subscriber) -> Bool {
        let key = Key(session: ObjectIdentifier(subscriber.session), id: subscriber.id)
        guard let field = fieldOfKey[key] else { return false }
        return subscribers[field]?[key]?.subscriber === subscriber
    }

    /// Stops the expiry timer for good (server shutdown).
    func shutdown() {
        isShutDown = true
        for timer in expiryTimers.values { timer.cancel() }
        expiryTimers.removeAll()
    }

    func remove(session: RealtimeSession, id: String) {
        let key = Key(session: ObjectIdentifier(session), id: id)
        guard let field = fieldOfKey.removeValue(forKey: key), let subscriber = subscribers[field]?[key]?.subscriber
        else { return }
        subscribers[field]?[key] = nil
        if let entry = shapes[subscriber.shape] {
            shapes[subscriber.shape] = entry.users > 1 ? (entry.number, entry.users - 1) : nil
        }
        service.listenerCountChanged(field, by: -1)
        expiryTimers.removeValue(forKey: key)?.cancel()
    }

    func removeAll(session: RealtimeSession) {
        let identifier = ObjectIdentifier(session)
        for key in fieldOfKey.keys where key.session == identifier { remove(session: session, id: key.id) }
    }

    /// The number of active subscriptions (for tests and diagnostics).
    var count: Int { fieldOfKey.count }

    /// One event's deliveries to the connections of one loop, each connection's in one delivery
    /// (one write when it is idle).
    private struct LoopDeliveries {
        let loop: EventLoop?
        var sessions: [(session: RealtimeSession, events: [(id: String, payload: [UInt8])])] = []
        /// Where each connection's entry is in `sessions`.
        var index: [ObjectIdentifier: Int] = [:]

        init(loop: EventLoop?) { self.loop = loop }

        mutating func append(_ subscriber: Subscriber, _ payload: [UInt8]) {
            let session = ObjectIdentifier(subscriber.session)
            if let at = index[session] {
                sessions[at].events.append((subscriber.id, payload))
            } else {
                index[session] = sessions.count
                sessions.append((subscriber.session, [(subscriber.id, payload)]))
            }
        }

        func deliver() {
            for (session, events) in sessions { session.deliver(events) }
        }

        /// ``deliver()`` on the loop, giving way every ``sessionsPerTurn`` connections: the loop
        /// serves the requests that arrived meanwhile (a mutation's answer does not wait behind a
        /// thousand writes), and other threads get a processor, so a fan-out is bulk work that
        /// never holds one for long. Measured with the mutation's client on the same two
        /// processors, 300 events to 1,000 subscribers: the mutation's p99 0.8-1.8 ms against
        /// 1.6-5.1 ms without giving way; deliveries no slower.
        func deliverGivingWay() async {
            await EventLoop.forEach(sessions, givingWayEvery: Self.sessionsPerTurn) { $0.session.deliver($0.events) }
        }

        /// How many connections a fan-out writes before giving way (about 0.2 ms of writes).
        static let sessionsPerTurn = 32
    }

    /// Hands each connection its events on the loop that drives its socket, every loop at once: an
    /// idle connection is written from there without a task of its own, and the writes of a
    /// thousand connections are spread over the loops' threads rather than made one by one.
    private static func deliver(_ byLoop: [ObjectIdentifier?: LoopDeliveries]) async {
        await withDiscardingTaskGroup { group in
            for deliveries in byLoop.values {
                guard let loop = deliveries.loop else {
                    deliveries.deliver()
                    continue
                }
                group.addTask(onLoop: loop) { await deliveries.deliverGivingWay() }
            }
        }
    }

    /// Delivers `events` (in order) to the subscribers of their mutations.
    func publish(_ events: [MutationEvent], now: String) async {
        let seconds = Date().timeIntervalSince1970
        // Subscriptions whose token expired get no more events: they end with AppSync's error.
        // (The expiry timer ends them on time; an event may come between the expiry and the timer.)
        var expired: [Key: Subscriber] = [:]
        defer { end(expired.values) }
        for event in events {
            guard case .object(let payload) = event.payload else { continue }
            var shaped: [Int: [UInt8]] = [:]
            var byLoop: [ObjectIdentifier?: LoopDeliveries] = [:]
            // The subscribers as of this event: shaping awaits, and they may change meanwhile.
            let current = subscribers
            for field in service.subscriptionsByMutation[event.mutation] ?? [] {
                for (key, listener) in current[field] ?? [:] {
                    let subscriber = listener.subscriber
                    if let expiry = subscriber.tokenExpiry, seconds > expiry {
                        expired[key] = subscriber
                        continue
                    }
                    guard subscriber.accepts(payload) else { continue }
                    let bytes: [UInt8]
                    if let known = shaped[listener.shape] {
                        bytes = known
                    } else {
                        let result = await service.executor.execute(
                            subscriber.operation, context: RequestContext(identity: subscriber.identity, now: now),
                            rootValue: .object([field: event.payload]), sourceOnly: true)
                        bytes = result.body
                        shaped[listener.shape] = bytes
                    }
                    let loop = subscriber.loop.map(ObjectIdentifier.init)
                    byLoop[loop, default: LoopDeliveries(loop: subscriber.loop)].append(subscriber, bytes)
                }
            }
            await Self.deliver(byLoop)
        }
    }

    /// Ends `subscribers`, whose tokens expired, with the `UnauthorizedException` a `start` with
    /// that token gets: AppSync's clients then start them again with a refreshed token.
    private func end(_ expired: some Sequence<Subscriber>) {
        let error = RealtimeErrors.error(
            "UnauthorizedException", "You are not authorized to make this call. \(TokenRejection.expired)", code: 401)
        for subscriber in expired {
            // Shaping awaited, or the timer waited: the client may have stopped it, and started
            // another under its id meanwhile, which is not the one to end.
            guard isActive(subscriber) else { continue }
            guard subscriber.session.fail(id: subscriber.id, [error]) else {
                // Still starting (its start_ack not sent yet): ended as soon as it is active.
                scheduleExpiry(of: subscriber, at: Date().timeIntervalSince1970 + Self.startingRetryDelay)
                continue
            }
            remove(session: subscriber.session, id: subscriber.id)
            host?.subscriptionEnded(session: subscriber.session.number, id: subscriber.id)
        }
    }

    // MARK: The expiry timers

    /// How soon a subscription whose token expired while it was being started is ended (seconds).
    private static let startingRetryDelay = 0.05

    /// Ends `subscriber` just past `expiry` (seconds since 1970; a token is refused once the time is
    /// past it), on the loop that drives its connection.
    private func scheduleExpiry(of subscriber: Subscriber, at expiry: Double) {
        guard !isShutDown else { return }
        let key = Key(session: ObjectIdentifier(subscriber.session), id: subscriber.id)
        let delay = Duration.seconds(max(0, expiry - Date().timeIntervalSince1970)) + .milliseconds(1)
        // Without a loop (none could be made) the next event on its field still ends it.
        guard let loop = subscriber.session.eventLoop ?? (try? EventLoop.shared) else { return }
        expiryTimers.removeValue(forKey: key)?.cancel()
        expiryTimers[key] = loop.schedule(after: delay) { [weak self] in
            Task { await self?.expire(subscriber, key: key) }
        }
    }

    /// The timer of `subscriber` fired.
    private func expire(_ subscriber: Subscriber, key: Key) {
        // Stopped meanwhile, its id may hold another subscriber, whose timer this is not.
        guard isActive(subscriber) else { return }
        expiryTimers[key] = nil
        end([subscriber])
    }
}
