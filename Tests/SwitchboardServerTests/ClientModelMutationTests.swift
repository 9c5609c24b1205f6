import Foundation
import Switchboard
import SwitchboardAPI
import SwitchboardServer
import SwitchboardSigV4
import Testing

/// The client's model-based writes and subscriptions against ``LocalServer`` over real sockets:
/// conditions, authorization failures as the client sees them, and model subscriptions with and
/// without an enhanced filter.
@Suite struct ClientModelMutationTests {
    @Test func conditionsGuardWritesWithAppSyncsConditionalCheckFailure() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        var post = try await harness.api.mutate(request: .create(Post(id: "p1", title: "Draft", rating: 2))).get()

        func expectConditionalCheckFailed<M>(_ response: GraphQLResponse<M>, _ what: String) {
            let errors = harness.errors(response)
            #expect(errors.first?.errorType == "DynamoDB:ConditionalCheckFailedException", "\(what)")
            #expect(errors.first?.message.hasPrefix("The conditional request failed") == true, "\(what)")
        }
        post.title = "Final"
        expectConditionalCheckFailed(
            try await harness.api.mutate(request: .update(post, where: Post.keys.rating > 2)), "update, rating > 2")
        expectConditionalCheckFailed(
            try await harness.api.mutate(request: .create(Post(id: "p1", title: "Again"))), "a duplicate create")
        expectConditionalCheckFailed(
            try await harness.api.mutate(request: .update(Post(id: "missing", title: "x"))), "an update of nothing")
        expectConditionalCheckFailed(
            try await harness.api.mutate(request: .delete(post, where: Post.keys.title == "Final")),
            "delete, stale title")
        let unchanged = try await harness.api.query(request: .get(Post.self, byId: "p1")).get()
        #expect(unchanged?.title == "Draft")

        let updated = try await harness.api.mutate(
            request: .update(post, where: Post.keys.rating == 2 && Post.keys.title.beginsWith("Dr"))
        ).get()
        #expect(updated.title == "Final")
        _ = try await harness.api.mutate(request: .delete(updated, where: Post.keys.title == "Final")).get()
        #expect(try await harness.api.query(request: .get(Post.self, byId: "p1")).get() == nil)
    }

    @Test func wrongCredentialsGet401WithUnauthorizedExceptionAndTheWrongModeIsNotAuthorized() async throws {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        let wrongKey = try ModelClientHarness.client(harness.server, apiKey: "da2-not-the-key")
        do {
            _ = try await wrongKey.query(request: .list(Post.self))
            Issue.record("a wrong API key listed posts")
        } catch APIError.httpStatusError(let status, let details) {
            #expect(status == 401)
            #expect(details.graphQLErrors?.first?.errorType == "UnauthorizedException")
            #expect(details.graphQLErrors?.first?.message == "You are not authorized to make this call.")
        }
        let forged = try ModelClientHarness.client(
            harness.server,
            credentials: AWSCredentials(accessKeyId: ModelClientHarness.credentials.accessKeyId, secretAccessKey: "x"))
        do {
            _ = try await forged.query(request: .list(Vault.self, authMode: .awsIAM))
            Issue.record("a signature made with the wrong secret was accepted")
        } catch APIError.httpStatusError(let status, let details) {
            #expect(status == 401)
            #expect(details.bodyExcerpt.contains("UnauthorizedException"), "\(details.bodyExcerpt)")
        }

        // The API key is a valid credential, but Vault admits only IAM.
        let errors = harness.errors(try await harness.api.query(request: .list(Vault.self)))
        #expect(errors.first?.errorType == "Unauthorized")
        #expect(errors.first?.message == "Not Authorized to access listVaults on type Query")
        let created = try await harness.api.mutate(
            request: .create(Vault(id: "v1", contents: "gold"), authMode: .awsIAM)
        ).get()
        #expect(created.contents == "gold")
        let listed = try await harness.api.query(request: .list(Vault.self, authMode: .awsIAM)).get()
        #expect(listed.map(\.id) == ["v1"])
    }

    @Test(.timeLimit(.minutes(1))) func modelSubscriptionsReceiveEveryMutationAndFilteredOnesOnlyTheMatches()
        async throws
    {
        let harness = try await ModelClientHarness.start()
        defer { Task { await harness.stop() } }
        let filtered = GraphQLRequest<Post>(
            document: """
                subscription OnCreatePost($filter: ModelSubscriptionPostFilterInput) {
                  onCreatePost(filter: $filter) { id title rating score published status tags category createdAt updatedAt }
                }
                """,
            variables: ["filter": ["or": [["rating": ["gt": 4]], ["title": ["beginsWith": "B"]]]]],
            responseType: Post.self, decodePath: "onCreatePost")
        var all = try await Self.connected(
            harness.api.subscribe(request: .subscription(of: Post.self, type: .onCreate)))
        var some = try await Self.connected(harness.api.subscribe(request: filtered))
        var updates = try await Self.connected(
            harness.api.subscribe(request: .subscription(of: Post.self, type: .onUpdate)))
        var deletes = try await Self.connected(
            harness.api.subscribe(request: .subscription(of: Post.self, type: .onDelete)))

        let posts = [
            Post(id: "p1", title: "Apple", rating: 5), Post(id: "p2", title: "Banana", rating: 1),
            Post(id: "p3", title: "Cherry", rating: 3), Post(id: "p4", title: "Damson", rating: 4),
        ]
        try await harness.create(posts)
        var renamed = posts[2]
        renamed.title = "Cherry jam"
        _ = try await harness.api.mutate(request: .update(renamed)).get()
        _ = try await harness.api.mutate(request: .delete(posts[3])).get()

        #expect(try await Self.next(&all, count: 4).map(\.id) == ["p1", "p2", "p3", "p4"])
        #expect(try await Self.next(&some, count: 2).map(\.id) == ["p1", "p2"])
        #expect(try await Self.next(&updates, count: 1).map(\.title) == ["Cherry jam"])
        #expect(try await Self.next(&deletes, count: 1).map(\.id) == ["p4"])
        // Nothing else matched the filter: the next create that does is the next event.
        try await harness.create([Post(id: "p5", title: "Elder", rating: 2), Post(id: "p6", title: "Fig", rating: 9)])
        #expect(try await Self.next(&some, count: 1).map(\.id) == ["p6"])
    }

    typealias Events = SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<Post>>.AsyncIterator

    /// The iterator of `sequence` once its connection is up.
    static func connected(_ sequence: SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<Post>>) async throws
        -> Events
    {
        var events = sequence.makeAsyncIterator()
        while let event = try await events.next() {
            if case .connection(.connected) = event { return events }
        }
        throw SubscriptionEndedError()
    }

    /// The next `count` results.
    static func next(_ events: inout Events, count: Int) async throws -> [Post] {
        var posts: [Post] = []
        while posts.count < count, let event = try await events.next() {
            if case .data(let result) = event { posts.append(try result.get()) }
        }
        guard posts.count == count else { throw SubscriptionEndedError() }
        return posts
    }

    struct SubscriptionEndedError: Error {}
}
