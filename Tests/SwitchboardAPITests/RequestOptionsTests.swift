import Foundation
import SwitchboardCore
import SwitchboardMock
import SwitchboardNet
import SwitchboardSigV4
import Testing

@testable import SwitchboardAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Per-operation `RequestOptions` over real sockets: headers reach the server (signed under
/// `AWS_IAM`, in an AppSync subscription's `start`), the timeout ends a slow exchange with an error
/// naming it, and stages read the context.
@Suite struct RequestOptionsTests {
    struct Trace: RequestContext { let id: String }

    /// Copies the operation's `Trace` into `x-trace`.
    struct TraceStage: OperationStage {
        var name: StageName { "trace" }

        func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
            -> HTTPTransportResponse
        {
            var request = request
            if let trace = context.options.context as? Trace {
                request.setValue(trace.id, forHTTPHeaderField: "x-trace")
            }
            return try await next(request, context)
        }
    }

    static let ping = GraphQLRequest(document: "query Ping { ping }", responseType: String.self, decodePath: "ping")

    @Test func headersOfARequestAndOfATypedOperationReachTheServerAndOnlyTheirOwnRequest() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .operations("Ping"), response: .graphQL(data: ["ping": "pong"])),
            GraphQLEndpoint(.POST, .operations("Hero"), response: .graphQL(data: TypedOperationTests.droidHero)),
        ])
        defer { Task { await server.stop() } }
        let plugin = try TypedOperationTests.plugin(for: server)
        var request = Self.ping
        request.apiName = "starwars"
        request.options = RequestOptions(headers: ["x-request-id": "r-1"])
        #expect(try await plugin.query(request: request).get() == #""pong""#)
        _ = try await plugin.query(
            operation: HeroQuery(), options: RequestOptions(headers: ["X-Request-Id": "r-2", "x-tenant": "t"]))
        request.options = RequestOptions()
        _ = try await plugin.query(request: request)

        let received = server.receivedRequests
        #expect(received.count == 3)
        #expect(received.map { $0.headers["x-request-id"] } == ["r-1", "r-2", nil])
        #expect(received[1].headers["x-tenant"] == "t")
        // The API's authorization is not replaced by a per-request header of the same name.
        #expect(received.allSatisfy { $0.headers["x-api-key"] == "da2-typed" })
    }

    @Test func theAPIsAuthorizationWinsOverARequestHeaderOfTheSameName() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .operations("Ping"), response: .graphQL(data: ["ping": "pong"]))
        ])
        defer { Task { await server.stop() } }
        let plugin = try TypedOperationTests.plugin(for: server)
        var request = Self.ping
        request.options.headers = ["x-api-key": "da2-someone-else"]
        _ = try await plugin.query(request: request)
        #expect(server.receivedRequests.first?.headers["x-api-key"] == "da2-typed")
    }

    @Test func iamSignsTheRequestsOwnHeaders() async throws {
        let credentials = LoopbackIAMSigningTests.credentials
        let signedHeaders = Locked<[String]>([])
        let server = try await LoopbackGraphQLServer { request in
            let verified = try LoopbackIAMSigningTests.verifier.verify(LoopbackIAMSigningTests.signable(request))
            signedHeaders.withLock { $0 = verified.signedHeaders }
            return LoopbackIAMSigningTests.ok
        }
        defer { Task { await server.stop() } }
        let plugin = try await LoopbackIAMSigningTests.plugin(
            server: server, signer: SigV4RequestSigner(credentialsProvider: StaticCredentialsProvider(credentials)))
        var request = LoopbackIAMSigningTests.ping
        request.options.headers = ["x-request-id": "signed-1"]
        #expect(try await plugin.query(request: request).get() == #""pong""#)
        #expect(signedHeaders.withLock { $0 }.contains("x-request-id"))
        #expect(server.requests.first?.headers["x-request-id"] == "signed-1")
    }

    @Test func aTimeoutEndsASlowRequestWithAnErrorNamingIt() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(
                .POST, .operations("Ping"), response: .graphQL(data: ["ping": "late"], delay: .seconds(300)))
        ])
        defer { Task { await server.stop() } }
        let plugin = try TypedOperationTests.plugin(for: server)
        var request = Self.ping
        request.options.timeout = .milliseconds(200)
        let started = ContinuousClock.now
        do {
            _ = try await plugin.query(request: request)
            Issue.record("the request outlived its timeout")
        } catch let error as APIError {
            guard case .networkError(let description, _) = error else {
                Issue.record("not a network error: \(error)")
                return
            }
            #expect(description.contains("RequestOptions.timeout"), "\(description)")
            #expect(description.contains("/graphql"), "\(description)")
        }
        // Far below the mock's 300 s delay: a timeout that waited for the response would take that
        // long. The bound is wide because the full suite keeps both cores busy, and a 200 ms timer
        // has been seen to fire 18 s late there.
        #expect(ContinuousClock.now - started < .seconds(120))
    }

    @Test func stagesReadTheContext() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .operations("Ping"), response: .graphQL(data: ["ping": "pong"])),
            GraphQLEndpoint(.POST, .operations("Hero"), response: .graphQL(data: TypedOperationTests.droidHero)),
        ])
        defer { Task { await server.stop() } }
        let plugin = try TypedOperationTests.plugin(for: server)
        try plugin.add(stage: TraceStage(), for: "starwars", placement: .before(.signer))
        var request = Self.ping
        request.options.context = Trace(id: "t-1")
        _ = try await plugin.query(request: request)
        _ = try await plugin.query(operation: HeroQuery(), options: RequestOptions(context: Trace(id: "t-2")))
        _ = try await plugin.query(operation: HeroQuery())
        #expect(server.receivedRequests.map { $0.headers["x-trace"] } == ["t-1", "t-2", nil])
    }

    @Test func anAppSyncSubscriptionSendsItsHeadersInItsStart() async throws {
        let server = try await MockServer(endpoints: [
            SubscriptionEndpoint(.operations("OnCreateTodo"), requiredHeaders: ["x-tenant": "t1"])
        ])
        defer { Task { await server.stop() } }
        let plugin = try await RealtimeHarness.plugin(for: server)
        var request = RealtimeHarness.onCreateTodo
        request.options.headers = ["x-tenant": "t1"]
        let events = EventRecorder(plugin.subscribe(request: request))
        await RealtimeHarness.eventually("connected") { events.connectedCount == 1 || events.error != nil }
        #expect(events.error == nil)
        // Only the start carries them: the handshake serves every subscription of the connection.
        let upgrade = try #require(server.receivedRequests.first { $0.headers["upgrade"] != nil })
        #expect(upgrade.headers["x-tenant"] == nil)

        let without = EventRecorder(plugin.subscribe(request: RealtimeHarness.onCreateTodo))
        await RealtimeHarness.eventually("refused") { without.error != nil }
        #expect("\(without.error.map { "\($0)" } ?? "")".contains("x-tenant"))
        events.cancel()
    }
}
