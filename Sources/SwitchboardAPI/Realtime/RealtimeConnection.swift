import Foundation
import SwitchboardCore
import SwitchboardNet
import SwitchboardRealtimeProtocol

/// What a subscription's stream receives from the connection it runs on.
enum SubscriptionSignal: Sendable {
    case state(SubscriptionConnectionState)
    case payload([UInt8])
    case failed(any Error)
    case completed
}

/// Delivers signals to one subscription's stream.
struct SubscriptionSink: Sendable {
    let deliver: @Sendable (SubscriptionSignal) -> Void
}

/// One WebSocket per (API, authorization type), multiplexing every subscription on it: connects
/// on the first subscription, closes after the last, detects dead connections (missing keep-alive
/// or pong), reconnects with full-jitter back-off and restarts every active subscription.
///
/// It is the transport of its subscriptions: each handshake runs the API's HTTP-level stages
/// (phase ``OperationPhase/handshake``), and on AppSync's protocol so does each `start`
/// (phase ``OperationPhase/start``), whose transport sends the message and waits for `start_ack`.
actor RealtimeConnection {
    struct Entry {
        let start: SubscriptionStart
        let operationName: String?
        /// The subscription's own headers and time limit, applied to its `start`.
        let options: RequestOptions
        let sink: SubscriptionSink
        /// When its current `start` was acknowledged; `nil` until then.
        var acknowledgedAt: ContinuousClock.Instant?
        var acknowledged: Bool { acknowledgedAt != nil }
        /// Whether the subscription was connected before: connected again, it may have missed events.
        var wasConnected = false
        /// The id its messages carry: the subscription's own at first, a new one after each resume
        /// (``resume(id:)``), so that the server's late answers about the stopped one reach nobody.
        var wireID: String
        /// `start`s refused with `MaxSubscriptionsReachedError` so far.
        var retries = 0
        /// Started again after the server ended it for its authorization, with no event since.
        var restartedForAuthorization = false
    }

    /// A failure that must not be retried (the server refused the credentials or the request, or
    /// a stage refused the handshake).
    struct TerminalFailure: Error { let error: any Error }

    /// The WebSocket could not be opened (TCP, TLS or the upgrade): names the URL, without its
    /// query (AppSync's carries the authorization) or user information.
    struct ConnectFailure: Error, CustomStringConvertible {
        let url: URL
        let underlying: any Error

        /// Nothing listens at the address: retrying at once is unlikely to help.
        var isRefused: Bool {
            var error: (any Error)? = underlying
            while let current = error {
                if (current as? NetworkError)?.isConnectionRefused == true { return true }
                error = (current as? APIError)?.underlyingError
            }
            return false
        }

        var description: String {
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            components?.query = nil
            components?.user = nil
            components?.password = nil
            let target = components?.url?.absoluteString ?? "the real-time endpoint"
            let reason: String =
                switch underlying {
                case APIError.networkError(_, let error?): "\(error)"
                case let error as APIError: error.errorDescription
                default: "\(underlying)"
                }
            return "cannot connect to \(target): \(reason)"
        }
    }

    let url: URL
    /// The protocol of the current socket: the configured one, or the legacy `graphql-ws` when a
    /// `graphql-transport-ws` API's server chose that one.
    var adapter: any RealtimeProtocolAdapter
    let transport: any RealtimeTransport
    let authorizer: RealtimeAuthorizer
    let configuration: RealtimeConfiguration
    /// The operation's context for this connection's API and authorization type.
    let context: OperationContext
    /// The API's chain as it is now.
    let chain: @Sendable () -> APIChain?
    var entries: [String: Entry] = [:]
    /// Subscriptions paused one by one (``pause(id:)``): kept apart from ``entries``, so that the
    /// connection neither starts them nor stays open for them.
    var pausedEntries: [String: Entry] = [:]
    /// Resumes so far, numbering the wire ids of resumed subscriptions.
    var resumes = 0
    /// The subscription each id on the wire belongs to (see `Entry.wireID`).
    var subscriptionsByWireID: [String: String] = [:]
    var socket: (any RealtimeSocket)?
    var isReady = false
    /// The task that connects, serves and reconnects; one at a time, told apart by
    /// ``runGeneration`` so that a run superseded by a pause and a resume touches nothing.
    var runner: Task<Void, Never>?
    var runGeneration = 0
    /// Paused by the app (``pause()``): no socket and no reconnection until ``resume()``; the
    /// subscriptions are kept and restart on resume.
    var isPaused = false
    /// The back-off wait between attempts; a network change or a pause cuts it short.
    var retryWait: Task<Void, Never>?
    /// The network as the monitor last reported it; `nil` until it does, or when connections do
    /// not follow the network (``RealtimeConfiguration/followsNetworkChanges``).
    var networkPath: NetworkPath?
    /// A network change dropped the socket: the next attempt goes without a back-off wait.
    var retryAtOnce = false
    /// When a network change last ended a back-off wait (at most one a second).
    var lastNetworkWake: ContinuousClock.Instant?
    /// Whether the subscriptions were told the connection waits for the network.
    var announcedWaitingForNetwork = false
    /// Whether the server is on this machine, which needs no network.
    let serverIsLocal: Bool
    /// Tells the plugin's connection-state stream about this connection's state.
    let reportState: @Sendable (SubscriptionConnectionState) -> Void
    /// The state last reported, so that each change is reported once.
    var reportedState: SubscriptionConnectionState?
    var deadline = ContinuousClock.now
    var keepAlive: Duration
    var lastPing = ContinuousClock.now
    /// Whether a silent connection counts as dead after ``keepAlive``: always, except on the
    /// legacy `graphql-ws` protocol until the server's first keep-alive (servers may send none).
    var keepAliveArmed = true
    var timeoutReason: String?
    /// Each subscription's `start` run through the chain, while it waits for its acknowledgement.
    var startTasks: [String: Task<Void, Never>] = [:]
    /// The `start`s waiting for `start_ack`, resumed by the read loop or the watchdog.
    var pendingAcknowledgements: [String: PendingAcknowledgement] = [:]
    /// graphql-transport-ws subscriptions whose registration probe is unanswered, in the order
    /// the probes were sent (see ``answerRegistrationProbes(_:)``).
    var registrationProbes: [(wireID: String, id: String, sentAt: ContinuousClock.Instant)] = []
    /// Whether the current socket's server echoed a ping's payload in its pong: then a bare pong
    /// is a heartbeat of its own, which answers no probe.
    var serverEchoesPings = false
    /// Failed or short-lived connections in a row (see ``RealtimeConfiguration/stableConnectionDuration``).
    private(set) var consecutiveFailures = 0
    /// When the current run of failures began (`nil` while connections are healthy).
    private var failingSince: ContinuousClock.Instant?
    /// When the current socket was acknowledged; how long it then lasted decides whether its end
    /// resets ``consecutiveFailures``.
    var acknowledgedAt: ContinuousClock.Instant?
    /// Whether the server acknowledged a socket since ``run()`` started; until then a refused
    /// connection may end the run (`retriesRefusedFirstConnection`).
    var wasAcknowledged = false

    /// Whether the next handshake asks the token provider for a refreshed token: the server
    /// refused the last one's (`UnauthorizedException` to `connection_init`), as a query answered
    /// `401` does.
    var refreshesNextHandshakeToken = false
    /// Whether the current socket's handshake sent a refreshed token: a refusal of that one is
    /// final. Decided per socket, so that an interrupted attempt leaves nothing behind.
    var socketHasRefreshedToken = false

    /// The server refused the socket's token, at `connection_init` or after acknowledging it: the
    /// run connects again without waiting or counting a failure, the handshake taking a refreshed
    /// token.
    struct RefusedTokenRetry: Error {}

    /// How many sockets this connection has opened (for tests and diagnostics).
    var socketsOpened = 0
    /// Active subscriptions.
    var subscriptionCount: Int { entries.count }

    /// Connection events, without the URL's query (it carries AppSync's authorization).
    let logger: SwitchboardLogger

    init(
        context: OperationContext, chain: @escaping @Sendable () -> APIChain?, transport: any RealtimeTransport,
        configuration: RealtimeConfiguration, logHandler: (any LogHandler)? = nil, startsPaused: Bool = false,
        reportState: @escaping @Sendable (SubscriptionConnectionState) -> Void = { _ in }
    ) {
        let endpoint = context.endpoint
        self.isPaused = startsPaused
        self.reportState = reportState
        url =
            endpoint.subscriptionProtocol == .appSync
            ? RealtimeURL.appSync(for: endpoint.endpoint) : RealtimeURL.graphQLTransportWS(for: endpoint.endpoint)
        adapter = endpoint.subscriptionProtocol.adapter(chosen: nil)
        serverIsLocal = NetworkPath.isLoopback(url.host ?? "")
        self.logger = SwitchboardLogger(handler: logHandler, source: "realtime")
        self.context = context
        self.chain = chain
        self.transport = transport
        self.authorizer = RealtimeAuthorizer(
            endpoint: endpoint.endpoint, authorizationType: context.authorizationType)
        self.configuration = configuration
        self.keepAlive = configuration.keepAliveTimeout
    }

    // MARK: Subscriptions

    func add(
        id: String, start: SubscriptionStart, operationName: String?, options: RequestOptions, sink: SubscriptionSink
    ) async {
        entries[id] = Entry(start: start, operationName: operationName, options: options, sink: sink, wireID: id)
        subscriptionsByWireID[id] = id
        if isPaused {
            sink.deliver(.state(.paused))
            report(.paused)
            return
        }
        sink.deliver(.state(.connecting))
        if isReady {
            startSubscription(id)
        } else if runner == nil {
            startRunner()
        }
    }

    /// Tells subscription `id` it is connected (once per socket): `.connected` the first time,
    /// `.connectedAfterGap` after a reconnect, when events may have gone by.
    func markConnected(_ id: String) {
        guard let entry = entries[id], !entry.acknowledged else { return }
        entries[id]?.acknowledgedAt = .now
        entries[id]?.wasConnected = true
        entry.sink.deliver(.state(entry.wasConnected ? .connectedAfterGap : .connected))
    }

    /// Starts a run that connects, serves and reconnects until no subscription is left, the
    /// connection gives up, or the app pauses.
    func startRunner() {
        runGeneration += 1
        let generation = runGeneration
        report(.connecting)
        runner = Task { await self.run(generation: generation) }
    }

    /// Whether the run `generation` is still the one to act: not superseded, not paused.
    func isCurrent(_ generation: Int) -> Bool { generation == runGeneration && !isPaused }

    /// Reports `state` to the connection-state stream when it changed.
    func report(_ state: SubscriptionConnectionState) {
        guard state != reportedState else { return }
        reportedState = state
        reportState(state)
    }

    func remove(id: String) async {
        if let paused = pausedEntries.removeValue(forKey: id) {
            subscriptionsByWireID[paused.wireID] = nil
            return
        }
        guard let entry = entries.removeValue(forKey: id) else { return }
        subscriptionsByWireID[entry.wireID] = nil
        startTasks.removeValue(forKey: id)?.cancel()
        pendingAcknowledgements.removeValue(forKey: id)?.resolve(.failure(CancellationError()))
        registrationProbes.removeAll { $0.id == id }
        if isReady, let socket { try? await socket.send(text: adapter.stopMessage(id: entry.wireID)) }
        if entries.isEmpty { await closeSocket() }
    }

    /// Ends every subscription (plugin reset).
    func shutdown() async {
        let all = Array(entries.values) + Array(pausedEntries.values)
        entries.removeAll()
        pausedEntries.removeAll()
        subscriptionsByWireID.removeAll()
        for entry in all { entry.sink.deliver(.completed) }
        await closeSocket()
    }

    func finish(_ id: String, with signal: SubscriptionSignal) async {
        guard let entry = entries.removeValue(forKey: id) else { return }
        subscriptionsByWireID[entry.wireID] = nil
        startTasks.removeValue(forKey: id)?.cancel()
        entry.sink.deliver(signal)
        if entries.isEmpty { await closeSocket() }
    }

    private func failAll(_ error: any Error) {
        let all = entries
        entries.removeAll()
        for entry in all.values {
            subscriptionsByWireID[entry.wireID] = nil
            entry.sink.deliver(.failed(error))
        }
    }

    // MARK: Lifecycle

    private func run(generation: Int) async {
        var lastError = "no connection attempt"
        // A new run (the first subscription, or the first after the socket closed) starts afresh,
        // whatever a previous run that gave up left behind.
        wasAcknowledged = false
        consecutiveFailures = 0
        failingSince = nil
        refreshesNextHandshakeToken = false
        while !entries.isEmpty && isCurrent(generation) {
            do {
                try await connectAndServe(generation: generation)
            } catch _ where !isCurrent(generation) {
                break  // paused (the pause closed the socket), or superseded: touch nothing
            } catch is RefusedTokenRetry {
                // Bounded: the next socket's handshake sends a refreshed token, whose refusal is
                // final (after the ack, within stableConnectionDuration).
                await closeSocket()
                // A socket given up for its token after serving a while was a healthy one.
                _ = accountForEndedSocket()
                continue
            } catch let terminal as TerminalFailure {
                await closeSocket()
                logger.log(.error, "subscriptions ended: \(terminal.error)", ["api": context.apiName])
                failAll(terminal.error)
                break
            } catch let failure as ConnectFailure
                where failure.isRefused && !wasAcknowledged && !configuration.retriesRefusedFirstConnection
            {
                logger.log(.error, "\(failure)", ["api": context.apiName])
                failAll(SubscriptionError.connectionFailed(attempts: consecutiveFailures, lastError: "\(failure)"))
                break
            } catch {
                lastError = "\(error)"
            }
            guard isCurrent(generation) else { break }
            await closeSocket()
            if entries.isEmpty || !isCurrent(generation) { break }
            if let lifetime = accountForEndedSocket() {
                let milliseconds =
                    lifetime.components.seconds * 1000 + lifetime.components.attoseconds / 1_000_000_000_000_000
                lastError +=
                    " (the connection ended \(milliseconds) ms after connection_ack, sooner than"
                    + " stableConnectionDuration, \(configuration.stableConnectionDuration))"
            }
            consecutiveFailures += 1
            let since = failingSince ?? .now
            failingSince = since
            if consecutiveFailures > configuration.reconnectAttempts
                && ContinuousClock.now - since >= configuration.reconnectTimeLimit
            {
                if configuration.reconnectTimeLimit > .zero {
                    let seconds = (ContinuousClock.now - since).components.seconds
                    lastError +=
                        " (gave up after \(seconds) s of reconnecting, RealtimeConfiguration.reconnectTimeLimit)"
                }
                logger.log(
                    .error, "gave up reconnecting after \(consecutiveFailures - 1) attempts: \(lastError)",
                    ["api": context.apiName])
                failAll(SubscriptionError.connectionFailed(attempts: consecutiveFailures - 1, lastError: lastError))
                break
            }
            logger.log(
                .warning, "reconnecting (attempt \(consecutiveFailures)) after: \(lastError)",
                ["api": context.apiName, "subscriptions": "\(entries.count)"])
            for id in entries.keys {
                if entries[id]?.acknowledged == true { entries[id]?.sink.deliver(.state(.connecting)) }
                entries[id]?.acknowledgedAt = nil
                // A new connection's starts carry current tokens: the next end for authorization
                // is not the same one again.
                entries[id]?.restartedForAuthorization = false
            }
            report(.connecting)
            await waitBeforeNextAttempt(generation: generation, failingSince: since)
        }
        guard generation == runGeneration else { return }
        runner = nil
        if !isPaused { report(.disconnected) }
    }

    /// Forgets the ended socket's acknowledgement. One that stayed up for
    /// `stableConnectionDuration` was healthy and ends the run of failures; for one that did not,
    /// how long it lasted after `connection_ack` (`nil` if it was never acknowledged).
    private func accountForEndedSocket() -> Duration? {
        defer { acknowledgedAt = nil }
        guard let acknowledgedAt else { return nil }
        let lifetime = ContinuousClock.now - acknowledgedAt
        guard lifetime < configuration.stableConnectionDuration else {
            consecutiveFailures = 0
            failingSince = nil
            return nil
        }
        return lifetime
    }

    /// Waits `delay` before the next attempt, unless a network change or a pause ends the wait.
    func waitBeforeRetrying(_ delay: Duration) async {
        let wait = Task<Void, Never> { try? await Task.sleep(for: delay) }
        retryWait = wait
        await wait.value
        if retryWait == wait { retryWait = nil }
    }

    /// Closes the socket; the `start`s running on it are cancelled (a reconnect starts them again).
    func closeSocket() async {
        isReady = false
        for task in startTasks.values { task.cancel() }
        startTasks.removeAll()
        let pending = pendingAcknowledgements
        pendingAcknowledgements.removeAll()
        registrationProbes.removeAll()
        serverEchoesPings = false
        for waiter in pending.values { waiter.resolve(.failure(CancellationError())) }
        guard let current = socket else { return }
        socket = nil
        await current.close(code: 1000)
    }

    private func connectAndServe(generation: Int) async throws {
        let (opened, authorization) = try await handshake()
        guard isCurrent(generation) else {
            // Paused (or paused and resumed) while the handshake ran: this socket is not wanted.
            await opened.close(code: 1000)
            throw CancellationError()
        }
        adapter = context.endpoint.subscriptionProtocol.adapter(
            chosen: opened.upgradeResponse.headers["sec-websocket-protocol"])
        socketsOpened += 1
        socket = opened
        timeoutReason = nil
        if entries.isEmpty { return }
        deadline = .now + configuration.acknowledgementTimeout
        let watchdog = Task { await self.watch(opened) }
        defer { watchdog.cancel() }

        var initAuthorization = authorization
        initAuthorization["host"] = nil
        try await opened.send(
            text: adapter.initMessage(authorization: adapter.dialect == .appSync ? [:] : initAuthorization))
        try await awaitAcknowledgement(on: opened)
        isReady = true
        report(.connected)
        logger.log(
            .info, "connected to \(SwitchboardLogger.describe(url))",
            ["api": context.apiName, "protocol": adapter.dialect.rawValue])
        wasAcknowledged = true
        acknowledgedAt = .now
        deadline = .now + keepAlive
        keepAliveArmed = !adapter.keepAliveIsOptional
        lastPing = .now
        for id in entries.keys { startSubscription(id) }
        while true {
            guard let text = try await opened.receive() else {
                throw SubscriptionError.protocolViolation(timeoutReason ?? "the server closed the connection")
            }
            // A message read before a pause closed the socket is not delivered.
            guard isCurrent(generation) else { throw CancellationError() }
            deadline = .now + keepAlive
            guard let inbound = try? adapter.parse(text) else { continue }
            switch inbound {
            case .keepAlive, .pong: keepAliveArmed = true
            default: break
            }
            try await handle(inbound, text: text, on: opened)
        }
    }

    private func awaitAcknowledgement(on socket: any RealtimeSocket) async throws {
        while true {
            guard let text = try await socket.receive() else {
                if timeoutReason != nil { throw SubscriptionError.acknowledgementTimeout("connection_ack") }
                if let errors = Self.closeRefusal(of: socket) { try refusedConnection(errors, forToken: true) }
                throw SubscriptionError.protocolViolation("the server closed the connection before connection_ack")
            }
            switch try adapter.parse(text) {
            case .acknowledged(let timeout):
                keepAlive = timeout ?? configuration.keepAliveTimeout
                return
            case .connectionFailed(let errors), .failed(nil, let errors):
                try refusedConnection(errors, forToken: Self.isUnauthorized(errors))
            case .ping(let payload):
                try await socket.send(text: adapter.pongMessage(payload))
            default:
                continue
            }
        }
    }

    /// Unauthorized and bad-request errors end subscriptions instead of being retried.
    static func isTerminal(_ errors: [GraphQLError]) -> Bool {
        errors.contains { error in
            let type = error.extensions?["errorType"]?.stringValue ?? ""
            let code = error.extensions?["errorCode"]?.intValue ?? 0
            return type.contains("Unauthorized") || type.contains("BadRequest") || [400, 401, 403].contains(code)
        }
    }
}
