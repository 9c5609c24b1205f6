import Foundation
import Switchboard
import SwitchboardAPI
import Testing

/// `.subscription(of:type:where:)` against the local server over sockets: the predicate becomes
/// AppSync's `filter:` argument, validated against the transformed schema and evaluated by the
/// server, so only matching events arrive.
@Suite struct ClientModelSubscriptionFilterTests {
    typealias Harness = ClientModelMutationTests

    @Test(.timeLimit(.minutes(1))) func onlyEventsMatchingThePredicateArrive() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        let post = Post.keys
        let request = GraphQLRequest<Post>.subscription(
            of: Post.self, type: .onCreate, where: post.rating > 4 || post.title.beginsWith("B"))
        #expect(request.document.contains("onCreatePost(filter: $filter)"))
        #expect(request.document.contains("$filter: ModelSubscriptionPostFilterInput"))
        var some = try await Harness.connected(harness.api.subscribe(request: request))
        var updates = try await Harness.connected(
            harness.api.subscribe(
                request: .subscription(
                    of: Post.self, type: .onUpdate, where: post.rating.between(start: 2, end: 3) && post.title != "x")))

        let posts = [
            Post(id: "p1", title: "Apple", rating: 5), Post(id: "p2", title: "Banana", rating: 1),
            Post(id: "p3", title: "Cherry", rating: 3), Post(id: "p4", title: "Damson", rating: 4),
        ]
        try await harness.create(posts)
        for var changed in posts {
            changed.title += " jam"
            _ = try await harness.api.mutate(request: .update(changed)).get()
        }
        try await harness.create([Post(id: "p5", title: "Elder", rating: 2), Post(id: "p6", title: "Fig", rating: 9)])

        #expect(try await Harness.next(&some, count: 3).map(\.id) == ["p1", "p2", "p6"])
        #expect(try await Harness.next(&updates, count: 1).map(\.id) == ["p3"])
    }

    @Test func aPredicateAppSyncCannotFilterOnFailsBeforeAnyIO() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        let post = Post.keys
        for predicate in [not(post.rating > 4), post.title.attributeExists(true) && post.rating > 1] {
            var events = harness.api.subscribe(
                request: .subscription(of: Post.self, type: .onCreate, where: predicate)
            ).makeAsyncIterator()
            await #expect {
                while try await events.next() != nil {}
            } throws: { error in
                let text = "\(error)"
                return text.contains("AppSync subscription filters have no") && text.contains("&& and ||")
            }
        }
    }
}
