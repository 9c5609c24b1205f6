import Foundation
import Switchboard
import SwitchboardStore
import Testing

/// Pages of a paginated field merging into one list in the store: Relay connections (edges
/// without identity, stored after the edges already held), AppSync lists, a configured rule, and
/// the rule switched off.
@Suite struct RecordStorePaginationTests {
    struct FeedQuery: GraphQLQuery {
        static let operationName = "Feed"
        static let document = """
            query Feed($first: Int, $after: String, $topic: String) {
              feed(first: $first, after: $after, topic: $topic) {
                edges { cursor node { __typename id title } }
                pageInfo { endCursor hasNextPage }
              }
            }
            """
        struct Variables: Encodable, Sendable {
            var first: Int
            var after: String?
            var topic: String
        }
        var variables: Variables
        init(first: Int = 2, after: String? = nil, topic: String = "swift") {
            variables = Variables(first: first, after: after, topic: topic)
        }

        struct Data: Decodable, Sendable, Equatable {
            let feed: Feed
            struct Feed: Decodable, Sendable, Equatable {
                let edges: [Edge]
                let pageInfo: PageInfo
            }
            struct Edge: Decodable, Sendable, Equatable {
                let cursor: String
                let node: Node
            }
            struct Node: Decodable, Sendable, Equatable {
                let id: String
                let title: String
            }
            struct PageInfo: Decodable, Sendable, Equatable {
                let endCursor: String?
                let hasNextPage: Bool
            }
        }
    }

    static func page(_ ids: [Int], last: Bool = false) -> JSONValue {
        [
            "feed": [
                "edges": .array(
                    ids.map { id in
                        [
                            "cursor": .string("c\(id)"),
                            "node": ["__typename": "Post", "id": .string("\(id)"), "title": .string("Post \(id)")],
                        ]
                    }),
                "pageInfo": ["endCursor": .string("c\(ids.last ?? 0)"), "hasNextPage": .boolean(!last)],
            ]
        ]
    }

    @Test func relayPagesAppendTheirEdgesAndAFirstPageReplacesThem() async throws {
        let store = RecordStore()
        var watched = try await store.watch(operation: FeedQuery()).makeAsyncIterator()
        try await store.write(data: Self.page([1, 2]), for: FeedQuery())
        #expect(try await watched.next()?.feed.edges.map(\.node.id) == ["1", "2"])

        try await store.write(data: Self.page([3, 4]), for: FeedQuery(after: "c2"))
        let merged = try #require(try await watched.next())
        #expect(merged.feed.edges.map(\.node.id) == ["1", "2", "3", "4"])
        #expect(merged.feed.edges.map(\.cursor) == ["c1", "c2", "c3", "c4"])
        #expect(merged.feed.pageInfo == .init(endCursor: "c4", hasNextPage: true))
        // Any page's query reads the whole list: the field is stored without its page arguments.
        #expect(try await store.read(operation: FeedQuery(first: 2, after: "c2")) == merged)
        // Other arguments still make other lists.
        await #expect(throws: RecordStoreError.self) { try await store.read(operation: FeedQuery(topic: "go")) }

        try await store.write(data: Self.page([5], last: true), for: FeedQuery(after: "c4"))
        #expect(try await watched.next()?.feed.edges.map(\.node.id) == ["1", "2", "3", "4", "5"])
        try await store.write(data: Self.page([1, 2]), for: FeedQuery())
        #expect(try await watched.next()?.feed.edges.map(\.node.id) == ["1", "2"])
    }

    struct SearchQuery: GraphQLQuery {
        static let operationName = "Search"
        static let document = """
            query Search($text: String!, $page: Int) { search(text: $text, page: $page) { results { __typename id } } }
            """
        struct Variables: Encodable, Sendable {
            var text: String
            var page: Int?
        }
        var variables: Variables
        struct Data: Decodable, Sendable, Equatable {
            let search: Results
            struct Results: Decodable, Sendable, Equatable { let results: [Hit] }
            struct Hit: Decodable, Sendable, Equatable { let id: String }
        }
    }

    static func hits(_ ids: [String]) -> JSONValue {
        ["search": ["results": .array(ids.map { ["__typename": "Hit", "id": .string($0)] })]]
    }

    @Test func aConfiguredRuleMergesAndObjectsAlreadyListedAreNotAddedAgain() async throws {
        var configuration = RecordStoreConfiguration()
        configuration.paginatedFields["search"] = PaginationRule(
            cursorArgument: "page", pageArguments: [], listField: "results")
        let store = RecordStore(configuration: configuration)
        try await store.write(data: Self.hits(["a", "b"]), for: SearchQuery(variables: .init(text: "x")))
        try await store.write(data: Self.hits(["b", "c"]), for: SearchQuery(variables: .init(text: "x", page: 2)))
        let read = try await store.read(operation: SearchQuery(variables: .init(text: "x")))
        #expect(read.search.results.map(\.id) == ["a", "b", "c"])
    }

    @Test func withoutPaginationEachPageIsItsOwnField() async throws {
        var configuration = RecordStoreConfiguration()
        configuration.automaticPagination = false
        let store = RecordStore(configuration: configuration)
        try await store.write(data: Self.page([1, 2]), for: FeedQuery())
        try await store.write(data: Self.page([3, 4]), for: FeedQuery(after: "c2"))
        #expect(try await store.read(operation: FeedQuery()).feed.edges.map(\.node.id) == ["1", "2"])
        #expect(try await store.read(operation: FeedQuery(after: "c2")).feed.edges.map(\.node.id) == ["3", "4"])
    }
}
