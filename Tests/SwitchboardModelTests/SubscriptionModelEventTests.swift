import Foundation
import SwitchboardAPI
import SwitchboardMock
import Testing

/// Models delivered by a subscription: their lists and references load through the plugin that
/// runs the subscription, like the models of a query.
@Suite struct SubscriptionModelEventTests {
    @Test func aListInASubscriptionEventLoadsThroughTheSubscribingPlugin() async throws {
        let event: JSONValue = [
            "onCreatePost": [
                "id": "p1", "title": "Live", "status": "DRAFT", "blog": ["id": "b1", "__typename": "Blog"],
                "__typename": "Post",
            ]
        ]
        let comments: JSONValue = [
            "listComments": [
                "items": [["id": "c1", "content": "first", "post": ["id": "p1"], "__typename": "Comment"]],
                "nextToken": nil,
            ]
        ]
        let server = try await MockServer(endpoints: [
            SubscriptionEndpoint(.operations("OnCreatePost"), events: [.data(event), .data(event)]),
            GraphQLEndpoint(.POST, .operations("ListComments"), response: .graphQL(data: comments)),
        ])
        defer { Task { await server.stop() } }
        let configuration = """
            {"api":{"plugins":{"awsAPIPlugin":{"live":{"endpointType":"GraphQL",
            "endpoint":"\(server.graphQLURL.absoluteString)","region":"us-east-1",
            "authorizationType":"API_KEY","apiKey":"da2-livekey"}}}}}
            """
        let plugin = try APIPlugin()
        try plugin.configure(using: SwitchboardConfiguration(data: Data(configuration.utf8)))

        // Two events: the first may decode the general way (the first decode of a type), the
        // second from a marked body; both must load the same way.
        var posts: [Post] = []
        for try await event in plugin.subscribe(request: .subscription(of: Post.self, type: .onCreate)) {
            guard case .data(let result) = event else { continue }
            posts.append(try result.get())
            if posts.count == 2 { break }
        }
        for post in posts {
            let list = try #require(post.comments)
            #expect(!list.isLoaded)
            try await list.fetch()
            #expect(list.map(\.content) == ["first"])
            #expect(post._blog.identifiers == [LazyReferenceIdentifier(name: "id", value: "b1")])
        }
    }
}
