import Foundation
import Switchboard
import SwitchboardAPI
import SwitchboardServer
import Testing

/// No event lost across a reconnect: model subscriptions with `resync: true` against the local
/// server over real sockets, through an outage of the real-time connection during which
/// mutations go on.
@Suite struct SubscriptionResyncTests {
    typealias Events = SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<Post>>.AsyncIterator

    static func plugin(_ server: LocalServer, transport: OutageTransport) throws -> APIPlugin {
        let plugin = try APIPlugin(
            realtimeTransport: transport,
            realtimeConfiguration: RealtimeConfiguration(
                reconnectBase: .milliseconds(5), reconnectCap: .milliseconds(100), acknowledgementTimeout: .seconds(10))
        )
        try plugin.configure(using: SwitchboardConfiguration(data: Data(server.amplifyConfiguration().utf8)))
        return plugin
    }

    /// The data events and states until `count` data events arrived.
    static func next(_ events: inout Events, count: Int) async throws -> (
        posts: [Post], states: [SubscriptionConnectionState]
    ) {
        var posts: [Post] = []
        var states: [SubscriptionConnectionState] = []
        while posts.count < count, let event = try await events.next() {
            switch event {
            case .data(let result): posts.append(try result.get())
            case .connection(let state): states.append(state)
            }
        }
        return (posts, states)
    }

    /// Waits for the subscription's first `.connected`.
    static func connected(_ sequence: SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<Post>>) async throws
        -> Events
    {
        var events = sequence.makeAsyncIterator()
        while let event = try await events.next() {
            if case .connection(.connected) = event { return events }
        }
        throw ClientModelMutationTests.SubscriptionEndedError()
    }

    @Test(.timeLimit(.minutes(3))) func everyChangeMadeDuringAnOutageArrivesOnceAndInOrder() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        let transport = OutageTransport()
        let api = try Self.plugin(harness.server, transport: transport)
        var creates = try await Self.connected(
            api.subscribe(request: .subscription(of: Post.self, type: .onCreate, resync: true)))
        var updates = try await Self.connected(
            api.subscribe(request: .subscription(of: Post.self, type: .onUpdate, resync: true)))
        var unsynced = try await Self.connected(api.subscribe(request: .subscription(of: Post.self, type: .onCreate)))

        _ = try await api.mutate(request: .create(Post(id: "p000", title: "before"))).get()
        #expect(try await Self.next(&creates, count: 1).posts.map(\.id) == ["p000"])
        #expect(try await Self.next(&unsynced, count: 1).posts.map(\.id) == ["p000"])

        // 20 s without a real-time connection (every connect refused) while 100 posts are made.
        await transport.beginOutage()
        let ids = (1...100).map { String(format: "p%03d", $0) }
        for id in ids {
            _ = try await api.mutate(request: .create(Post(id: id, title: "made in the outage"))).get()
            try await Task.sleep(for: .milliseconds(200))
        }
        // Updated twice in the outage: one event, with the newest title.
        for id in ids.prefix(10) {
            for title in ["edited", "edited twice"] {
                _ = try await api.mutate(request: .update(Post(id: id, title: title))).get()
            }
        }
        transport.endOutage()

        let caughtUp = try await Self.next(&creates, count: 100)
        #expect(caughtUp.posts.map(\.id) == ids)
        #expect(caughtUp.states.suffix(2) == [.connecting, .connected], "\(caughtUp.states)")
        let updated = try await Self.next(&updates, count: 10)
        #expect(updated.posts.map(\.id) == Array(ids.prefix(10)))
        #expect(updated.posts.allSatisfy { $0.title == "edited twice" })

        // After the resync, live events again, each once: nothing delivered twice in between.
        _ = try await api.mutate(request: .create(Post(id: "p101", title: "after"))).get()
        _ = try await api.mutate(request: .update(Post(id: "p050", title: "after"))).get()
        #expect(try await Self.next(&creates, count: 1).posts.map(\.id) == ["p101"])
        #expect(try await Self.next(&updates, count: 1).posts.map(\.id) == ["p050"])

        // Without a resync the stream says that events went by, and only the new one arrives.
        let plain = try await Self.next(&unsynced, count: 1)
        #expect(plain.posts.map(\.id) == ["p101"])
        #expect(plain.states.contains(.connectedAfterGap), "\(plain.states)")
        #expect(transport.refusedConnects > 0)
    }

    /// Posts created since a time, as a typed query.
    struct PostsCreatedSince: GraphQLQuery {
        struct Variables: Encodable, Sendable {
            let filter: JSONValue
            let nextToken: String?
        }
        struct Data: Decodable, Sendable {}
        static let operationName = "PostsCreatedSince"
        static let document = """
            query PostsCreatedSince($filter: ModelPostFilterInput, $nextToken: String) {
              listPosts(filter: $filter, limit: 7, nextToken: $nextToken) { items { id title createdAt } nextToken }
            }
            """
        let variables: Variables

        init(since: String, nextToken: String?) {
            variables = Variables(filter: ["createdAt": ["ge": .string(since)]], nextToken: nextToken)
        }
    }

    struct Created: Decodable, Sendable, Equatable { let id: String }

    /// `onCreatePost` as a typed subscription.
    struct OnCreatePost: GraphQLSubscription {
        struct Data: Decodable, Sendable { let onCreatePost: Created }
        static let operationName = "OnCreatePost"
        static let document = "subscription OnCreatePost { onCreatePost { id title createdAt } }"
    }

    @Test(.timeLimit(.minutes(1))) func aTypedSubscriptionCatchesUpWithItsPairedQueryPageByPage() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        let transport = OutageTransport()
        let api = try Self.plugin(harness.server, transport: transport)
        let resync = SubscriptionResync(
            query: { since, nextToken in PostsCreatedSince(since: since, nextToken: nextToken) },
            listField: "listPosts",
            eventField: "onCreatePost", versionField: "createdAt")
        var events = api.subscribe(operation: OnCreatePost(), options: RequestOptions(resync: resync))
            .makeAsyncIterator()
        while let event = try await events.next() { if case .connection(.connected) = event { break } }

        await transport.beginOutage()
        let ids = (1...20).map { String(format: "t%02d", $0) }
        for id in ids { _ = try await api.mutate(request: .create(Post(id: id, title: "typed"))).get() }
        transport.endOutage()
        var received: [String] = []
        while received.count < 20, let event = try await events.next() {
            if case .data(let result) = event { received.append(try result.get().onCreatePost.id) }
        }
        // Three pages of seven, oldest first.
        #expect(received == ids)
    }

    @Test(.timeLimit(.minutes(1))) func aResyncCoversWhatWasMadeWhilePaused() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        let api = try Self.plugin(harness.server, transport: OutageTransport())
        let all = api.subscribe(request: .subscription(of: Post.self, type: .onCreate, resync: true))
        var creates = try await Self.connected(all)
        let one = api.subscribe(request: .subscription(of: Post.self, type: .onCreate, resync: true))
        var single = try await Self.connected(one)

        // The whole API paused, then one subscription alone: each resume catches up.
        await api.pauseSubscriptions()
        for id in ["a1", "a2", "a3"] { _ = try await api.mutate(request: .create(Post(id: id, title: "paused"))).get() }
        await api.resumeSubscriptions()
        #expect(try await Self.next(&creates, count: 3).posts.map(\.id) == ["a1", "a2", "a3"])
        #expect(try await Self.next(&single, count: 3).posts.map(\.id) == ["a1", "a2", "a3"])
        await one.pause()
        for id in ["b1", "b2"] { _ = try await api.mutate(request: .create(Post(id: id, title: "one paused"))).get() }
        #expect(try await Self.next(&creates, count: 2).posts.map(\.id) == ["b1", "b2"])
        await one.resume()
        let caughtUp = try await Self.next(&single, count: 2)
        #expect(caughtUp.posts.map(\.id) == ["b1", "b2"])
        #expect(caughtUp.states.suffix(3) == [.paused, .connecting, .connected], "\(caughtUp.states)")
    }

    @Test func anOnDeleteSubscriptionCannotResync() async throws {
        let request = GraphQLRequest<Post>.subscription(of: Post.self, type: .onDelete, resync: true)
        #expect(throws: APIError.self) { _ = try request.encodedBody() }
    }
}
