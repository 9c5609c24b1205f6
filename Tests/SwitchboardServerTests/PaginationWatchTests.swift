// swift-format-ignore-file: AlwaysUseLowerCamelCase

import Foundation
import Switchboard
import SwitchboardAPI
import SwitchboardCore
import SwitchboardServer
import Testing

/// Paginated lists watched as one growing list: pages fetched by `nextToken` merge into one list
/// in the record store, the first page's watcher shows them all, a refresh replaces them, and a
/// load past the last page sends nothing. Against the local server over sockets.
@Suite struct PaginationWatchTests {
    struct ListPostsPageQuery: GraphQLQuery {
        static let operationName = "ListPostsPage"
        static let document = """
            query ListPostsPage($limit: Int, $nextToken: String) {
              listPosts(limit: $limit, nextToken: $nextToken) { items { __typename id title } nextToken }
            }
            """
        struct Variables: Encodable, Sendable {
            var limit: Int
            var nextToken: String?
        }
        var variables: Variables
        init(limit: Int, nextToken: String? = nil) { variables = Variables(limit: limit, nextToken: nextToken) }

        struct Data: Decodable, Sendable, Equatable {
            let listPosts: Page
            struct Page: Decodable, Sendable, Equatable {
                let items: [Item]
                let nextToken: String?
            }
            struct Item: Decodable, Sendable, Equatable {
                let __typename: String
                let id: String
                let title: String
            }
        }
    }

    /// Counts the HTTP requests the plugin sends.
    struct RequestCounter: RequestInterceptor {
        let count = Locked(0)
        func intercept(_ request: URLRequest) async throws -> URLRequest {
            count.withLock { $0 += 1 }
            return request
        }
    }

    static func start(posts: Int) async throws -> (ModelClientHarness, RequestCounter) {
        let harness = try await ModelClientHarness.start()
        let created = (0..<posts).map { Post(id: String(format: "p%03d", $0), title: "Post \($0)") }
        // Made by another client, so that the counted one starts with an empty store.
        let maker = try ModelClientHarness.client(harness.server)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for chunk in stride(from: 0, to: created.count, by: 50) {
                let batch = created[chunk..<min(chunk + 50, created.count)]
                group.addTask { for post in batch { _ = try await maker.mutate(request: .create(post)).get() } }
            }
            try await group.waitForAll()
        }
        let counter = RequestCounter()
        try harness.api.add(interceptor: counter, for: "local")
        return (harness, counter)
    }

    @Test func fivePagesByNextTokenMergeIntoOneWatchedList() async throws {
        let (harness, counter) = try await Self.start(posts: 500)
        defer { Task { await harness.stop() } }
        let pages = harness.api.watchPages(operation: ListPostsPageQuery(limit: 100)) { data in
            data.listPosts.nextToken.map { ListPostsPageQuery(limit: 100, nextToken: $0) }
        }
        var shown = pages.makeAsyncIterator()
        #expect(try await shown.next()?.get().listPosts.items.count == 100)
        #expect(await pages.hasNext)

        var sizes: [Int] = []
        while await pages.hasNext {
            try await pages.loadNext()
            sizes.append(try await shown.next()?.get().listPosts.items.count ?? -1)
        }
        // AppSync may end a full last page with a token whose page is empty.
        #expect(sizes.prefix(4) == [200, 300, 400, 500])
        #expect(sizes.dropFirst(4).allSatisfy { $0 == 500 })
        let all = try await harness.api.query(
            operation: ListPostsPageQuery(limit: 100), cachePolicy: .returnCacheDataDontFetch
        ).get().listPosts.items
        #expect(all.count == 500 && Set(all.map(\.id)).count == 500)

        // Past the last page, nothing is sent.
        let sent = counter.count.withLock { $0 }
        #expect(sent == 1 + sizes.count)
        try await pages.loadNext()
        #expect(counter.count.withLock { $0 } == sent)

        // A refresh replaces the pages with the first one.
        try await pages.refresh()
        #expect(try await shown.next()?.get().listPosts.items.count == 100)
        #expect(await pages.hasNext)
        pages.cancel()
    }

    @Test func aModelListWatchedAsPagesGrowsWithEachLoad() async throws {
        let (harness, counter) = try await Self.start(posts: 250)
        defer { Task { await harness.stop() } }
        let pages = harness.api.watchPages(request: .list(Post.self, limit: 100))
        var shown = pages.makeAsyncIterator()
        #expect(try await shown.next()?.get().elements.count == 100)
        try await pages.loadNext()
        #expect(try await shown.next()?.get().elements.count == 200)
        try await pages.loadNext()
        let last = try #require(try await shown.next()?.get())
        #expect(last.elements.count == 250 && Set(last.elements.map(\.id)).count == 250)
        #expect(await !pages.hasNext)
        try await pages.loadNext()
        #expect(counter.count.withLock { $0 } == 3)
        // Loads one at a time: two refreshes at once end with the first page, once.
        async let one: Void = pages.refresh()
        async let two: Void = pages.refresh()
        _ = try await (one, two)
        #expect(try await shown.next()?.get().elements.count == 100)
        #expect(counter.count.withLock { $0 } == 5)
    }
}
