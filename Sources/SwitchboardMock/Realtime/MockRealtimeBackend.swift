import GraphQLLanguage
import Switchboard
import SwitchboardNet
import SwitchboardRealtimeServer

/// What the mock does behind the real-time protocol (connections are admitted by the server's
/// `RealtimeHost`, which checks `RealtimeServerOptions.requiredHeaders`): a subscription is
/// answered by the first matching ``SubscriptionEndpoint``, whose scripted events then play, and
/// mutations that trigger it publish to it.
struct MockRealtimeBackend: RealtimeBackend {
    let server: MockServerState

    func connect(headers: HTTPHeaders, session: RealtimeSession) async -> [JSONValue]? { nil }

    func start(_ request: RealtimeStartRequest, session: RealtimeSession) async -> [JSONValue]? {
        let endpoint: SubscriptionEndpoint
        let index: Int
        let operation: OperationDefinition
        switch await server.resolveSubscription(payloadText: request.payload, headers: request.headers) {
        case .failure(let error): return [error.json]
        case .success(let match): (endpoint, index, operation) = match
        }
        let rootField =
            operation.selectionSet.selections.lazy.compactMap { selection -> String? in
                if case .field(let field) = selection { return field.responseKey }
                return nil
            }.first ?? ""
        let events = endpoint.events
        let script: Task<Void, Never>? =
            events.isEmpty
            ? nil
            : Task { [server] in await Self.play(events, id: request.id, on: session, server: server) }
        await server.subscriptions.started(
            .init(
                session: session, id: request.id, endpointIndex: index, operationName: operation.name,
                rootField: rootField, script: script))
        return nil
    }

    func stop(id: String, session: RealtimeSession) async {
        await server.subscriptions.ended(session: session.number, id: id)
    }

    func disconnected(session: RealtimeSession) async {
        await server.subscriptions.closed(session: session.number)
    }

    /// Plays an endpoint's script for subscription `id` (events sent before the subscription is
    /// acknowledged wait for the acknowledgement).
    private static func play(
        _ events: [MockSubscriptionEvent], id: String, on session: RealtimeSession, server: MockServerState
    ) async {
        for event in events {
            if event.delay > .zero { try? await Task.sleep(for: event.delay) }
            guard !Task.isCancelled else { return }
            switch event {
            case .data(let data, _):
                session.deliver(id: id, payload: Array(JSONValue.object(["data": data]).jsonText.utf8))
            case .errors(let errors, let data, _):
                var payload: [String: JSONValue] = ["errors": .array(errors)]
                if let data { payload["data"] = data }
                session.deliver(id: id, payload: Array(JSONValue.object(payload).jsonText.utf8))
            case .complete:
                await server.subscriptions.ended(session: session.number, id: id)
                server.realtime.subscriptionEnded(session: session.number, id: id)
                session.complete(id: id)
                return
            }
        }
    }
}
