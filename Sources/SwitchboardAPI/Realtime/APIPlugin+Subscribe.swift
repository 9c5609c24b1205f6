import Foundation
import SwitchboardCore
import SwitchboardRealtimeProtocol

extension APIPlugin {
    /// Starts a subscription on the API's shared real-time connection.
    ///
    /// The stream yields `.connection(.connecting)`, `.connection(.connected)` once the server
    /// accepted the subscription, `.data(result)` for each event (an undecodable payload arrives as
    /// `.data(.failure(.transformationError))` and the subscription continues), and
    /// `.connection(.connecting)` again while reconnecting. Ending the iteration or cancelling the
    /// task stops the subscription; the last one to stop closes the socket.
    public nonisolated func subscribe<R: Decodable & Sendable>(request: GraphQLRequest<R>)
        -> SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<R>>
    {
        let limit = realtimeConfiguration.maximumBufferedEvents
        typealias Event = GraphQLSubscriptionEvent<R>
        let (stream, continuation) = AsyncThrowingStream<PendingElement<Event>, any Error>.makeStream(
            bufferingPolicy: limit.map { .bufferingOldest($0) } ?? .unbounded)
        // A full buffer ends the subscription loudly rather than losing events.
        let deliver: @Sendable (PendingElement<Event>) -> Void = { event in
            if case .dropped = continuation.yield(event), let limit {
                continuation.finish(throwing: SubscriptionError.consumerTooSlow(bufferedEvents: limit))
            }
        }
        let id = UUID().uuidString.lowercased()
        let registration = SubscriptionRegistration()
        let decoder = GraphQLResponseDecoder()
        // Lists and lazy references in events load through this plugin, with the request's API and
        // authorization mode (held weakly, as for queries).
        let modelContext: [CodingUserInfoKey: any Sendable] = [
            ModelRequestContext.userInfoKey: ModelRequestContext(
                apiName: request.apiName, authMode: request.authMode, page: nil, plugin: self)
        ]
        // Payloads are decoded by the task that takes them from the stream, not by the connection.
        let decode: @Sendable ([UInt8]) -> Event = { bytes in
            do throws(APIError) {
                return .data(try decoder.decode(Data(bytes), status: 200, request: request, userInfo: modelContext))
            } catch {
                return .data(.failure(.transformationError(String(decoding: bytes, as: UTF8.self), error)))
            }
        }
        let sink = SubscriptionSink { signal in
            switch signal {
            case .state(let state):
                deliver(.ready(.connection(state)))
            case .payload(let bytes):
                deliver(.payload(bytes))
            case .failed(let error):
                continuation.yield(.ready(.connection(.disconnected)))
                continuation.finish(throwing: error)
            case .completed:
                continuation.yield(.ready(.connection(.disconnected)))
                continuation.finish()
            }
        }
        let start = SubscriptionStart(
            document: request.document, variables: request.variables, operationName: request.operationName)
        let task = Task {
            do {
                if let error = request.variablesError { throw error }
                let connection = try await self.realtimeConnection(apiName: request.apiName, authMode: request.authMode)
                guard registration.attach(connection) else { return }
                await connection.add(id: id, start: start, sink: sink)
                if registration.isTerminated { await connection.remove(id: id) }
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in
            task.cancel()
            if let connection = registration.terminate() {
                Task { await connection.remove(id: id) }
            }
        }
        return SwitchboardAsyncThrowingSequence(pending: stream, continuation: continuation, finish: decode)
    }

    /// Active subscriptions across this plugin's real-time connections (diagnostics and tests).
    func realtimeSubscriptionCount() async -> Int {
        var total = 0
        for connection in realtimeConnections.values { total += await connection.subscriptionCount }
        return total
    }

    /// The shared connection for (API, authorization type), created on first use.
    func realtimeConnection(apiName: String?, authMode: AuthorizationType?) throws -> RealtimeConnection {
        let settings = self.settings.withLock { $0 }
        let context = try context(
            apiName: apiName, authMode: authMode, operationType: .subscription, configuration: settings.configuration)
        let key = "\(context.apiName)|\(context.authorizationType.rawValue)"
        if let existing = realtimeConnections[key] { return existing }
        guard let realtimeTransport else {
            throw SubscriptionError.notSupported(
                "No real-time transport is configured; pass APIPlugin(realtimeTransport:) to run subscriptions.")
        }
        let endpoint = context.endpoint
        let adapter: any RealtimeProtocolAdapter
        let url: URL
        switch endpoint.subscriptionProtocol {
        case .appSync:
            adapter = AppSyncProtocolAdapter()
            url = RealtimeURL.appSync(for: endpoint.endpoint)
        case .graphQLTransportWS:
            adapter = GraphQLTransportWSAdapter()
            url = RealtimeURL.graphQLTransportWS(for: endpoint.endpoint)
        }
        let authorizer = RealtimeAuthorizer(
            context: context, stages: Self.stages(for: context.apiName, settings: settings, iamSigner: iamSigner))
        let connection = RealtimeConnection(
            url: url, adapter: adapter, transport: realtimeTransport, authorizer: authorizer,
            configuration: realtimeConfiguration, logHandler: logHandler)
        realtimeConnections[key] = connection
        return connection
    }
}

/// Links a subscription stream to its connection once known, so termination before or after
/// registration always removes the subscription exactly once.
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
