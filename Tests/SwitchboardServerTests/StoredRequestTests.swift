// swift-format-ignore-file: AlwaysUseLowerCamelCase

import Foundation
import Switchboard
import SwitchboardAPI
import SwitchboardServer
import Testing

/// Raw and model-based requests with the record store: cached by a policy, read back as the
/// server's response would decode (decode path, models, lists that load their next page),
/// watched, and updated by mutations that ask to (`RequestOptions.updatesStore`). Against the
/// local server over sockets; the reads that must come from the store run after it stopped.
@Suite(.serialized) struct StoredRequestTests {
    static let posts = [
        Post(id: "p1", title: "Apple"), Post(id: "p2", title: "Banana"), Post(id: "p3", title: "Cherry"),
    ]

    @Test func modelRequestsAreReadFromTheStoreWithoutTheServer() async throws {
        let harness = try await ModelClientHarness.start()
        try await harness.create(Self.posts)
        let listed = try await harness.api.fetch(request: .list(Post.self), cachePolicy: .returnCacheDataElseFetch)
        #expect(listed.source == .server)
        let fetched = try await harness.api.fetch(
            request: .get(Post.self, byId: "p2"), cachePolicy: .fetchIgnoringCacheData)
        #expect(fetched.source == .server)
        await harness.stop()

        let list = try await harness.api.fetch(request: .list(Post.self), cachePolicy: .returnCacheDataDontFetch)
        #expect(list.source == .cache)
        #expect(try list.response.get().elements.map(\.title).sorted() == ["Apple", "Banana", "Cherry"])
        let post = try await harness.api.query(
            request: .get(Post.self, byId: "p2"), cachePolicy: .returnCacheDataElseFetch)
        #expect(try post.get()?.title == "Banana")
        // A get never made, answered from the object the list stored (AppSync's getX(id:) redirect).
        let redirected = try await harness.api.fetch(
            request: .get(Post.self, byId: "p3"), cachePolicy: .returnCacheDataElseFetch)
        #expect(redirected.source == .cache)
        #expect(try redirected.response.get()?.title == "Cherry")
        // networkFirst falls back on the store, and says so.
        let offline = try await harness.api.fetch(request: .list(Post.self), cachePolicy: .networkFirst)
        #expect(offline.source == .cache)
        #expect(try offline.response.get().elements.count == 3)
        // Without a policy a request leaves the store alone and goes to the (stopped) server.
        await #expect(throws: APIError.self) { try await harness.api.query(request: .list(Post.self)) }
        // A miss with returnCacheDataDontFetch says what is missing.
        await #expect(throws: RecordStoreError.self) {
            try await harness.api.query(request: .get(Post.self, byId: "p9"), cachePolicy: .returnCacheDataDontFetch)
        }
    }

    @Test func rawRequestsDecodeTheStoresDataThroughTheirDecodePath() async throws {
        let harness = try await ModelClientHarness.start()
        try await harness.create(Self.posts)
        let document = "query Titles { listPosts { items { __typename id title } } }"
        let items = GraphQLRequest<[PostTitle]>(
            document: document, responseType: [PostTitle].self, decodePath: "listPosts.items")
        let text = GraphQLRequest<String>(document: document, responseType: String.self, decodePath: "listPosts")
        let fromServer = try await harness.api.query(request: items, cachePolicy: .fetchIgnoringCacheData).get()
        await harness.stop()

        let fromStore = try await harness.api.fetch(request: items, cachePolicy: .returnCacheDataDontFetch)
        #expect(fromStore.source == .cache)
        #expect(try fromStore.response.get() == fromServer)
        // The same document and variables are one entry, whatever the result type.
        let json = try await harness.api.query(request: text, cachePolicy: .returnCacheDataDontFetch).get()
        let decoded = try JSONDecoder().decode([String: [PostTitle]].self, from: Data(json.utf8))
        #expect(decoded["items"] == fromServer)
    }

    @Test func aListReadFromTheStoreLoadsItsNextPageFromTheServer() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        try await harness.create(Self.posts)
        let firstPage = GraphQLRequest<List<Post>>.list(Post.self, limit: 2)
        _ = try await harness.api.query(request: firstPage, cachePolicy: .fetchIgnoringCacheData).get()
        let cached = try await harness.api.fetch(request: firstPage, cachePolicy: .returnCacheDataDontFetch)
        #expect(cached.source == .cache)
        let page = try cached.response.get()
        #expect(page.elements.count == 2 && page.hasNextPage())
        let next = try await page.getNextPage()
        #expect(next.elements.count == 1)
        #expect(Set((page.elements + next.elements).map(\.id)) == ["p1", "p2", "p3"])
    }

    @Test func aWatchedModelListSeesMutationsThatUpdateTheStore() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        try await harness.create(Self.posts)
        var titles = harness.api.watch(request: .list(Post.self)).map { try $0.get().elements.map(\.title).sorted() }
            .makeAsyncIterator()
        #expect(try await titles.next() == ["Apple", "Banana", "Cherry"])

        var update = GraphQLRequest<Post>.update(Post(id: "p2", title: "Blueberry"))
        update.options.updatesStore = true
        _ = try await harness.api.mutate(request: update).get()
        #expect(try await titles.next() == ["Apple", "Blueberry", "Cherry"])

        // A watcher of a raw request of the same document sees the same object change.
        var raw = harness.api.watch(
            request: GraphQLRequest<String>(
                document: "query GetPost($id: ID!) { getPost(id: $id) { __typename id title } }",
                variables: ["id": "p1"], responseType: String.self, decodePath: "getPost.title")
        ).makeAsyncIterator()
        // A `String` result is the value's JSON text, as from a response.
        #expect(try await raw.next()?.get() == #""Apple""#)
        var rename = GraphQLRequest<Post>.update(Post(id: "p1", title: "Apricot"))
        rename.options.updatesStore = true
        _ = try await harness.api.mutate(request: rename).get()
        #expect(try await titles.next() == ["Apricot", "Blueberry", "Cherry"])
        #expect(try await raw.next()?.get() == #""Apricot""#)
    }

    @Test func aSubscriptionThatUpdatesTheStoreKeepsAWatcherCurrent() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        try await harness.create(Self.posts)
        var subscription = GraphQLRequest<Post>.subscription(of: Post.self, type: .onUpdate)
        subscription.options.updatesStore = true
        var events = harness.api.subscribe(request: subscription).makeAsyncIterator()
        while case .connection(let state)? = try await events.next(), state != .connected {}
        var title = harness.api.watch(request: .get(Post.self, byId: "p3")).map { try $0.get()?.title }
            .makeAsyncIterator()
        #expect(try await title.next() == "Cherry")

        // Another client changes the post: the event reaches the store, and the watcher.
        let other = try ModelClientHarness.client(harness.server)
        _ = try await other.mutate(request: .update(Post(id: "p3", title: "Clementine"))).get()
        guard case .data(let event)? = try await events.next() else {
            Issue.record("expected the update event")
            return
        }
        #expect(try event.get().title == "Clementine")
        #expect(try await title.next() == "Clementine")
    }

    @Test func aWatcherCannotIgnoreTheStore() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        var iterator = harness.api.watch(request: .list(Post.self), cachePolicy: .fetchIgnoringCacheCompletely)
            .makeAsyncIterator()
        await #expect(throws: APIError.self) { _ = try await iterator.next() }
    }
}

/// A post's id and title, decoded from a raw request.
struct PostTitle: Codable, Sendable, Equatable {
    let __typename: String
    let id: String
    let title: String
}
