import Foundation
import SwitchboardCore
import SwitchboardMock
import SwitchboardNet
import Testing

@testable import SwitchboardAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Stages added to an API's pipeline, over loopback: placement, what they see (queries,
/// mutations, the subscription handshake and starts), response interceptors, retries and the token
/// refresh on a 401.
@Suite struct PipelineStageTests {
    /// Records the status of every response it sees.
    final class StatusRecorder: OperationStage {
        let name: StageName
        let statuses = Locked<[Int]>([])
        init(name: StageName = "status-recorder") { self.name = name }

        func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
            -> HTTPTransportResponse
        {
            let response = try await next(request, context)
            statuses.withLock { $0.append(response.statusCode) }
            return response
        }
    }

    /// Adds a header on the way out.
    struct HeaderStage: OperationStage {
        let name: StageName
        let header: (String, String)

        func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
            -> HTTPTransportResponse
        {
            var request = request
            request.setValue(header.1, forHTTPHeaderField: header.0)
            return try await next(request, context)
        }
    }

    /// Rewrites `"pong"` to `"rewritten"` in every body.
    struct Rewriter: ResponseInterceptor {
        func intercept(_ response: HTTPTransportResponse, for request: URLRequest) async throws
            -> HTTPTransportResponse
        {
            var response = response
            response.body = Data(
                String(decoding: response.body, as: UTF8.self).replacing("pong", with: "rewritten").utf8)
            return response
        }
    }

    static let ping = GraphQLRequest(document: "query Ping { ping }", responseType: JSONValue.self, decodePath: "ping")
    static let fast = RetryPolicy(baseDelay: .milliseconds(1), maximumDelay: .milliseconds(5))

    @Test func aStageAfterTheTransportSeesQueriesMutationsAndTheSubscriptionHandshake() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .operations("Ping"), response: .graphQL(data: ["ping": "pong"])),
            GraphQLEndpoint(.POST, .operations("Touch"), response: .graphQL(data: ["touch": true])),
            SubscriptionEndpoint(.operations("OnCreateTodo")),
        ])
        defer { Task { await server.stop() } }
        let plugin = try await RealtimeHarness.plugin(for: server)
        let recorder = StatusRecorder()
        try plugin.add(stage: recorder, for: "todo", placement: .after(.transport))

        _ = try await plugin.query(request: Self.ping)
        _ = try await plugin.mutate(
            request: GraphQLRequest(document: "mutation Touch { touch }", responseType: JSONValue.self))
        let events = EventRecorder(plugin.subscribe(request: RealtimeHarness.onCreateTodo))
        await RealtimeHarness.eventually("connected") { events.connectedCount == 1 }
        events.cancel()
        // The query's, the mutation's, the handshake's 101 and the start's acknowledgement.
        #expect(recorder.statuses.withLock { $0 } == [200, 200, 101, 200])
    }

    @Test func addedStagesAuthorizeTheHandshakeAndEverySubscriptionStart() async throws {
        let server = try await MockServer(endpoints: [
            SubscriptionEndpoint(.operations("OnCreateTodo"), requiredHeaders: ["x-tenant": "t1"])
        ])
        defer { Task { await server.stop() } }
        let plugin = try await RealtimeHarness.plugin(for: server)
        try plugin.add(
            stage: HeaderStage(name: "tenant", header: ("x-tenant", "t1")), for: "todo", placement: .before(.signer))
        let events = EventRecorder(plugin.subscribe(request: RealtimeHarness.onCreateTodo))
        await RealtimeHarness.eventually("connected") { events.connectedCount == 1 }
        #expect(events.error == nil)
        let upgrade = try #require(server.receivedRequests.first { $0.headers["upgrade"] != nil })
        #expect(upgrade.headers["x-tenant"] == "t1")
        events.cancel()
    }

    @Test func aResponseInterceptorRewritesTheBodyBeforeDecoding() async throws {
        let server = try await LoopbackGraphQLServer { _ in .json(#"{"data":{"ping":"pong"}}"#) }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin()
        try plugin.add(responseInterceptor: Rewriter(), for: "todo")
        #expect(try await plugin.query(request: Self.ping).get() == "rewritten")
    }

    @Test func theRetryStageRecoversFromTwo503sAndNeverRetriesAMutation() async throws {
        let calls = Locked(0)
        let server = try await LoopbackGraphQLServer { _ in
            let call = calls.withLock {
                $0 += 1
                return $0
            }
            return call <= 2 ? .text("busy", status: 503) : .json(#"{"data":{"ping":"pong"}}"#)
        }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin()
        try plugin.add(stage: RetryStage(policy: Self.fast), for: "todo", placement: .before(.authorization))
        #expect(try await plugin.query(request: Self.ping).get() == "pong")
        #expect(server.requests.count == 3)

        calls.withLock { $0 = 0 }
        let mutation = GraphQLRequest(document: "mutation { ping }", responseType: JSONValue.self, decodePath: "ping")
        await #expect(throws: APIError.self) { try await plugin.mutate(request: mutation) }
        #expect(server.requests.count == 4)
    }

    @Test func throttlingErrorsAreRetriedAndOtherGraphQLErrorsAreNot() async throws {
        let calls = Locked(0)
        let server = try await LoopbackGraphQLServer { _ in
            let call = calls.withLock {
                $0 += 1
                return $0
            }
            if call == 1 {
                return .json(#"{"data":null,"errors":[{"errorType":"Throttling","message":"Rate exceeded"}]}"#)
            }
            return .json(#"{"data":null,"errors":[{"errorType":"Unauthorized","message":"Not Authorized"}]}"#)
        }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin()
        try plugin.add(stage: RetryStage(policy: Self.fast), for: "todo", placement: .before(.authorization))
        let result = try await plugin.query(request: Self.ping)
        guard case .failure(.error(let errors)) = result else {
            Issue.record("expected GraphQL errors, got \(result)")
            return
        }
        #expect(errors.first?.message == "Not Authorized")
        #expect(server.requests.count == 2)
    }

    @Test func a401RefreshesTheTokenOnceAndRetries() async throws {
        let server = try await LoopbackGraphQLServer { request in
            request.headers["authorization"] == "fresh"
                ? .json(#"{"data":{"ping":"pong"}}"#)
                : .json(#"{"errors":[{"errorType":"UnauthorizedException","message":"expired"}]}"#, status: 401)
        }
        defer { Task { await server.stop() } }
        let refreshes = Locked(0)
        let provider = TokenProvider(refresh: {
            refreshes.withLock { $0 += 1 }
            return "fresh"
        }) { "stale" }
        let plugin = try await server.makePlugin(
            authorizationType: "AMAZON_COGNITO_USER_POOLS", tokenProviders: [.amazonCognitoUserPools: provider])
        #expect(try await plugin.query(request: Self.ping).get() == "pong")
        #expect(server.requests.map { $0.headers["authorization"] } == ["stale", "fresh"])
        #expect(refreshes.withLock { $0 } == 1)

        // A provider that cannot do better: no second request, the 401 is thrown.
        let stuck = try await server.makePlugin(
            authorizationType: "AMAZON_COGNITO_USER_POOLS",
            tokenProviders: [.amazonCognitoUserPools: TokenProvider { "stale" }])
        await #expect(throws: APIError.self) { try await stuck.query(request: Self.ping) }
        #expect(server.requests.count == 3)
    }

    @Test func stagesRunWhereTheyArePlacedAndBadPlacementsAreNamed() async throws {
        let server = try await LoopbackGraphQLServer { _ in .json(#"{"data":{"ping":"pong"}}"#) }
        defer { Task { await server.stop() } }
        let observer = MetricsCollector()
        let plugin = try APIPlugin(metricsObserver: observer)
        try plugin.configure(using: SwitchboardConfiguration(data: server.configurationJSON()))
        try plugin.add(stage: StatusRecorder(name: "first"), for: "todo", placement: .before(.authorization))
        try plugin.add(stage: StatusRecorder(name: "closest"), for: "todo", placement: .after(.transport))
        try plugin.add(stage: StatusRecorder(name: "middle"), for: "todo", placement: .after(.interceptors))
        try plugin.add(stage: StatusRecorder(name: "before-middle"), for: "todo", placement: .before("middle"))
        _ = try await plugin.query(request: Self.ping)
        #expect(
            observer.names == [
                "cache", "deduplication", "list-provider", "decoder", "status-check", "first", "authorization",
                "interceptors",
                "before-middle", "middle", "signer", "response-interceptors", "closest", "transport",
            ])

        #expect(throws: APIError.self) {
            try plugin.add(stage: StatusRecorder(name: "first"), for: "todo", placement: .after(.signer))
        }
        #expect(throws: APIError.self) {
            try plugin.add(stage: StatusRecorder(name: "x"), for: "todo", placement: .after("no-such-stage"))
        }
        #expect(throws: APIError.self) {
            try plugin.add(stage: StatusRecorder(name: "y"), for: "nope", placement: .after(.signer))
        }
    }

    final class MetricsCollector: OperationMetricsObserver {
        private let recorded = Locked<[String]>([])
        var names: [String] { recorded.withLock { $0 } }
        func operationFinished(_ metrics: OperationMetrics) { recorded.withLock { $0 = metrics.stages.map(\.name) } }
    }
}

/// The stages the *Authorization and interceptors* article adds, installed and run.
@Suite struct StageExampleTests {
    struct RequestLog: OperationStage {
        let name: StageName = "request-log"
        func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
            -> HTTPTransportResponse
        {
            let response = try await next(request, context)
            print(context.apiName, request.url?.path ?? "", response.statusCode)
            return response
        }
    }

    struct MyResponseInterceptor: ResponseInterceptor {
        func intercept(_ response: HTTPTransportResponse, for request: URLRequest) async throws
            -> HTTPTransportResponse
        { response }
    }

    @Test func theArticlesStagesInstallAndRun() async throws {
        let server = try await LoopbackGraphQLServer { _ in .json(#"{"data":{"ping":"pong"}}"#) }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin()
        try plugin.add(stage: RequestLog(), for: "todo", placement: .after(.transport))  // sees every response first
        try plugin.add(stage: RetryStage(), for: "todo", placement: .before(.authorization))
        try plugin.add(responseInterceptor: MyResponseInterceptor(), for: "todo")
        #expect(try await plugin.query(request: PipelineStageTests.ping).get() == "pong")
    }
}
