import Foundation
import SwitchboardAPI
import SwitchboardCore
import SwitchboardNet

/// A GraphQL endpoint on 127.0.0.1 (ephemeral port) served by SwitchboardNet's HTTP server that
/// records every request and answers with whatever the test's handler returns.
final class LoopbackGraphQLServer: Sendable {
    let server: HTTPServer

    init(handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws {
        let recorder = RequestRecorder()
        server = try await HTTPServer.start { request in
            recorder.requests.withLock { $0.append(request) }
            return try await handler(request)
        }
        self.recorder = recorder
    }

    private final class RequestRecorder: Sendable {
        let requests = Locked<[HTTPRequest]>([])
    }

    private let recorder: RequestRecorder

    /// Every request received so far, in order.
    var requests: [HTTPRequest] { recorder.requests.withLock { $0 } }

    var graphQLURL: URL { server.url.appendingPathComponent("graphql") }

    /// An `amplifyconfiguration.json` with one API named `name` pointing at this server.
    func configurationJSON(
        name: String = "todo", authorizationType: String = "API_KEY", apiKey: String? = "da2-loopbackkey",
        region: String? = "us-east-1"
    ) -> Data {
        var api: [String: Any] = [
            "endpointType": "GraphQL", "endpoint": graphQLURL.absoluteString, "authorizationType": authorizationType,
        ]
        if let apiKey { api["apiKey"] = apiKey }
        if let region { api["region"] = region }
        let root: [String: Any] = ["api": ["plugins": ["awsAPIPlugin": [name: api]]]]
        return (try? JSONSerialization.data(withJSONObject: root)) ?? Data()
    }

    /// A plugin configured for this server.
    func makePlugin(
        authorizationType: String = "API_KEY", tokenProviders: [AuthorizationType: any AuthTokenProvider] = [:],
        iamSigner: (any IAMRequestSigner)? = nil, metricsObserver: (any OperationMetricsObserver)? = nil,
        transport: any HTTPTransport = APIPlugin.defaultTransport()
    ) async throws -> APIPlugin {
        let plugin = try APIPlugin(
            transport: transport, authTokenProviders: tokenProviders, iamSigner: iamSigner,
            metricsObserver: metricsObserver)
        try plugin.configure(
            using: SwitchboardConfiguration(data: configurationJSON(authorizationType: authorizationType)))
        return plugin
    }

    func stop() async { await server.stop() }
}

extension HTTPRequest {
    /// The `query` of a JSON GraphQL request body.
    var graphQLQuery: String? {
        (try? JSONSerialization.jsonObject(with: Data(body))).flatMap { ($0 as? [String: Any])?["query"] as? String }
    }
}
