import Foundation
import Switchboard
import SwitchboardAPI
import SwitchboardCore
import SwitchboardServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One GraphQL-level and one HTTP-level stage added to an API's chain, and every route an app
/// takes driven through it against the local server over real sockets: each stage sees each run,
/// with the operation's type and name and the run's phase.
@Suite struct ChainStagesEndToEndTests {
    /// One run of a stage.
    struct Run: Hashable, CustomStringConvertible {
        let type: GraphQLOperationType
        let name: String?
        let phase: OperationPhase

        init(_ type: GraphQLOperationType, _ name: String?, _ phase: OperationPhase = .request) {
            self.type = type
            self.name = name
            self.phase = phase
        }

        var description: String { "\(type.rawValue) \(name ?? "-") (\(phase.rawValue))" }
    }

    /// Records each operation it sees, and each result that passes it.
    final class GraphQLRecorder: GraphQLStage {
        let name: StageName = "graphql-recorder"
        let runs = Locked<[Run]>([])
        let results = Locked<[(name: String?, fromCache: Bool)]>([])

        func handle<R: Decodable & Sendable>(
            _ request: GraphQLOperationRequest<R>, context: OperationContext, next: GraphQLStageNext<R>
        ) async throws -> GraphQLResponseStream<R> {
            runs.withLock { $0.append(Run(context.operationType, context.operationName, context.phase)) }
            let results = self.results
            return try await next(request, context).map { result in
                results.withLock { $0.append((context.operationName, result.source == .cache)) }
                return result
            }
        }
    }

    /// Records each exchange it sees and the status of its response.
    final class HTTPRecorder: OperationStage {
        let name: StageName = "http-recorder"
        let runs = Locked<[(run: Run, status: Int)]>([])

        func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
            -> HTTPTransportResponse
        {
            let response = try await next(request, context)
            runs.withLock {
                $0.append((Run(context.operationType, context.operationName, context.phase), response.statusCode))
            }
            return response
        }
    }

    /// `getBlog`, as a generated operation would declare it.
    struct GetBlogQuery: GraphQLQuery {
        static let operationName = "GetBlog"
        static let document = "query GetBlog($id: ID!) { getBlog(id: $id) { __typename id name } }"

        struct Variables: Encodable, Sendable { let id: String }
        struct Data: Decodable, Sendable, Equatable {
            struct Blog: Decodable, Sendable, Equatable {
                let id: String
                let name: String
            }
            let getBlog: Blog?
        }

        let id: String
        var variables: Variables { Variables(id: id) }
    }

    /// A blog's name as a subscription event carries it.
    struct BlogName: Decodable, Sendable, Equatable {
        let id: String
        let name: String
    }

    @Test func everyRoutePassesBothStagesWithItsTypeNameAndPhase() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        let plugin = harness.api
        let graphQL = GraphQLRecorder()
        let http = HTTPRecorder()
        try plugin.add(stage: graphQL, for: "local", placement: .after(.cache))
        try plugin.add(stage: http, for: "local", placement: .before(.authorization))

        // A subscription first, so that the mutations below are its events.
        let subscription = plugin.subscribe(
            request: GraphQLRequest(
                document: "subscription OnCreateBlog { onCreateBlog { id name } }", responseType: BlogName.self,
                decodePath: "onCreateBlog"))
        var events = subscription.makeAsyncIterator()
        while let event = try await events.next() {
            if case .connection(.connected) = event { break }
        }

        // A model-based mutation, a raw query, a model-based list.
        let blog = Blog(id: "b1", name: "Chains")
        _ = try await plugin.mutate(request: .create(blog)).get()
        _ = try await plugin.query(
            request: GraphQLRequest(
                document: "query RawBlogs { listBlogs { items { id } } }", responseType: JSONValue.self)
        ).get()
        #expect(try await plugin.query(request: .list(Blog.self)).get().map(\.id) == ["b1"])

        // The subscription's event.
        var received: BlogName?
        while let event = try await events.next() {
            if case .data(let result) = event {
                received = try result.get()
                break
            }
        }
        #expect(received == BlogName(id: "b1", name: "Chains"))
        subscription.cancel()

        // A watcher, whose data comes from the server the first time and from the store after.
        let watcher = plugin.watch(operation: GetBlogQuery(id: "b1"), cachePolicy: .fetchIgnoringCacheData)
        var watched = watcher.makeAsyncIterator()
        #expect(try await watched.next()?.get().getBlog?.name == "Chains")
        _ = try await plugin.mutate(request: .update(Blog(id: "b1", name: "Renamed"))).get()
        _ = try await plugin.query(operation: GetBlogQuery(id: "b1"))
        #expect(try await watched.next()?.get().getBlog?.name == "Renamed")
        watcher.cancel()

        // A typed query through the plugin, and through the category: the plugin keeps its
        // stages when the hub configures it (last: resetting the hub resets the plugin).
        #expect(try await plugin.query(operation: GetBlogQuery(id: "b1")).get().getBlog?.name == "Renamed")
        try await AsyncGate.hub.run {
            await Switchboard.reset()
            try Switchboard.add(plugin: plugin)
            try Switchboard.configure(Data(harness.server.amplifyConfiguration().utf8))
            let result = try await Switchboard.API.query(
                operation: GetBlogQuery(id: "b1"), cachePolicy: .returnCacheDataElseFetch)
            #expect(try result.get().getBlog?.name == "Renamed")
            await Switchboard.reset()
        }

        let graphQLRuns = graphQL.runs.withLock { $0 }
        for expected in [
            Run(.subscription, "OnCreateBlog"), Run(.mutation, "CreateBlog"), Run(.query, "RawBlogs"),
            Run(.query, "ListBlogs"), Run(.query, "GetBlog"), Run(.mutation, "UpdateBlog"),
        ] {
            #expect(graphQLRuns.contains(expected), "the GraphQL-level stage did not see \(expected): \(graphQLRuns)")
        }
        // The watcher, the query after the update, the typed query through the plugin; the
        // category's was answered by the cache stage, which this stage sits below.
        #expect(graphQLRuns.filter { $0 == Run(.query, "GetBlog") }.count == 3)
        #expect(graphQL.results.withLock { $0 }.contains { $0.name == "OnCreateBlog" && !$0.fromCache })

        let httpRuns = http.runs.withLock { $0 }
        for expected in [
            (Run(.subscription, nil, .handshake), 101), (Run(.subscription, "OnCreateBlog", .start), 200),
            (Run(.mutation, "CreateBlog"), 200), (Run(.query, "RawBlogs"), 200), (Run(.query, "ListBlogs"), 200),
            (Run(.query, "GetBlog"), 200), (Run(.mutation, "UpdateBlog"), 200),
        ] {
            #expect(
                httpRuns.contains { $0.run == expected.0 && $0.status == expected.1 },
                "the HTTP-level stage did not see \(expected.0) answered \(expected.1): \(httpRuns)")
        }
        // The watcher's fetch, the query after the update and the plugin's typed query went to the
        // server; the category's came from the store.
        #expect(httpRuns.filter { $0.run == Run(.query, "GetBlog") }.count == 3)
    }
}
