// swift-format-ignore-file: AlwaysUseLowerCamelCase

import Foundation
import Switchboard
import SwitchboardAPI
import SwitchboardCore
import SwitchboardServer
import Testing

/// A mutation with an optimistic result and a store updater against the local server over
/// sockets: a watched list shows the optimistic item, then the server's, once each; a mutation
/// the server refuses takes the optimistic change back. The request is held at an HTTP-level
/// stage until the test has seen the optimistic state, so each state is observed, not raced.
@Suite struct OptimisticUpdaterTests {
    struct ListPostsQuery: GraphQLQuery {
        static let operationName = "ListPosts"
        static let document = "query ListPosts { listPosts { items { __typename id title } } }"
        let variables = GraphQLNoVariables()
        struct Data: Codable, Sendable, Equatable {
            var listPosts: Page
            struct Page: Codable, Sendable, Equatable { var items: [Item] }
        }
        struct Item: Codable, Sendable, Equatable {
            var __typename = "Post"
            var id: String
            var title: String
        }
    }

    struct CreatePostMutation: GraphQLMutation {
        static let operationName = "CreatePost"
        static let document = """
            mutation CreatePost($input: CreatePostInput!) { createPost(input: $input) { __typename id title } }
            """
        struct Variables: Encodable, Sendable { let input: [String: String] }
        let variables: Variables
        init(id: String, title: String) { variables = Variables(input: ["id": id, "title": title]) }
        struct Data: Codable, Sendable, Equatable { var createPost: ListPostsQuery.Item? }
    }

    /// Holds each HTTP request until `release()`.
    final class HeldRequests: OperationStage {
        let name: StageName = "held-requests"
        private let releases: AsyncStream<Void>
        private let release: AsyncStream<Void>.Continuation

        init() { (releases, release) = AsyncStream.makeStream() }

        func releaseOne() { release.yield() }

        func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
            -> HTTPTransportResponse
        {
            var iterator = releases.makeAsyncIterator()
            _ = await iterator.next()
            return try await next(request, context)
        }
    }

    static func appending(_ store: isolated RecordStore, _ data: CreatePostMutation.Data) throws {
        guard let post = data.createPost else { return }
        try store.update(ListPostsQuery()) { $0.listPosts.items.append(post) }
    }

    @Test func theWatcherSeesTheOptimisticItemThenTheServersAndARefusalTakesItBack() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        try await harness.create([Post(id: "p1", title: "Apple"), Post(id: "p2", title: "Banana")])
        var titles = harness.api.watch(operation: ListPostsQuery()).map { try $0.get().listPosts.items.map(\.title) }
            .makeAsyncIterator()
        #expect(try await titles.next() == ["Apple", "Banana"])
        let held = HeldRequests()
        try harness.api.add(stage: held, for: "local", placement: .before(.transport))

        let created = Task {
            try await harness.api.mutate(
                operation: CreatePostMutation(id: "p3", title: "Cherry"),
                optimistic: .init(createPost: .init(id: "p3", title: "Cherry (saving)")), update: Self.appending)
        }
        #expect(try await titles.next() == ["Apple", "Banana", "Cherry (saving)"])
        held.releaseOne()
        #expect(try await created.value.get().createPost?.title == "Cherry")
        #expect(try await titles.next() == ["Apple", "Banana", "Cherry"])

        // A create of an id that exists fails its condition: the optimistic change goes.
        let refused = Task {
            try await harness.api.mutate(
                operation: CreatePostMutation(id: "p1", title: "Again"),
                optimistic: .init(createPost: .init(id: "p4", title: "Again (saving)")), update: Self.appending)
        }
        #expect(try await titles.next() == ["Apple", "Banana", "Cherry", "Again (saving)"])
        held.releaseOne()
        guard case .failure(.error(let errors)) = try await refused.value else {
            Issue.record("expected the server to refuse the create")
            return
        }
        #expect(errors.first?.errorType == "DynamoDB:ConditionalCheckFailedException")
        #expect(try await titles.next() == ["Apple", "Banana", "Cherry"])
        #expect(try await harness.api.store().optimisticUpdateCount == 0)
        #expect(try await harness.api.store().record(for: "Post:p4") == nil)
    }

    @Test func anUpdaterWithoutOptimisticDataRunsOnTheResultInTheSameChange() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        try await harness.create([Post(id: "p1", title: "Apple")])
        var titles = harness.api.watch(operation: ListPostsQuery()).map { try $0.get().listPosts.items.map(\.title) }
            .makeAsyncIterator()
        #expect(try await titles.next() == ["Apple"])
        _ = try await harness.api.mutate(
            operation: CreatePostMutation(id: "p2", title: "Banana"), update: Self.appending)
        #expect(try await titles.next() == ["Apple", "Banana"])
        // An updater that throws: the result is still written, and the error reaches the caller.
        struct NoRoom: Error {}
        await #expect(throws: NoRoom.self) {
            try await harness.api.mutate(operation: CreatePostMutation(id: "p3", title: "Cherry")) { _, _ in
                throw NoRoom()
            }
        }
        #expect(try await harness.api.store().record(for: "Post:p3") != nil)
    }
}
