import Foundation
import SwitchboardCore
import SwitchboardNet

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
actor RealtimeConnection {
    private struct Entry {
        let start: SubscriptionStart
        let sink: SubscriptionSink
        var acknowledged = false
        var startDeadline: ContinuousClock.Instant?
        var retries = 0
    }

    /// A failure that must not be retried (the server refused the credentials or the request).
    private struct TerminalFailure: Error { let error: any Error }

    /// The WebSocket could not be opened (TCP, TLS or the upgrade): names the URL, without its
    /// query (AppSync's carries the authorization) or user information.
    private struct ConnectFailure: Error, CustomStringConvertible {
        let url: URL
        let underlying: any Error

        /// Nothing listens at the address: retrying at once is unlikely to help.
        var isRefused: Bool { (underlying as? NetworkError)?.isConnectionRefused == true }

        var description: String {
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            components?.query = nil
            components?.user = nil
            components?.password = nil
            return "cannot connect to \(components?.url?.absoluteString ?? "the real-time endpoint"): \(underlying)"
        }
    }

    let url: URL
    private let adapter: any RealtimeProtocolAdapter
    private let transport: any RealtimeTransport
    private let authorizer: RealtimeAuthorizer
    private let configuration: RealtimeConfiguration
    private var entries: [String: Entry] = [:]
    private var socket: (any RealtimeSocket)?
    private var isReady = false
    private var runner: Task<Void, Never>?
    private var deadline = ContinuousClock.now
    private var keepAlive: Duration
    private var lastPing = ContinuousClock.now
    private var timeoutReason: String?
    /// Failed or short-lived connections in a row (see ``RealtimeConfiguration/stableConnectionDuration``).
    private var consecutiveFailures = 0
    /// When the current run of failures began (`nil` while connections are healthy).
    private var failingSince: ContinuousClock.Instant?
    /// When the current socket was acknowledged; how long it then lasted decides whether its end
    /// resets ``consecutiveFailures``.
    private var acknowledgedAt: ContinuousClock.Instant?
    /// Whether the server acknowledged a socket since ``run()`` started; until then a refused
    /// connection may end the run (`retriesRefusedFirstConnection`).
    private var wasAcknowledged = false

    /// How many sockets this connection has opened (for tests and diagnostics).
    private(set) var socketsOpened = 0
    /// Active subscriptions.
    var subscriptionCount: Int { entries.count }

    /// Connection events, without the URL's query (it carries AppSync's authorization).
    private let logger: SwitchboardLogger

    init(
        url: URL, adapter: any RealtimeProtocolAdapter, transport: any RealtimeTransport,
        authorizer: RealtimeAuthorizer,
        configuration: RealtimeConfiguration, logHandler: (any LogHandler)? = nil
    ) {
        self.logger = SwitchboardLogger(handler: logHandler, source: "realtime")
        self.url = url
        self.adapter = adapter
        self.transport = transport
        self.authorizer = authorizer
        self.configuration = configuration
        self.keepAlive = configuration.keepAliveTimeout
    }

    // MARK: Subscriptions

    func add(id: String, start: SubscriptionStart, sink: SubscriptionSink) async {
        entries[id] = Entry(start: start, sink: sink)
        sink.deliver(.state(.connecting))
        if isReady {
            await sendStart(id)
        } else if runner == nil {
            runner = Task { await self.run() }
        }
    }

    func remove(id: String) async {
        guard entries.removeValue(forKey: id) != nil else { return }
        if isReady, let socket { try? await socket.send(text: adapter.stopMessage(id: id)) }
        if entries.isEmpty { await closeSocket() }
    }

    /// Ends every subscription (plugin reset).
    func shutdown() async {
        let all = entries
        entries.removeAll()
        for entry in all.values { entry.sink.deliver(.completed) }
        await closeSocket()
    }

    private func finish(_ id: String, with signal: SubscriptionSignal) async {
        guard let entry = entries.removeValue(forKey: id) else { return }
        entry.sink.deliver(signal)
        if entries.isEmpty { await closeSocket() }
    }

    private func failAll(_ error: any Error) {
        let all = entries
        entries.removeAll()
        for entry in all.values { entry.sink.deliver(.failed(error)) }
    }

    // MARK: Lifecycle

    private func run() async {
        var lastError = "no connection attempt"
        // A new run (the first subscription, or the first after the socket closed) starts afresh,
        // whatever a previous run that gave up left behind.
        wasAcknowledged = false
        consecutiveFailures = 0
        failingSince = nil
        while !entries.isEmpty {
            do {
                try await connectAndServe()
            } catch let terminal as TerminalFailure {
                await closeSocket()
                logger.log(.error, "subscriptions ended: \(terminal.error)", ["api": authorizer.context.apiName])
                failAll(terminal.error)
                break
            } catch let failure as ConnectFailure
                where failure.isRefused && !wasAcknowledged && !configuration.retriesRefusedFirstConnection
            {
                logger.log(.error, "\(failure)", ["api": authorizer.context.apiName])
                failAll(SubscriptionError.connectionFailed(attempts: consecutiveFailures, lastError: "\(failure)"))
                break
            } catch {
                lastError = "\(error)"
            }
            await closeSocket()
            if entries.isEmpty { break }
            if let acknowledgedAt {
                let lifetime = ContinuousClock.now - acknowledgedAt
                if lifetime >= configuration.stableConnectionDuration {
                    consecutiveFailures = 0
                    failingSince = nil
                } else {
                    let milliseconds =
                        lifetime.components.seconds * 1000 + lifetime.components.attoseconds / 1_000_000_000_000_000
                    lastError +=
                        " (the connection ended \(milliseconds) ms after connection_ack, sooner than"
                        + " stableConnectionDuration, \(configuration.stableConnectionDuration))"
                }
            }
            acknowledgedAt = nil
            consecutiveFailures += 1
            let since = failingSince ?? .now
            failingSince = since
            if consecutiveFailures > configuration.reconnectAttempts
                && ContinuousClock.now - since >= configuration.minimumReconnectDuration
            {
                logger.log(
                    .error, "gave up reconnecting after \(consecutiveFailures - 1) attempts: \(lastError)",
                    ["api": authorizer.context.apiName])
                failAll(SubscriptionError.connectionFailed(attempts: consecutiveFailures - 1, lastError: lastError))
                break
            }
            logger.log(
                .warning, "reconnecting (attempt \(consecutiveFailures)) after: \(lastError)",
                ["api": authorizer.context.apiName, "subscriptions": "\(entries.count)"])
            for id in entries.keys {
                if entries[id]?.acknowledged == true { entries[id]?.sink.deliver(.state(.connecting)) }
                entries[id]?.acknowledged = false
                entries[id]?.startDeadline = nil
            }
            try? await Task.sleep(for: configuration.backoff(attempt: consecutiveFailures))
        }
        runner = nil
    }

    private func closeSocket() async {
        isReady = false
        guard let current = socket else { return }
        socket = nil
        await current.close(code: 1000)
    }

    private func connectAndServe() async throws {
        let authorization: [String: String]
        do {
            authorization = try await authorizer.authorizationObject(data: nil)
        } catch {
            throw TerminalFailure(error: error)
        }
        var target = url
        var subprotocols = [adapter.subprotocol]
        if adapter.dialect == .appSync {
            if var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
                components.queryItems = RealtimeAuthorizer.handshakeQuery(authorization: authorization)
                target = components.url ?? url
            }
            if configuration.authorizationInSubprotocol {
                subprotocols.append(RealtimeAuthorizer.authorizationSubprotocol(authorization))
            }
        }
        let opened = try await openSocket(target: target, authorization: authorization, subprotocols: subprotocols)
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
        logger.log(
            .info, "connected to \(SwitchboardLogger.describe(url))",
            ["api": authorizer.context.apiName, "protocol": adapter.dialect.rawValue])
        wasAcknowledged = true
        acknowledgedAt = .now
        deadline = .now + keepAlive
        lastPing = .now
        for id in entries.keys { await sendStart(id) }
        while true {
            guard let text = try await opened.receive() else {
                throw SubscriptionError.protocolViolation(timeoutReason ?? "the server closed the connection")
            }
            deadline = .now + keepAlive
            guard let inbound = try? adapter.parse(text) else { continue }
            try await handle(inbound, on: opened)
        }
    }

    /// Opens the WebSocket as the pipeline's transport, so that the API's stages after the
    /// transport see the handshake's response (`101`) as they see every HTTP response.
    private func openSocket(target: URL, authorization: [String: String], subprotocols: [String]) async throws
        -> any RealtimeSocket
    {
        var upgrade = URLRequest(url: target)
        for (name, value) in RealtimeAuthorizer.handshakeHeaders(authorization: authorization) {
            upgrade.setValue(value, forHTTPHeaderField: name)
        }
        let opened = Locked<(any RealtimeSocket)?>(nil)
        let transport = self.transport
        let url = self.url
        do {
            _ = try await authorizer.stages.runAfterTransport(upgrade, context: authorizer.context) { request, _ in
                let headers = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
                let socket: any RealtimeSocket
                do {
                    socket = try await transport.connect(
                        to: request.url ?? target, headers: headers, subprotocols: subprotocols)
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    throw ConnectFailure(url: url, underlying: error)
                }
                opened.withLock { $0 = socket }
                return HTTPTransportResponse(statusCode: 101, headers: [:], body: Data())
            }
        } catch let failure as ConnectFailure {
            throw failure
        } catch is CancellationError {
            await opened.withLock({ $0 })?.close(code: 1000)
            throw CancellationError()
        } catch {
            // A stage after the transport refused the handshake: nothing to retry.
            await opened.withLock({ $0 })?.close(code: 1000)
            throw TerminalFailure(error: error)
        }
        guard let socket = opened.withLock({ $0 }) else {
            throw TerminalFailure(
                error: APIError.operationError(
                    "A pipeline stage after the transport did not let the real-time handshake through.",
                    "Stages placed after the transport must call next(request, context)."))
        }
        return socket
    }

    private func awaitAcknowledgement(on socket: any RealtimeSocket) async throws {
        while true {
            guard let text = try await socket.receive() else {
                if timeoutReason != nil { throw SubscriptionError.acknowledgementTimeout("connection_ack") }
                throw SubscriptionError.protocolViolation("the server closed the connection before connection_ack")
            }
            switch try adapter.parse(text) {
            case .acknowledged(let timeout):
                keepAlive = timeout ?? configuration.keepAliveTimeout
                return
            case .connectionFailed(let errors), .failed(nil, let errors):
                if Self.isTerminal(errors) { throw TerminalFailure(error: SubscriptionError.rejected(errors)) }
                throw SubscriptionError.rejected(errors)
            case .ping(let payload):
                try await socket.send(text: adapter.pongMessage(payload))
            default:
                continue
            }
        }
    }

    private func handle(_ inbound: RealtimeInbound, on socket: any RealtimeSocket) async throws {
        switch inbound {
        case .started(let id):
            guard entries[id] != nil, entries[id]?.acknowledged == false else { return }
            entries[id]?.acknowledged = true
            entries[id]?.startDeadline = nil
            entries[id]?.sink.deliver(.state(.connected))
        case .payload(let id, let bytes):
            entries[id]?.sink.deliver(.payload(bytes))
        case .failed(let id?, let errors):
            guard let entry = entries[id] else { return }
            let limited = errors.contains {
                ($0.extensions?["errorType"]?.stringValue ?? "") == "MaxSubscriptionsReachedError"
            }
            if limited && entry.retries < configuration.reconnectAttempts {
                entries[id]?.retries += 1
                entries[id]?.startDeadline = nil
                let delay = configuration.backoff(attempt: entry.retries + 1)
                Task {
                    try? await Task.sleep(for: delay)
                    await self.retryStart(id)
                }
            } else {
                await finish(id, with: .failed(SubscriptionError.rejected(errors)))
            }
        case .failed(nil, let errors):
            if Self.isTerminal(errors) { throw TerminalFailure(error: SubscriptionError.rejected(errors)) }
        case .completed(let id):
            await finish(id, with: .completed)
        case .ping(let payload):
            try await socket.send(text: adapter.pongMessage(payload))
        case .connectionFailed(let errors):
            if Self.isTerminal(errors) { throw TerminalFailure(error: SubscriptionError.rejected(errors)) }
            throw SubscriptionError.rejected(errors)
        case .keepAlive, .acknowledged:
            break
        }
    }

    private func retryStart(_ id: String) async {
        guard isReady, entries[id] != nil else { return }
        await sendStart(id)
    }

    private func sendStart(_ id: String) async {
        guard let entry = entries[id], let socket else { return }
        var authorization: [String: String] = [:]
        if adapter.dialect == .appSync {
            do {
                authorization = try await authorizer.authorizationObject(data: entry.start.dataString)
            } catch {
                await finish(id, with: .failed(error))
                return
            }
        }
        guard entries[id] != nil, self.socket != nil else { return }
        entries[id]?.startDeadline = adapter.acknowledgesStarts ? .now + configuration.acknowledgementTimeout : nil
        do {
            try await socket.send(
                text: adapter.startMessage(id: id, request: entry.start, authorization: authorization))
        } catch {
            return  // the read loop sees the broken connection and reconnects
        }
        if !adapter.acknowledgesStarts, entries[id]?.acknowledged == false {
            entries[id]?.acknowledged = true
            entries[id]?.sink.deliver(.state(.connected))
        }
    }

    /// Closes the socket when the keep-alive or acknowledgement deadline passes, fails starts that
    /// were never acknowledged, and pings on protocols where the client must.
    private func watch(_ watched: any RealtimeSocket) async {
        let tick = Duration.milliseconds(50)
        while !Task.isCancelled {
            try? await Task.sleep(for: tick)
            guard !Task.isCancelled else { return }
            let now = ContinuousClock.now
            if now > deadline {
                timeoutReason =
                    isReady
                    ? "no keep-alive within \(keepAlive)"
                    : "no connection_ack within \(configuration.acknowledgementTimeout)"
                await watched.close(code: 1000)
                return
            }
            for (id, entry) in entries where !entry.acknowledged {
                if let startDeadline = entry.startDeadline, now > startDeadline {
                    // The server may have started it all the same (its start_ack queued behind
                    // events): stop it there, or it delivers to nobody for the connection's life,
                    // and every retry by the app adds one more.
                    if isReady { try? await watched.send(text: adapter.stopMessage(id: id)) }
                    await finish(id, with: .failed(SubscriptionError.acknowledgementTimeout("start_ack")))
                }
            }
            if adapter.clientPings, isReady, now - lastPing >= configuration.pingInterval {
                lastPing = now
                try? await watched.send(text: adapter.pingMessage())
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
