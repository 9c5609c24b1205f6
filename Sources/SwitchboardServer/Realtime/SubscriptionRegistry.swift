import Foundation
import ModelTransform
import SwitchboardCore
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

    private var subscribers: [String: [Key: ShapedListener]] = [:]
    /// Each field's subscribers arranged for publishing, made when first needed after they change.
    private var plans: [String: DeliveryPlan] = [:]
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
        subscribers[subscriber.field, default: [:]][key] = ShapedListener(subscriber: subscriber, shape: number)
        plans[subscriber.field] = nil
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
        plans[field] = nil
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

    /// The plan of `field`'s current subscribers.
    private func plan(for field: String) -> DeliveryPlan {
        if let plan = plans[field] { return plan }
        let plan = DeliveryPlan((subscribers[field] ?? [:]).values)
        plans[field] = plan
        return plan
    }

    /// Hands each connection its events on the loop that drives its socket, every loop at once:
    /// an idle connection is written from there without a task of its own, the writes of a
    /// thousand connections are spread over the loops' threads, and so is checking which
    /// subscribers take the event. Returns the subscribers whose token expired.
    private static func deliver(_ event: DeliveryPlan.Event, to shares: [DeliveryPlan.LoopShare]) async -> [Subscriber]
    {
        let expired = Locked<[Subscriber]>([])
        await withDiscardingTaskGroup { group in
            for share in shares {
                let deliver = { @Sendable in
                    let more = await DeliveryPlan.deliver(event, to: share, givingWay: share.loop != nil)
                    if !more.isEmpty { expired.withLock { $0 += more } }
                }
                // Connections without a loop are written from here.
                guard let loop = share.loop else {
                    await deliver()
                    continue
                }
                group.addTask(onLoop: loop, deliver)
            }
        }
        return expired.withLock { $0 }
    }

    /// Delivers `events` (in order) to the subscribers of their mutations.
    func publish(_ events: [MutationEvent], now: String) async {
        let seconds = Date().timeIntervalSince1970
        // Subscriptions whose token expired get no more events: they end with AppSync's error.
        // (The expiry timer ends them on time; an event may come between the expiry and the timer.)
        var expired: [ObjectIdentifier: Subscriber] = [:]
        defer { end(expired.values) }
        for event in events {
            guard case .object(let payload) = event.payload else { continue }
            // Each field's subscribers as of this event (a plan is a value): shaping awaits, and
            // they may change meanwhile.
            var plans: [DeliveryPlan] = []
            var shaped: [Int: [UInt8]] = [:]
            for field in service.subscriptionsByMutation[event.mutation] ?? [] {
                let plan = plan(for: field)
                plans.append(plan)
                for (shape, listeners) in plan.listenersByShape where shaped[shape] == nil {
                    // Shaped once, by a listener that takes it; none may, and then nobody gets it.
                    guard
                        let listener = listeners.first(where: {
                            ($0.subscriber.tokenExpiry.map { seconds <= $0 } ?? true) && $0.subscriber.accepts(payload)
                        })
                    else { continue }
                    let result = await service.executor.execute(
                        listener.subscriber.operation,
                        context: RequestContext(identity: listener.subscriber.identity, now: now),
                        rootValue: .object([field: event.payload]), sourceOnly: true)
                    shaped[shape] = result.body
                }
            }
            let event = DeliveryPlan.Event(payload: payload, shaped: shaped, seconds: seconds)
            for subscriber in await Self.deliver(event, to: DeliveryPlan.sharesByLoop(plans)) {
                expired[ObjectIdentifier(subscriber)] = subscriber
            }
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
