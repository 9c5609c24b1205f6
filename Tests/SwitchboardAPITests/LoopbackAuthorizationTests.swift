import Foundation
import SwitchboardCore
import SwitchboardNet
import Testing

@testable import SwitchboardAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Auth headers, interceptor order and per-request auth modes, checked on the server side.
@Suite struct LoopbackAuthorizationTests {
    struct FixedToken: AuthTokenProvider {
        let token: String
        func latestToken() async throws -> String { token }
    }

    /// Stands in for the SigV4 signer: records the headers present when the IAM slot runs.
    final class RecordingSigner: IAMRequestSigner {
        let seen = Locked<[String: String]>([:])
        func sign(_ request: URLRequest, region: String, service: String) async throws -> URLRequest {
            seen.withLock { $0 = request.allHTTPHeaderFields ?? [:] }
            var request = request
            request.setValue("signed \(service) \(region)", forHTTPHeaderField: "Authorization")
            return request
        }
    }

    static let ok = HTTPResponse.json(#"{"data":{"ping":"pong"}}"#)
    static let ping = GraphQLRequest(document: "{ ping }", responseType: String.self, decodePath: "ping")

    @Test func apiKeyIsSentAsXApiKeyAndTheBodyIsAmplifyShaped() async throws {
        let server = try await LoopbackGraphQLServer { _ in Self.ok }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin()
        let request = GraphQLRequest(
            document: "query Get($id: ID!) { ping(id: $id) }", variables: ["id": "7"], responseType: String.self,
            decodePath: "ping")
        #expect(try await plugin.query(request: request).get() == #""pong""#)
        let received = try #require(server.requests.first)
        #expect(received.method == "POST")
        #expect(received.headers["x-api-key"] == "da2-loopbackkey")
        #expect(received.headers["Content-Type"]?.hasPrefix("application/json") == true)
        let body = try JSONSerialization.jsonObject(with: Data(received.body)) as? [String: Any]
        #expect(body?["query"] as? String == "query Get($id: ID!) { ping(id: $id) }")
        #expect((body?["variables"] as? [String: Any])?["id"] as? String == "7")
    }

    @Test func noneSendsNoAuthorizationAndTokenTypesUseTheirProvider() async throws {
        let server = try await LoopbackGraphQLServer { _ in Self.ok }
        defer { Task { await server.stop() } }
        let none = try await server.makePlugin(authorizationType: "NONE")
        _ = try await none.query(request: Self.ping)
        #expect(server.requests.last?.headers["x-api-key"] == nil)
        #expect(server.requests.last?.headers["Authorization"] == nil)

        let tokenTypes: [(AuthorizationType, String)] = [
            (.amazonCognitoUserPools, "AMAZON_COGNITO_USER_POOLS"), (.openIDConnect, "OPENID_CONNECT"),
            (.function, "AWS_LAMBDA"),
        ]
        for (type, name) in tokenTypes {
            let plugin = try await server.makePlugin(
                authorizationType: name, tokenProviders: [type: FixedToken(token: "token-for-\(name)")])
            _ = try await plugin.query(request: Self.ping)
            #expect(server.requests.last?.headers["Authorization"] == "token-for-\(name)")
            #expect(server.requests.last?.headers["x-api-key"] == nil)
        }
    }

    @Test func missingTokenProviderFailsBeforeAnyNetworkIO() async throws {
        let server = try await LoopbackGraphQLServer { _ in Self.ok }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin(authorizationType: "AMAZON_COGNITO_USER_POOLS")
        await #expect {
            _ = try await plugin.query(request: Self.ping)
        } throws: { error in
            guard case APIError.invalidConfiguration = error else { return false }
            return true
        }
        #expect(server.requests.isEmpty)
    }

    @Test func interceptorsRunInOrderBeforeTheIAMSlotSoTheirHeadersAreSigned() async throws {
        let server = try await LoopbackGraphQLServer { _ in Self.ok }
        defer { Task { await server.stop() } }
        let signer = RecordingSigner()
        let plugin = try await server.makePlugin(authorizationType: "AWS_IAM", iamSigner: signer)
        try plugin.add(interceptor: HeaderInterceptor(name: "X-Trace", value: "first"), for: "todo")
        try plugin.add(interceptor: AppendingInterceptor(name: "X-Trace", suffix: "+second"), for: "todo")
        _ = try await plugin.query(request: Self.ping)
        #expect(signer.seen.withLock { $0["X-Trace"] } == "first+second")
        let received = try #require(server.requests.last)
        #expect(received.headers["X-Trace"] == "first+second")
        #expect(received.headers["Authorization"] == "signed appsync us-east-1")
    }

    @Test func perRequestAuthModeSwapsOnlyTheAuthStage() async throws {
        let server = try await LoopbackGraphQLServer { _ in Self.ok }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin(
            tokenProviders: [.amazonCognitoUserPools: FixedToken(token: "user-token")])
        try plugin.add(interceptor: HeaderInterceptor(name: "X-Trace", value: "kept"), for: "todo")
        var request = Self.ping
        request.authMode = .amazonCognitoUserPools
        _ = try await plugin.query(request: request)
        let swapped = try #require(server.requests.last)
        #expect(swapped.headers["Authorization"] == "user-token")
        #expect(swapped.headers["x-api-key"] == nil)
        #expect(swapped.headers["X-Trace"] == "kept")

        _ = try await plugin.mutate(request: Self.ping)
        #expect(server.requests.last?.headers["x-api-key"] == "da2-loopbackkey")
    }

    @Test func interceptorFailuresFailOnlyThatOperation() async throws {
        struct Refuse: RequestInterceptor {
            func intercept(_ request: URLRequest) async throws -> URLRequest {
                throw URLError(.userAuthenticationRequired)
            }
        }
        let server = try await LoopbackGraphQLServer { _ in Self.ok }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin()
        try plugin.add(interceptor: Refuse(), for: "todo")
        await #expect(throws: APIError.self) { _ = try await plugin.query(request: Self.ping) }
        #expect(server.requests.isEmpty)
    }
}

/// Appends to a header an earlier interceptor set, proving the order.
struct AppendingInterceptor: RequestInterceptor {
    let name: String
    let suffix: String

    func intercept(_ request: URLRequest) async throws -> URLRequest {
        var request = request
        request.setValue((request.value(forHTTPHeaderField: name) ?? "") + suffix, forHTTPHeaderField: name)
        return request
    }
}
