import Foundation
import SwitchboardCore
import SwitchboardMock
import SwitchboardNet
import TestSupport
import Testing

@testable import SwitchboardAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// GraphQL-level stages over loopback: serving a result without the network, mapping results,
/// where they sit relative to the cache, what placements are refused; and the chain's HTTP-level
/// retry stage on a subscription's handshake.
@Suite struct GraphQLStageTests {
    /// `query Ping { ping }` as generated code declares it.
    struct PingQuery: GraphQLQuery {
        static let operationName = "Ping"
        static let document = "query Ping { ping }"
        struct Data: Decodable, Sendable, Equatable { let ping: String }
    }

    static let ping = GraphQLRequest(document: "query Ping { ping }", responseType: JSONValue.self, decodePath: "ping")

    /// Answers every query named `Ping` with `{"ping": "canned"}`, without the network.
    struct CannedPing: GraphQLStage {
        let name: StageName = "canned"

        func handle<R: Decodable & Sendable>(
            _ request: GraphQLOperationRequest<R>, context: OperationContext, next: GraphQLStageNext<R>
        ) async throws -> GraphQLResponseStream<R> {
            guard context.operationName == "Ping" else { return try await next(request, context) }
            let data: JSONValue = ["ping": "canned"]
            let value = try (request.request.decodePath == nil ? data : "canned").decode(as: R.self)
            return GraphQLResponseStream(GraphQLResult(response: .success(value), source: .cache))
        }
    }

    enum SignedOut: Error { case unauthorized }

    /// Turns AppSync's `UnauthorizedException` into an error of the app's.
    struct SignOutOnUnauthorized: GraphQLStage {
        let name: StageName = "sign-out"

        func handle<R: Decodable & Sendable>(
            _ request: GraphQLOperationRequest<R>, context: OperationContext, next: GraphQLStageNext<R>
        ) async throws -> GraphQLResponseStream<R> {
            try await next(request, context).map { result in
                if case .failure(let error) = result.response,
                    error.graphQLErrors.contains(where: { $0.extensions?["errorType"] == "UnauthorizedException" })
                {
                    throw SignedOut.unauthorized
                }
                return result
            }
        }
    }

    /// Counts the results that pass it, by source.
    final class SourceCounter: GraphQLStage {
        let name: StageName
        let sources = Locked<[GraphQLResult<PingQuery.Data>.Source]>([])

        init(name: StageName) { self.name = name }

        func handle<R: Decodable & Sendable>(
            _ request: GraphQLOperationRequest<R>, context: OperationContext, next: GraphQLStageNext<R>
        ) async throws -> GraphQLResponseStream<R> {
            let sources = self.sources
            return try await next(request, context).map { result in
                sources.withLock { $0.append(result.source == .cache ? .cache : .server) }
                return result
            }
        }
    }

    @Test func aStageAnswersWithoutTheNetwork() async throws {
        let server = try await LoopbackGraphQLServer { _ in .json(#"{"data":{"ping":"pong"}}"#) }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin()
        try plugin.add(stage: CannedPing(), for: "todo", placement: .after(.cache))
        #expect(try await plugin.query(request: Self.ping).get() == "canned")
        #expect(try await plugin.query(operation: PingQuery()).get() == PingQuery.Data(ping: "canned"))
        #expect(server.requests.isEmpty)
    }

    @Test func aStageMapsResultsIntoTheAppsErrors() async throws {
        let server = try await LoopbackGraphQLServer { _ in
            .json(#"{"data":null,"errors":[{"message":"expired","errorType":"UnauthorizedException"}]}"#)
        }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin()
        try plugin.add(stage: SignOutOnUnauthorized(), for: "todo", placement: .after(.cache))
        await #expect(throws: SignedOut.unauthorized) { try await plugin.query(request: Self.ping) }
    }

    @Test func aStageBeforeTheCacheSeesCachedResultsAndOneAfterItDoesNot() async throws {
        let server = try await LoopbackGraphQLServer { _ in .json(#"{"data":{"ping":"pong"}}"#) }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin()
        let outer = SourceCounter(name: "outer")
        let inner = SourceCounter(name: "inner")
        try plugin.add(stage: outer, for: "todo", placement: .before(.cache))
        try plugin.add(stage: inner, for: "todo", placement: .after(.cache))
        for _ in 0..<2 {
            #expect(
                try await plugin.query(operation: PingQuery(), cachePolicy: .returnCacheDataElseFetch).get().ping
                    == "pong")
        }
        #expect(outer.sources.withLock { $0 } == [.server, .cache])
        #expect(inner.sources.withLock { $0 } == [.server])
        #expect(server.requests.count == 1)
    }

    @Test func theCategoryAndThePluginRunTypedOperationsThroughTheSameCache() async throws {
        let server = try await LoopbackGraphQLServer { _ in .json(#"{"data":{"ping":"pong"}}"#) }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin()
        try await AsyncGate.hub.run {
            await Switchboard.reset()
            try Switchboard.add(plugin: plugin)
            try Switchboard.configure(server.configurationJSON())
            // Written by the plugin, read by the category; and the other way round.
            _ = try await plugin.query(operation: PingQuery())
            #expect(
                try await Switchboard.API.query(operation: PingQuery(), cachePolicy: .returnCacheDataDontFetch).get()
                    .ping == "pong")
            await (try Switchboard.API.store()).removeAll()
            _ = try await Switchboard.API.query(operation: PingQuery())
            #expect(
                try await plugin.query(operation: PingQuery(), cachePolicy: .returnCacheDataDontFetch).get().ping
                    == "pong")
            #expect(try Switchboard.API.store() === plugin.store())
            #expect(try plugin.store() === plugin.store(apiName: "todo"))
            await Switchboard.reset()
        }
        #expect(server.requests.count == 2)
    }

    @Test func placementsOutsideAStagesLevelAreRefusedNamingTheLevels() async throws {
        let server = try await LoopbackGraphQLServer { _ in .json(#"{"data":{"ping":"pong"}}"#) }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin()
        #expect {
            try plugin.add(stage: CannedPing(), for: "todo", placement: .after(.decoder))
        } throws: { error in
            "\(error)".contains("cannot go after \"decoder\"") && "\(error)".contains("OperationStage")
        }
        #expect {
            try plugin.add(stage: CannedPing(), for: "todo", placement: .before(.authorization))
        } throws: { error in
            "\(error)".contains("\"authorization\" is an HTTP-level stage")
        }
        #expect {
            try plugin.add(stage: RetryStage(), for: "todo", placement: .before(.cache))
        } throws: { error in
            "\(error)".contains("\"cache\" is a GraphQL-level stage")
        }
        #expect {
            try plugin.add(stage: CannedPing(), for: "todo", placement: .before("nowhere"))
        } throws: { error in
            "\(error)".contains("No GraphQL-level stage is named \"nowhere\"")
                && "\(error)".contains("cache, deduplication, list-provider, decoder")
        }
        // Names are unique across both levels.
        try plugin.add(stage: CannedPing(), for: "todo", placement: .before(.decoder))
        #expect(throws: APIError.self) {
            try plugin.add(stage: StageNamed(name: "canned"), for: "todo", placement: .after(.transport))
        }
        #expect(throws: APIError.self) {
            try plugin.add(stage: StageNamed(name: "decoder"), for: "todo", placement: .after(.transport))
        }
    }

    /// An HTTP-level stage that passes everything on.
    struct StageNamed: OperationStage {
        let name: StageName

        func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
            -> HTTPTransportResponse
        {
            try await next(request, context)
        }
    }

    /// Sends the first connection attempt to a port that refuses it, every later one where asked.
    final class RefusedOnceTransport: RealtimeTransport {
        /// Kept open by the test for as long as the transport is used.
        let refusingPort: Int
        let attempts = Locked(0)
        let inner = WebSocketRealtimeTransport()

        init(refusingPort: Int) { self.refusingPort = refusingPort }

        func connect(to url: URL, headers: [(String, String)], subprotocols: [String]) async throws
            -> any RealtimeSocket
        {
            let attempt = attempts.withLock {
                $0 += 1
                return $0
            }
            var target = url
            if attempt == 1, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
                components.port = refusingPort
                target = components.url ?? url
            }
            return try await inner.connect(to: target, headers: headers, subprotocols: subprotocols)
        }
    }

    @Test(arguments: [true, false])
    func aRetryStageBeforeAuthorizationRetriesAFailedHandshake(withRetryStage: Bool) async throws {
        let server = try await MockServer(endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))])
        defer { Task { await server.stop() } }
        let refusing = try RefusingPort()
        let transport = RefusedOnceTransport(refusingPort: refusing.port)
        defer { withExtendedLifetime(refusing) {} }
        // The connection itself gives up at the first failure: only the stage can retry.
        let plugin = try APIPlugin(
            realtimeTransport: transport,
            realtimeConfiguration: RealtimeConfiguration(
                reconnectBase: .milliseconds(1), reconnectCap: .milliseconds(5), reconnectAttempts: 0,
                reconnectTimeLimit: .zero))
        try plugin.configure(
            APICategoryConfiguration(endpoints: [
                APIEndpointConfiguration(
                    name: "todo", endpointType: .graphQL, endpoint: server.graphQLURL, authorizationType: .apiKey,
                    apiKey: "da2-retry")
            ]))
        if withRetryStage {
            try plugin.add(
                stage: RetryStage(policy: RetryPolicy(baseDelay: .milliseconds(1), maximumDelay: .milliseconds(5))),
                for: "todo", placement: .before(.authorization))
        }
        let events = plugin.subscribe(request: RealtimeHarness.onCreateTodo)
        var connected = false
        do {
            for try await event in events {
                if case .connection(.connected) = event {
                    connected = true
                    break
                }
            }
        } catch {
            #expect(!withRetryStage, "the subscription failed although the stage retries: \(error)")
            #expect("\(error)".contains("refused") || "\(error)".contains("Connection refused"), "\(error)")
        }
        #expect(connected == withRetryStage)
        #expect(transport.attempts.withLock { $0 } == (withRetryStage ? 2 : 1))
        events.cancel()
    }
}
