// swift-format-ignore-file: AlwaysUseLowerCamelCase

import Foundation
import Switchboard
import SwitchboardCore
import SwitchboardStore
import TestSupport
import Testing

/// Watched reads reuse what they decoded of objects whose records did not change, and updates
/// write back only the list items they changed. Each case runs the same changes on a store with a
/// watcher (memo and kept items) and on a store without one (every item encoded and normalized),
/// and expects the same records, the same watcher data and the same reads.
@Suite struct ReadMemoTests {
    struct PostsQuery: GraphQLQuery {
        static let operationName = "Posts"
        static let document = """
            query Posts { posts { __typename id title blog { __typename id name } notes { text } } }
            """
        let variables = GraphQLNoVariables()
        struct Data: Codable, Sendable, Equatable { var posts: [Post?] }
        struct Post: Codable, Sendable, Equatable {
            var __typename = "Post"
            var id: String
            var title: String
            var blog: Blog
            /// Objects without an identity: stored under their position in the post.
            var notes: [Note]
        }
        struct Blog: Codable, Sendable, Equatable {
            var __typename = "Blog"
            var id: String
            var name: String
        }
        struct Note: Codable, Sendable, Equatable { var text: String }
    }

    /// A list of objects without an identity: each item is the record of its position.
    struct LinesQuery: GraphQLQuery {
        static let operationName = "Lines"
        static let document = "query Lines { lines { text } }"
        let variables = GraphQLNoVariables()
        struct Data: Codable, Sendable, Equatable { var lines: [Line] }
        struct Line: Codable, Sendable, Equatable { var text: String }
    }

    struct BlogQuery: GraphQLQuery {
        static let operationName = "Blog"
        static let document = "query Blog { blog(id: \"b1\") { __typename id name } }"
        let variables = GraphQLNoVariables()
        struct Data: Codable, Sendable, Equatable { var blog: PostsQuery.Blog? }
    }

    /// A post's title and a field `PostsQuery` does not select.
    struct PostViewsQuery: GraphQLQuery {
        static let operationName = "PostViews"
        static let document = "query PostViews($id: ID!) { getPost(id: $id) { __typename id title views } }"
        struct Variables: Encodable, Sendable { let id: String }
        let variables: Variables
        struct Data: Codable, Sendable, Equatable { var getPost: Post? }
        struct Post: Codable, Sendable, Equatable {
            var __typename = "Post"
            var id: String
            var title: String
            var views: Int
        }
    }

    /// Data that is not `Equatable`: its watcher compares the JSON text read instead.
    struct TitlesQuery: GraphQLQuery {
        static let operationName = "Titles"
        static let document = "query Titles { posts { __typename id title } }"
        let variables = GraphQLNoVariables()
        struct Data: Decodable, Sendable {
            let posts: [Post?]
            struct Post: Decodable, Sendable {
                let id: String
                let title: String
            }
        }
    }

    static func post(_ id: Int, blog: Int = 1) -> PostsQuery.Post {
        PostsQuery.Post(
            id: "p\(id)", title: "Post \(id)", blog: PostsQuery.Blog(id: "b\(blog)", name: "Blog \(blog)"),
            notes: [PostsQuery.Note(text: "note \(id)")])
    }

    /// Every record of `store`, to compare two stores' contents.
    static func records(of store: RecordStore) async -> [Record] {
        var records: [Record] = []
        for key in await store.recordKeys {
            if let record = await store.record(for: key) { records.append(record) }
        }
        return records
    }

    /// Runs `change` as an update on a watched store and the data it leaves as a plain write on
    /// another, and checks that both stores and the watcher agree.
    static func check(
        _ change: @escaping @Sendable (inout PostsQuery.Data) -> Void, from start: PostsQuery.Data
    ) async throws {
        let watched = RecordStore()
        let plain = RecordStore()
        try await watched.write(start, for: PostsQuery())
        try await plain.write(start, for: PostsQuery())
        var updates = try await watched.watch(operation: PostsQuery()).makeAsyncIterator()
        #expect(try await updates.next() == start)
        // Twice, so that the second update reuses what the first and the watcher's read kept.
        var expected = start
        for _ in 0..<2 {
            let previous = expected
            change(&expected)
            try await watched.withTransaction { store in try store.update(PostsQuery()) { change(&$0) } }
            try await plain.write(expected, for: PostsQuery())
            if expected != previous {
                #expect(try await updates.next() == expected)
            }
            #expect(try await watched.read(operation: PostsQuery()) == expected)
            #expect(await records(of: watched) == records(of: plain))
        }
    }

    static let three = PostsQuery.Data(posts: [post(1), post(2), post(3, blog: 2)])

    @Test func appendingPrependingAndInserting() async throws {
        try await Self.check({ $0.posts.append(Self.post($0.posts.count + 10)) }, from: Self.three)
        try await Self.check({ $0.posts.insert(Self.post($0.posts.count + 20), at: 0) }, from: Self.three)
        try await Self.check({ $0.posts.insert(Self.post($0.posts.count + 30), at: 1) }, from: Self.three)
    }

    @Test func removingReplacingAndMoving() async throws {
        try await Self.check({ _ = $0.posts.removeFirst() }, from: Self.three)
        try await Self.check({ _ = $0.posts.removeLast() }, from: Self.three)
        try await Self.check({ $0.posts[1]?.title += "!" }, from: Self.three)
        try await Self.check({ $0.posts[2]?.blog.name += "?" }, from: Self.three)
        try await Self.check({ $0.posts[0]?.notes.insert(.init(text: "first"), at: 0) }, from: Self.three)
        try await Self.check({ $0.posts.swapAt(0, 2) }, from: Self.three)
        try await Self.check({ $0.posts.reverse() }, from: Self.three)
        try await Self.check({ $0.posts.insert(nil, at: 1) }, from: Self.three)
        try await Self.check({ $0.posts = [] }, from: Self.three)
    }

    /// Keeps what each save was given.
    final class SavedKeys: RecordPersistence {
        let saves = Locked<[[CacheKey]]>([])
        func loadRecords() throws -> [PersistedRecord] { [] }
        func save(_ records: [PersistedRecord], removing removed: [CacheKey]) throws {
            saves.withLock { $0.append(records.map(\.key)) }
        }
    }

    @Test func anUpdateThatAppendsWritesOnlyTheListAndTheNewItem() async throws {
        let saved = SavedKeys()
        let store = try RecordStore(persistence: saved)
        try await store.write(Self.three, for: PostsQuery())
        var updates = try await store.watch(operation: PostsQuery()).makeAsyncIterator()
        _ = try await updates.next()
        try await store.withTransaction { store in
            try store.update(PostsQuery()) { $0.posts.append(Self.post(4, blog: 2)) }
        }
        _ = try await updates.next()
        // The unchanged posts, their blogs and notes are not written again (nor saved with new
        // write times); the new post's blog is, as the update's data holds it.
        #expect(saved.saves.withLock { $0.last } == ["Blog:b2", "Post:p4", "Post:p4.notes.0", "QUERY_ROOT"])
    }

    @Test func objectsWithoutAnIdentityStayAtTheirPositions() async throws {
        let store = RecordStore()
        try await store.write(LinesQuery.Data(lines: [.init(text: "a"), .init(text: "b")]), for: LinesQuery())
        var updates = try await store.watch(operation: LinesQuery()).makeAsyncIterator()
        _ = try await updates.next()
        try await store.withTransaction { store in
            try store.update(LinesQuery()) { $0.lines.insert(.init(text: "z"), at: 0) }
        }
        let expected = LinesQuery.Data(lines: [.init(text: "z"), .init(text: "a"), .init(text: "b")])
        #expect(try await updates.next() == expected)
        #expect(try await store.read(operation: LinesQuery()) == expected)
        #expect(await store.record(for: "QUERY_ROOT.lines.0")?.fields["text"] == .scalar("z"))
        #expect(await store.record(for: "QUERY_ROOT.lines.2")?.fields["text"] == .scalar("b"))
    }

    @Test func aChangeToANestedRecordReachesTheWatcherAndTheNextUpdate() async throws {
        let store = RecordStore()
        try await store.write(Self.three, for: PostsQuery())
        var updates = try await store.watch(operation: PostsQuery()).makeAsyncIterator()
        _ = try await updates.next()
        // Another query changes a blog two posts show.
        try await store.write(BlogQuery.Data(blog: .init(id: "b1", name: "Renamed")), for: BlogQuery())
        let renamed = try #require(try await updates.next())
        #expect(renamed.posts.prefix(2).map { $0?.blog.name } == ["Renamed", "Renamed"])
        #expect(renamed.posts[2]?.blog.name == "Blog 2")
        try await store.withTransaction { store in
            try store.update(PostsQuery()) { $0.posts.append(Self.post(4, blog: 2)) }
        }
        let appended = try #require(try await updates.next())
        #expect(appended.posts.map { $0?.blog.name } == ["Renamed", "Renamed", "Blog 2", "Blog 2"])
    }

    @Test func aChangeToAFieldTheWatcherDoesNotShowTellsItNothing() async throws {
        let store = RecordStore()
        try await store.write(Self.three, for: PostsQuery())
        var updates = try await store.watch(operation: PostsQuery()).makeAsyncIterator()
        var titles = try await store.watch(operation: TitlesQuery()).makeAsyncIterator()
        _ = try await updates.next()
        #expect(try await titles.next()?.posts.map { $0?.title } == ["Post 1", "Post 2", "Post 3"])
        let views = { (count: Int, title: String) in
            PostViewsQuery.Data(getPost: .init(id: "p2", title: title, views: count))
        }
        try await store.write(views(10, "Post 2"), for: PostViewsQuery(variables: .init(id: "p2")))
        try await store.write(views(11, "Post 2"), for: PostViewsQuery(variables: .init(id: "p2")))
        try await store.write(views(12, "Renamed"), for: PostViewsQuery(variables: .init(id: "p2")))
        // Each watcher's next data is the rename: the view counts changed nothing it shows.
        #expect(try await updates.next()?.posts[1]?.title == "Renamed")
        #expect(try await titles.next()?.posts.map { $0?.title } == ["Post 1", "Renamed", "Post 3"])
    }

    @Test func anObjectBackInTheListAfterTheDependenciesWereRebuiltIsWatchedAgain() async throws {
        let store = RecordStore()
        let many = PostsQuery.Data(posts: (1...40).map { Self.post($0) })
        try await store.write(many, for: PostsQuery())
        // A watcher not told would hang: fail instead.
        let title = try await resultUnlessHung(deadline: .seconds(30)) {
            var updates = try await store.watch(operation: PostsQuery()).makeAsyncIterator()
            _ = try await updates.next()
            // Down to one post, then another write: the watcher's dependencies are now mostly
            // posts it no longer shows, and its next read builds them anew, without post 2.
            try await store.write(PostsQuery.Data(posts: [Self.post(1)]), for: PostsQuery())
            _ = try await updates.next()
            try await store.write(PostsQuery.Data(posts: [Self.post(1, blog: 3)]), for: PostsQuery())
            _ = try await updates.next()
            // Post 2 comes back: its decoded value is reused, and its records watched again.
            try await store.write(PostsQuery.Data(posts: [Self.post(1, blog: 3), Self.post(2)]), for: PostsQuery())
            #expect(try await updates.next()?.posts.count == 2)
            try await store.write(
                PostViewsQuery.Data(getPost: .init(id: "p2", title: "Back", views: 1)),
                for: PostViewsQuery(variables: .init(id: "p2")))
            return try await updates.next()?.posts.last??.title
        }
        #expect(title == "Back")
    }

    @Test func aRolledBackUpdateLeavesReadsAsTheyWere() async throws {
        struct Refused: Error {}
        let store = RecordStore()
        try await store.write(Self.three, for: PostsQuery())
        var updates = try await store.watch(operation: PostsQuery()).makeAsyncIterator()
        _ = try await updates.next()
        await #expect(throws: Refused.self) {
            try await store.withTransaction { store in
                try store.update(PostsQuery()) { $0.posts[0]?.title = "Changed" }
                // Read inside the transaction: the memo holds the changed post for a moment.
                #expect(try store.read(operation: PostsQuery()).posts[0]?.title == "Changed")
                throw Refused()
            }
        }
        #expect(try await store.read(operation: PostsQuery()) == Self.three)
        try await store.withTransaction { store in
            try store.update(PostsQuery()) { $0.posts.append(Self.post(4)) }
        }
        #expect(try await updates.next()?.posts.map { $0?.title } == ["Post 1", "Post 2", "Post 3", "Post 4"])
    }

    @Test func anOptimisticLayerAndItsRemovalAreSeen() async throws {
        let store = RecordStore()
        try await store.write(Self.three, for: PostsQuery())
        var updates = try await store.watch(operation: PostsQuery()).makeAsyncIterator()
        _ = try await updates.next()
        let layer = try await store.addOptimisticUpdate { store in
            try store.update(PostsQuery()) { $0.posts[1]?.title = "Optimistic" }
        }
        #expect(try await updates.next()?.posts[1]?.title == "Optimistic")
        await store.removeOptimisticUpdate(layer)
        #expect(try await updates.next() == Self.three)
        #expect(try await store.read(operation: PostsQuery()) == Self.three)
    }

    @Test func aWatchedListThatKeepsChangingKeepsItsMemoBounded() async throws {
        let store = RecordStore()
        try await store.write(Self.three, for: PostsQuery())
        var updates = try await store.watch(operation: PostsQuery()).makeAsyncIterator()
        _ = try await updates.next()
        for round in 0..<40 {
            let page = PostsQuery.Data(posts: (0..<50).map { Self.post(round * 100 + $0) })
            try await store.write(page, for: PostsQuery())
            #expect(try await updates.next() == page)
        }
        // Each object's entry (JSON text and values share one) for the last two pages, twice the
        // records a read visits, and the slack.
        let entries = await store.memoEntryCount
        #expect(entries <= 2 * (3 * 50) * 2 + 256, "\(entries) entries")
    }
}
