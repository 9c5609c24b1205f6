import Foundation
import SwitchboardAPI
import SwitchboardMock
import Testing

@testable import BlogClient

/// The plugin on an @model schema: the generated models drive model-based requests, and the typed
/// operation written against the deployed AppSync schema runs, both against a MockServer.
@Suite struct BlogClientTests {
    @Test func generatedModelsAndOperationsRunAgainstTheMock() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(
                .POST, .operations("CreateBlog"),
                response: .graphQL(data: [
                    "createBlog": [
                        "id": "{{variables.input.id}}", "name": "{{variables.input.name}}", "__typename": "Blog",
                    ]
                ])),
            GraphQLEndpoint(
                .POST, .operations("PostTitles"),
                response: .graphQL(data: [
                    "listPosts": [
                        "__typename": "ModelPostConnection",
                        "items": [["__typename": "Post", "id": "p1", "title": "Hello"]], "nextToken": nil,
                    ]
                ])),
        ])
        defer { Task { await server.stop() } }
        let plugin = try APIPlugin(modelRegistration: AmplifyModels())
        try plugin.configure(
            APICategoryConfiguration(endpoints: [
                APIEndpointConfiguration(
                    name: "blog", endpointType: .graphQL, endpoint: server.graphQLURL, authorizationType: .apiKey,
                    apiKey: "da2-e2e")
            ]))

        let blog = try await plugin.mutate(request: .create(Blog(name: "Engineering"))).get()
        #expect(blog.name == "Engineering")
        let titles = try await plugin.query(operation: PostTitlesQuery(limit: 10)).get()
        #expect(BlogClient.titles(of: titles) == ["Hello"])
        #expect(ModelRegistry.modelType(from: "Post") != nil)
    }
}
