import Foundation
import SwitchboardAPI
import SwitchboardMock
import TestSupport

/// A mock GraphQL server answering generated operations by name, and a plugin pointed at it.
struct MockHarness {
    let server: MockServer
    let plugin: APIPlugin

    /// Starts a server whose endpoints answer each named operation with `data`.
    static func start(_ responses: [String: JSONValue], subscriptions: [SubscriptionEndpoint] = []) async throws
        -> MockHarness
    {
        let endpoints: [any MockEndpoint] =
            responses.sorted { $0.key < $1.key }.map { name, data in
                GraphQLEndpoint(.POST, .operations(name), response: .graphQL(data: data))
            } + subscriptions
        let server = try await MockServer(endpoints: endpoints)
        let plugin = try APIPlugin()
        try plugin.configure(
            APICategoryConfiguration(endpoints: [
                APIEndpointConfiguration(
                    name: "generated", endpointType: .graphQL, endpoint: server.graphQLURL, authorizationType: .apiKey,
                    apiKey: "da2-generated")
            ]))
        return MockHarness(server: server, plugin: plugin)
    }

    /// The JSON bodies the server received, in order.
    var receivedBodies: [JSONValue] {
        server.receivedRequests.compactMap { try? JSONValue(parsing: Data($0.body)) }
    }

    func stop() async { await server.stop() }
}

/// Runs `body` with the hub configured for `server` (as an app configures it from
/// `amplifyconfiguration.json`), one hub user at a time.
enum AsyncGateHub {
    static func run(with server: MockServer, _ body: @Sendable () async throws -> Void) async throws {
        try await AsyncGate.hub.run {
            await Switchboard.reset()
            let api: JSONValue = [
                "endpointType": "GraphQL", "endpoint": .string(server.graphQLURL.absoluteString),
                "region": "us-east-1", "authorizationType": "API_KEY", "apiKey": "da2-generated",
            ]
            let file: JSONValue = ["api": ["plugins": ["awsAPIPlugin": ["generated": api]]]]
            do {
                try Switchboard.add(plugin: APIPlugin())
                try Switchboard.configure(try file.serializedData())
                try await body()
            } catch {
                await Switchboard.reset()
                throw error
            }
            await Switchboard.reset()
        }
    }
}
