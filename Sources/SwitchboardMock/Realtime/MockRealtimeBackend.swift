import GraphQLLanguage
import Switchboard
import SwitchboardNet
import SwitchboardRealtimeServer

/// What the mock does behind the real-time protocol: a connection must carry
/// ``MockRealtimeOptions/requiredHeaders``; a subscription is answered by the first matching
/// ``SubscriptionEndpoint``, whose scripted events then play, and mutations that trigger it
/// publish to it.
struct MockRealtimeBackend: RealtimeBackend {
    let server: MockServerState

    func connect(headers: HTTPHeaders, session: RealtimeSession) async -> [JSONValue]? {
        guard let reason = server.realtime.options.requiredHeaders.mismatch(in: headers) else { return nil }
        return [RealtimeErrors.error("UnauthorizedException", "You are not authorized: \(reason)", code: 401)]
    }

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
            events.isEmpty ? nil : Task { await Self.play(events, id: request.id, on: session, hub: server.realtime) }
        await server.realtime.started(
            .init(
                session: session, id: request.id, endpointIndex: index, operationName: operation.name,
                rootField: rootField, script: script))
        return nil
    }

    func stop(id: String, session: RealtimeSession) async {
        await server.realtime.ended(session: session.number, id: id)
    }

    func disconnected(session: RealtimeSession) async {
        await server.realtime.close(session: session.number)
    }

    func keepAlivePaused() async -> Bool { await server.realtime.keepAlivePaused }

    /// Plays an endpoint's script for subscription `id` (events sent before the subscription is
    /// acknowledged wait for the acknowledgement).
    private static func play(
        _ events: [MockSubscriptionEvent], id: String, on session: RealtimeSession, hub: MockRealtimeHub
    ) async {
        for event in events {
            if event.delay > .zero { try? await Task.sleep(for: event.delay) }
            guard !Task.isCancelled else { return }
            switch event {
            case .data(let data, _):
                await session.deliver(id: id, payload: Array(JSONValue.object(["data": data]).jsonText.utf8))
            case .errors(let errors, let data, _):
                var payload: [String: JSONValue] = ["errors": .array(errors)]
                if let data { payload["data"] = data }
                await session.deliver(id: id, payload: Array(JSONValue.object(payload).jsonText.utf8))
            case .complete:
                await hub.ended(session: session.number, id: id)
                await session.complete(id: id)
                return
            }
        }
    }
}
