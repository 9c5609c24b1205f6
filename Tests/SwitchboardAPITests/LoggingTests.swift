import Foundation
import SwitchboardCore
import SwitchboardMock
import SwitchboardNet
import Testing

@testable import SwitchboardAPI

/// The log hook: what operations and real-time connections report, and that secrets never do.
@Suite struct LoggingTests {
    final class CollectingHandler: LogHandler {
        let level: LogLevel
        let entries = Locked<[(level: LogLevel, source: String, text: String)]>([])
        init(level: LogLevel) { self.level = level }

        func log(level: LogLevel, message: String, metadata: [String: String], source: String) {
            let text = ([message] + metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
                .joined(separator: " ")
            entries.withLock { $0.append((level, source, text)) }
        }

        var all: [(level: LogLevel, source: String, text: String)] { entries.withLock { $0 } }
    }

    @Test func operationsAreLoggedAtDebugAndFailuresAtErrorWithoutSecrets() async throws {
        let server = try await LoopbackGraphQLServer { request in
            request.graphQLQuery?.contains("Broken") == true
                ? .json(#"{"errors":[{"message":"secret-token-echo"}]}"#, status: 401)
                : .json(#"{"data":{"ping":"pong"}}"#)
        }
        defer { Task { await server.stop() } }
        let handler = CollectingHandler(level: .debug)
        let plugin = try APIPlugin(
            authTokenProviders: [.amazonCognitoUserPools: TokenProvider { "secret-token" }], logHandler: handler)
        try plugin.configure(
            using: SwitchboardConfiguration(data: server.configurationJSON(authorizationType: "API_KEY")))
        _ = try await plugin.query(
            request: GraphQLRequest(document: "query Ping { ping }", responseType: JSONValue.self))
        var broken = GraphQLRequest(document: "query Broken { ping }", responseType: JSONValue.self)
        broken.authMode = .amazonCognitoUserPools
        await #expect(throws: APIError.self) { try await plugin.query(request: broken) }

        let entries = handler.all
        #expect(entries.contains { $0.level == .debug && $0.text.contains("query Ping → todo: HTTP 200") })
        #expect(entries.contains { $0.level == .error && $0.text.contains("query Broken → todo: HTTP 401") })
        #expect(entries.allSatisfy { $0.source == "pipeline" })
        for entry in entries {
            #expect(!entry.text.contains("da2-loopbackkey"))
            #expect(!entry.text.contains("secret-token"))
        }
    }

    @Test func aHandlerAboveALevelBuildsNoMessage() async throws {
        let server = try await LoopbackGraphQLServer { _ in .json(#"{"data":{"ping":"pong"}}"#) }
        defer { Task { await server.stop() } }
        let handler = CollectingHandler(level: .error)
        let plugin = try APIPlugin(logHandler: handler)
        try plugin.configure(using: SwitchboardConfiguration(data: server.configurationJSON()))
        _ = try await plugin.query(request: GraphQLRequest(document: "{ ping }", responseType: JSONValue.self))
        #expect(handler.all.isEmpty)
    }

    @Test func realtimeConnectionsLogConnectsAndReconnectsWithoutTheirQuery() async throws {
        let server = try await MockServer(endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))])
        defer { Task { await server.stop() } }
        let handler = CollectingHandler(level: .info)
        let plugin = try APIPlugin(logHandler: handler, realtimeConfiguration: .fastForTests)
        let configuration = """
            {"api":{"plugins":{"awsAPIPlugin":{"todo":{"endpointType":"GraphQL",
            "endpoint":"\(server.graphQLURL.absoluteString)","authorizationType":"API_KEY","apiKey":"da2-realtimekey"}}}}}
            """
        try plugin.configure(using: SwitchboardConfiguration(data: Data(configuration.utf8)))
        let events = EventRecorder(plugin.subscribe(request: RealtimeHarness.onCreateTodo))
        await RealtimeHarness.eventually("connected") { events.connectedCount == 1 }
        await server.dropRealtimeConnections()
        await RealtimeHarness.eventually("connected again") { events.connectedCount >= 2 }
        events.cancel()

        let entries = handler.all
        #expect(
            entries.contains { $0.level == .info && $0.source == "realtime" && $0.text.contains("connected to ws://") })
        #expect(entries.contains { $0.level == .warning && $0.text.contains("reconnecting (attempt 1)") })
        for entry in entries {
            #expect(!entry.text.contains("header="))
            #expect(!entry.text.contains("da2-realtimekey"))
        }
    }
}
