import Foundation
import GraphQLLanguage
import Switchboard
import SwitchboardNet
import SwitchboardRealtimeServer

/// Why a subscription request found no endpoint, as the GraphQL error the client receives.
struct SubscriptionResolutionError: Error {
    let json: JSONValue

    init(_ type: String, _ message: String, code: Int? = nil) {
        json = RealtimeErrors.error(type, message, code: code)
    }
}

extension MockServerState {
    /// The subscription endpoints, with their positions in the endpoint list.
    var subscriptionEndpoints: [(index: Int, endpoint: SubscriptionEndpoint)] {
        endpoints.withLock { list in
            list.enumerated().compactMap { index, endpoint in
                (endpoint as? SubscriptionEndpoint).map { (index, $0) }
            }
        }
    }

    /// Accepts a WebSocket upgrade: AppSync's protocol on paths ending in `/realtime`,
    /// `graphql-transport-ws` elsewhere, each connection served by a `RealtimeSession`.
    func realtimeUpgrade(_ http: HTTPRequest) -> HTTPResponse {
        realtime.upgrade(http, backend: MockRealtimeBackend(server: self))
    }

    /// The endpoint answering a subscription whose `{query, variables, operationName}` JSON is
    /// `payloadText`, or the error to send.
    func resolveSubscription(payloadText: String, headers: HTTPHeaders) async
        -> Result<(SubscriptionEndpoint, Int, OperationDefinition), SubscriptionResolutionError>
    {
        guard let payload = try? JSONValue(parsing: Data(payloadText.utf8)), let query = payload["query"]?.stringValue
        else {
            return .failure(.init("BadRequestException", "The subscription payload has no query string.", code: 400))
        }
        let document: Document
        do {
            document = try Parser.parse(query)
        } catch {
            return .failure(.init("GraphQLSyntaxError", "\(error)", code: 400))
        }
        let operationName = payload["operationName"]?.stringValue
        let operations = document.definitions.compactMap { definition -> OperationDefinition? in
            guard case .operation(let operation) = definition, operation.operation == .subscription else { return nil }
            return operationName == nil || operation.name == operationName ? operation : nil
        }
        guard let operation = operations.first else {
            return .failure(.init("BadRequestException", "The document has no subscription operation.", code: 400))
        }
        // The first endpoint whose selector and required headers both match answers; when only
        // headers stood in the way, the subscriber is unauthorized (told which header, never its value).
        var reasons: [String] = []
        var unauthorized: [String] = []
        for (index, endpoint) in subscriptionEndpoints {
            if let reason = endpoint.compiledSelector.mismatch(in: document) {
                reasons.append("\(reasons.count + 1). \(endpoint.label): \(reason)")
                continue
            }
            if let reason = endpoint.requiredHeaders.mismatch(in: headers) {
                unauthorized.append("\(endpoint.label): \(reason)")
                continue
            }
            return .success((endpoint, index, operation))
        }
        if !unauthorized.isEmpty {
            let message = "You are not authorized: \(unauthorized.joined(separator: "; "))"
            return .failure(.init("UnauthorizedException", message, code: 401))
        }
        let tried = reasons.isEmpty ? "the server has no subscription endpoints" : reasons.joined(separator: "; ")
        return .failure(.init("UnmatchedSubscription", "No mock subscription endpoint matched: \(tried)"))
    }

    /// Forwards a successful mutation response to the subscriptions of endpoints it triggers.
    func publishMutationResult(_ response: HTTPResponse, for request: MockRequest) async {
        guard (200..<300).contains(response.status) else { return }
        let triggered = subscriptionEndpoints.filter { $0.endpoint.trigger != nil }
        guard !triggered.isEmpty, case .success(.success(let document)) = request.document,
            document.definitions.contains(where: {
                if case .operation(let operation) = $0 { return operation.operation == .mutation }
                return false
            })
        else { return }
        let indices = Set(triggered.filter { $0.endpoint.compiledTrigger?.mismatch(in: document) == nil }.map(\.index))
        guard !indices.isEmpty, let body = try? JSONValue(parsing: Data(response.body)),
            case .object(let data)? = body["data"]
        else { return }
        let value: JSONValue = data.count == 1 ? data.values.first! : .object(data)
        await subscriptions.publish({ ["data": .object([$0: value])] }) { indices.contains($0.endpointIndex) }
    }
}
