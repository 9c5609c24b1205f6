import Foundation
import SwitchboardCore
import SwitchboardNet

/// One plugin's real-time connections, one per (API, authorization type), shared by every
/// subscription to that pair: the transport below the decoder for subscriptions.
final class RealtimeConnections: Sendable {
    let transport: (any RealtimeTransport)?
    private let configuration: RealtimeConfiguration
    private let logHandler: (any LogHandler)?
    /// Each API's current chain: a connection runs its handshakes and starts through the chain its
    /// API has at that moment, stages added since it opened included.
    private let chains: @Sendable (String) -> APIChain?
    private let state = Locked(State())
    /// Each connection's state as it changes, for ``states()``.
    let stateChanges = RealtimeConnectionStates()

    private struct State {
        var connections: [String: RealtimeConnection] = [:]
        /// Paused by the app: connections made meanwhile start paused too.
        var isPaused = false
        /// Hands network changes to the connections; started with the first connection.
        var networkFollower: Task<Void, Never>?
    }

    deinit { state.withLock { $0.networkFollower?.cancel() } }

    init(
        transport: (any RealtimeTransport)?, configuration: RealtimeConfiguration, logHandler: (any LogHandler)?,
        chains: @escaping @Sendable (String) -> APIChain?
    ) {
        self.transport = transport
        self.configuration = configuration
        self.logHandler = logHandler
        self.chains = chains
    }

    /// Starts the subscription `request` on its connection and returns its events: the
    /// connection's states as they change, and each payload turned into a result by `decode` when
    /// the subscriber takes it. At most ``RealtimeConfiguration/maximumBufferedEvents`` wait for the
    /// subscriber; one more ends the subscription with ``SubscriptionError/consumerTooSlow(bufferedEvents:)``.
    func subscribe<R>(
        _ request: GraphQLOperationRequest<R>, context: OperationContext, chain: APIChain,
        decode: @escaping @Sendable ([UInt8]) -> GraphQLResult<R>
    ) async throws -> GraphQLResponseStream<R> {
        let connection = try connection(for: context)
        let limit = configuration.maximumBufferedEvents
        let (stream, continuation) = AsyncThrowingStream<SubscriptionSignal, any Error>.makeStream(
            bufferingPolicy: limit.map { .bufferingOldest($0) } ?? .unbounded)
        let deliver: @Sendable (SubscriptionSignal) -> Void = { signal in
            switch signal {
            case .state, .payload:
                // A full buffer ends the subscription loudly rather than losing events.
                if case .dropped = continuation.yield(signal), let limit {
                    continuation.finish(throwing: SubscriptionError.consumerTooSlow(bufferedEvents: limit))
                }
            case .failed(let error):
                continuation.yield(.state(.disconnected))
                continuation.finish(throwing: error)
            case .completed:
                continuation.yield(.state(.disconnected))
                continuation.finish()
            }
        }
        let sink: SubscriptionSink
        if let resync = request.request.options.resync {
            let resyncer = SubscriptionResyncer(
                resync: resync, logger: SwitchboardLogger(handler: logHandler, source: "realtime"),
                runQuery: Self.queryRunner(chain: chain, context: context), forward: deliver)
            sink = SubscriptionSink(deliver: resyncer.deliver)
        } else {
            sink = SubscriptionSink(deliver: deliver)
        }
        let id = SecureRandom.uuidString()
        let registration = SubscriptionRegistration()
        continuation.onTermination = { _ in
            if let connection = registration.terminate() {
                Task { await connection.remove(id: id) }
            }
        }
        guard registration.attach(connection) else { return GraphQLResponseStream(events: { { nil } }, stop: nil) }
        let start = SubscriptionStart(
            document: request.request.document, variables: request.request.variables,
            operationName: request.request.operationName)
        await connection.add(
            id: id, start: start, operationName: context.operationName, options: context.options, sink: sink)
        if registration.isTerminated { await connection.remove(id: id) }
        await request.subscriptionHandle?.attach(connection, id: id)
        return GraphQLResponseStream(
            events: {
                let signals = UncheckedIteratorBox(stream.makeAsyncIterator())
                return {
                    switch try await signals.next() {
                    case nil: nil
                    case .state(let state)?: .connection(state)
                    case .payload(let bytes)?: .result(decode(bytes))
                    case .failed, .completed: nil
                    }
                }
            }, stop: { continuation.finish() })
    }

    /// Runs a resync query through the subscription's own API chain, with its authorization and
    /// headers, and returns the data at the request's decode path.
    private static func queryRunner(
        chain: APIChain, context: OperationContext
    ) -> @Sendable (GraphQLRequest<JSONValue>) async throws -> JSONValue {
        { request in
            let queryContext = OperationContext(
                endpoint: context.endpoint, authorizationType: context.authorizationType, operationType: .query,
                operationName: nil, options: RequestOptions(headers: context.options.headers))
            let operation = GraphQLOperationRequest(request, operationType: .query)
            guard let result = try await chain.run(operation, context: queryContext, from: 0, trace: nil).last() else {
                throw APIError.operationError("The resync query ended without a result.", "Report this as a bug.")
            }
            return try result.response.get()
        }
    }

    /// The shared connection for the context's (API, authorization type), made on first use.
    private func connection(for context: OperationContext) throws -> RealtimeConnection {
        guard let transport else {
            throw SubscriptionError.notSupported(
                "No real-time transport is configured; pass APIPlugin(realtimeTransport:) to run subscriptions.")
        }
        let key = "\(context.apiName)|\(context.authorizationType.rawValue)"
        return state.withLock { state in
            if let existing = state.connections[key] { return existing }
            let chains = self.chains
            let apiName = context.apiName
            let changes = stateChanges
            let authorizationType = context.authorizationType
            let connection = RealtimeConnection(
                context: context, chain: { chains(apiName) }, transport: transport, configuration: configuration,
                logHandler: logHandler, startsPaused: state.isPaused,
                reportState: { connectionState in
                    changes.report(
                        RealtimeConnectionStateChange(
                            apiName: apiName, authorizationType: authorizationType, state: connectionState))
                })
            state.connections[key] = connection
            if configuration.followsNetworkChanges && state.networkFollower == nil {
                state.networkFollower = Task { [weak self] in
                    for await path in NetworkMonitor.shared.paths() {
                        guard let self else { return }
                        await self.networkChanged(path)
                    }
                }
            }
            return connection
        }
    }

    /// Hands a network change to every connection.
    func networkChanged(_ path: NetworkPath) async {
        for connection in state.withLock({ Array($0.connections.values) }) { await connection.networkChanged(path) }
    }

    /// Pauses every connection, and those made until ``resume()``.
    func pause() async {
        let all = state.withLock { state in
            state.isPaused = true
            return Array(state.connections.values)
        }
        for connection in all { await connection.pause() }
    }

    /// Resumes every connection.
    func resume() async {
        let all = state.withLock { state in
            state.isPaused = false
            return Array(state.connections.values)
        }
        for connection in all { await connection.resume() }
    }

    /// Ends every subscription and closes the sockets (the plugin's reset).
    func shutdown() async {
        let all = state.withLock { state in
            defer { state.connections.removeAll() }
            return Array(state.connections.values)
        }
        for connection in all { await connection.shutdown() }
    }

    /// Active subscriptions across the connections (diagnostics and tests).
    func subscriptionCount() async -> Int {
        var total = 0
        for connection in state.withLock({ Array($0.connections.values) }) {
            total += await connection.subscriptionCount
        }
        return total
    }
}

/// Links a subscription stream to its connection, so termination before or after registration
/// always removes the subscription exactly once.
final class SubscriptionRegistration: Sendable {
    private let state = Locked<(connection: RealtimeConnection?, terminated: Bool)>((nil, false))

    /// Records the connection; `false` if the stream already ended.
    func attach(_ connection: RealtimeConnection) -> Bool {
        state.withLock { state in
            guard !state.terminated else { return false }
            state.connection = connection
            return true
        }
    }

    /// Marks the stream ended and returns the connection to remove the subscription from.
    func terminate() -> RealtimeConnection? {
        state.withLock { state in
            state.terminated = true
            return state.connection
        }
    }

    var isTerminated: Bool { state.withLock { $0.terminated } }
}
