import Foundation
import SwitchboardAPI
import SwitchboardCore
import SwitchboardNet
import TestSupport
import Testing

/// The list-provider stage: its place and name in the pipeline's metrics, and the context it gives
/// decoded lists without keeping the plugin alive.
@Suite struct ListProviderStageTests {
    final class MetricsRecorder: OperationMetricsObserver {
        let names = Locked<[[String]]>([])
        func operationFinished(_ metrics: OperationMetrics) {
            names.withLock { $0.append(metrics.stages.map(\.name)) }
        }
    }

    @Test func theStageRunsBeforeTheDecoderUnderItsStableName() async throws {
        let store = AppSyncModelStore(types: ModelStoreEndToEndTests.types)
        let server = try await HTTPServer.start { request in await store.respond(to: request) }
        defer { Task { await server.stop() } }
        let recorder = MetricsRecorder()
        let plugin = try APIPlugin(metricsObserver: recorder)
        let json = """
            {"api":{"plugins":{"awsAPIPlugin":{"store":{"endpointType":"GraphQL",
            "endpoint":"\(server.url.appendingPathComponent("graphql").absoluteString)",
            "authorizationType":"API_KEY","apiKey":"da2-storekey"}}}}}
            """
        try plugin.configure(using: SwitchboardConfiguration(data: Data(json.utf8)))
        _ = try await plugin.query(request: .list(Blog.self)).get()
        #expect(
            recorder.names.withLock { $0 }
                == [
                    [
                        "cache", "deduplication", "list-provider", "decoder", "status-check", "authorization",
                        "interceptors", "signer",
                        "response-interceptors", "transport",
                    ]
                ])
    }

    @Test func decodedListsDoNotKeepThePluginAlive() async throws {
        let store = AppSyncModelStore(types: ModelStoreEndToEndTests.types)
        let server = try await HTTPServer.start { request in await store.respond(to: request) }
        defer { Task { await server.stop() } }
        await store.seed("Team", items: [["id": "t1", "name": "Core"]])
        var plugin: APIPlugin? = try APIPlugin()
        let json = """
            {"api":{"plugins":{"awsAPIPlugin":{"store":{"endpointType":"GraphQL",
            "endpoint":"\(server.url.appendingPathComponent("graphql").absoluteString)",
            "authorizationType":"API_KEY","apiKey":"da2-storekey"}}}}}
            """
        try plugin?.configure(using: SwitchboardConfiguration(data: Data(json.utf8)))
        let team = try await plugin?.query(request: .get(Team.self, byId: "t1")).get()
        let members = try #require(team?.members)
        weak let released = plugin
        plugin = nil
        #expect(released == nil)
        // With its plugin gone the list loads through Switchboard.API, which is not configured here.
        await AsyncGate.hub.run {
            await Switchboard.reset()
            var failed = false
            do { try await members.fetch() } catch { failed = true }
            #expect(failed)
        }
        #expect(!members.isLoaded)
    }

    @Test func listsDecodedWithoutThePipelineStillDecode() throws {
        let json = Data(
            #"{"items":[{"id":"c1","content":"hi","post":{"id":"p1","__typename":"Post"},"createdAt":null,"updatedAt":null}],"nextToken":"abc"}"#
                .utf8)
        let list = try JSONDecoder().decode(List<Comment>.self, from: json)
        #expect(list.count == 1 && list.nextToken == "abc" && list.hasNextPage())
        #expect(list.first?._post.identifiers == [LazyReferenceIdentifier(name: "id", value: "p1")])
        let array = try JSONDecoder().decode(List<Comment>.self, from: Data(#"[{"id":"c2","content":"x"}]"#.utf8))
        #expect(array.map(\.id) == ["c2"] && !array.hasNextPage())
        let bad = Data(#"{"nope":1}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(List<Comment>.self, from: bad) }
        // A not-loaded list round-trips through its encoding.
        let encoded = try JSONEncoder().encode(List<Comment>(elements: [Comment(id: "c3", content: "y")]))
        #expect(try JSONDecoder().decode(List<Comment>.self, from: encoded).map(\.id) == ["c3"])
    }
}
