import Foundation
import SwitchboardCore
import SwitchboardNet
import Testing

@testable import SwitchboardAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Amplify's `APIAuthProviderFactory`, `TokenProvider` closures, plugin-argument validation and
/// class-based interceptors, over loopback.
@Suite struct AuthProviderFactoryTests {
    /// A class holding a refreshed token, as Amplify apps write providers.
    final class RefreshingOIDCProvider: AmplifyOIDCAuthProvider {
        var refreshes = 0
        func getLatestAuthToken() async throws -> String {
            refreshes += 1
            try await Task.sleep(for: .milliseconds(1))
            return "oidc-\(refreshes)"
        }
    }

    final class Factory: APIAuthProviderFactory {
        let oidc = RefreshingOIDCProvider()
        override func oidcAuthProvider() -> AmplifyOIDCAuthProvider? { oidc }
        override func functionAuthProvider() -> AmplifyFunctionAuthProvider? { nil }
    }

    /// An interceptor with unsynchronized state that suspends mid-way: concurrent calls would lose
    /// increments or interleave; Switchboard calls it for one request at a time.
    final class CountingInterceptor: URLRequestInterceptor {
        var inside = 0
        var count = 0
        func intercept(_ request: URLRequest) async throws -> URLRequest {
            inside += 1
            defer { inside -= 1 }
            let overlapping = inside > 1
            try await Task.sleep(for: .milliseconds(1))
            count += 1
            var request = request
            request.setValue(overlapping ? "overlap" : "\(count)", forHTTPHeaderField: "x-count")
            return request
        }
    }

    static let ping = GraphQLRequest(document: "{ ping }", responseType: JSONValue.self, decodePath: "ping")

    private func plugin(
        _ server: LoopbackGraphQLServer, authorizationType: String, factory: sending APIAuthProviderFactory? = nil,
        providers: [AuthorizationType: any AuthTokenProvider] = [:]
    ) throws -> APIPlugin {
        let plugin = try APIPlugin(apiAuthProviderFactory: factory, authTokenProviders: providers)
        try plugin.configure(
            using: SwitchboardConfiguration(data: server.configurationJSON(authorizationType: authorizationType)))
        return plugin
    }

    @Test func theFactorysOIDCProviderSuppliesTheToken() async throws {
        let server = try await LoopbackGraphQLServer { _ in .json(#"{"data":{"ping":"pong"}}"#) }
        defer { Task { await server.stop() } }
        let plugin = try plugin(server, authorizationType: "OPENID_CONNECT", factory: Factory())
        _ = try await plugin.query(request: Self.ping)
        _ = try await plugin.query(request: Self.ping)
        #expect(server.requests.map { $0.headers["Authorization"] } == ["oidc-1", "oidc-2"])
    }

    @Test func aModeTheFactoryDoesNotServeIsAConfigurationError() async throws {
        let server = try await LoopbackGraphQLServer { _ in .json(#"{"data":{"ping":"pong"}}"#) }
        defer { Task { await server.stop() } }
        let plugin = try plugin(server, authorizationType: "AWS_LAMBDA", factory: Factory())
        await #expect(throws: APIError.self) { try await plugin.query(request: Self.ping) }
        #expect(server.requests.isEmpty)
    }

    @Test func explicitProvidersWinAndBearerAddsTheScheme() async throws {
        let server = try await LoopbackGraphQLServer { _ in .json(#"{"data":{"ping":"pong"}}"#) }
        defer { Task { await server.stop() } }
        let plugin = try plugin(
            server, authorizationType: "OPENID_CONNECT", factory: Factory(),
            providers: [.openIDConnect: TokenProvider.bearer { "abc" }, .awsLambda: TokenProvider { "raw" }])
        _ = try await plugin.query(request: Self.ping)
        #expect(server.requests.last?.headers["Authorization"] == "Bearer abc")
        var lambda = Self.ping
        lambda.authMode = .awsLambda
        _ = try await plugin.query(request: lambda)
        #expect(server.requests.last?.headers["Authorization"] == "raw")
    }

    @Test func aClassInterceptorIsCalledForOneRequestAtATime() async throws {
        let server = try await LoopbackGraphQLServer { _ in .json(#"{"data":{"ping":"pong"}}"#) }
        defer { Task { await server.stop() } }
        let plugin = try plugin(server, authorizationType: "API_KEY")
        try plugin.add(interceptor: CountingInterceptor(), for: "todo")
        // Forty requests, not one shared by forty identical queries.
        let ping = {
            var ping = Self.ping
            ping.options.deduplicates = false
            return ping
        }()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<40 { group.addTask { _ = try await plugin.query(request: ping) } }
            try await group.waitForAll()
        }
        let counts = server.requests.compactMap { $0.headers["x-count"] }
        #expect(counts.count == 40)
        #expect(!counts.contains("overlap"))
        #expect(Set(counts) == Set((1...40).map(String.init)))
    }

    @Test func outOfRangeArgumentsAreNamedWhenThePluginIsCreated() {
        let cases: [(() throws -> APIPlugin, String)] = [
            ({ try APIPlugin(maximumResponseBytes: 0) }, "maximumResponseBytes"),
            (
                { try APIPlugin(realtimeConfiguration: RealtimeConfiguration(reconnectAttempts: -1)) },
                "reconnectAttempts"
            ),
            (
                { try APIPlugin(realtimeConfiguration: RealtimeConfiguration(acknowledgementTimeout: .zero)) },
                "acknowledgementTimeout"
            ),
            (
                {
                    try APIPlugin(
                        realtimeConfiguration: RealtimeConfiguration(
                            reconnectBase: .seconds(10), reconnectCap: .seconds(1)))
                },
                "reconnectBase"
            ),
        ]
        for (make, name) in cases {
            do {
                _ = try make()
                Issue.record("expected an error naming \(name)")
            } catch {
                #expect("\(error)".contains(name), "\(error)")
            }
        }
    }
}
