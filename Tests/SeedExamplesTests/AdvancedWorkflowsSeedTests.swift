import Foundation
import SwitchboardAPI
import SwitchboardMock
import Testing

/// Every sample of the advanced-workflows seed runs against a mock AppSync endpoint, after the
/// seed's own setup sample configured Switchboard and added its interceptor.
@Suite struct AdvancedWorkflowsSeedTests {
    @Test func theSetupSampleConfiguresFromTheWorkingDirectoryAndItsInterceptorAddsTheHeader() async throws {
        let server = try await MockServer(endpoints: SeedHarness.endpoints)
        defer { Task { await server.stop() } }
        try await SeedHarness.withSeedSetup(server) {
            #expect(Switchboard.isConfigured)
            _ = try await Switchboard.API.query(request: .getWithoutDescription(byId: "t1")).get()
        }
        let request = try #require(server.receivedRequests.last)
        #expect(request.headers["headerKey"] == "headerValue")
        #expect(request.headers["x-api-key"] == "da2-seedkey")
    }

    @Test func theModelBuilderCreatesATodo() async throws {
        let server = try await MockServer(endpoints: SeedHarness.endpoints)
        defer { Task { await server.stop() } }
        try await SeedHarness.withSeedSetup(server) { try await seedCreateTodoWithTheModelBuilder() }
        let body = try #require(SeedHarness.bodies(server, operation: "createTodo").first)
        #expect(body["query"]?.stringValue?.hasPrefix("mutation CreateTodo($input: CreateTodoInput!)") == true)
        let input = try #require(body["variables"]?["input"])
        #expect(input["name"] == "my first todo")
        #expect(input["description"] == "todo description")
        #expect(input["id"]?.stringValue?.isEmpty == false)
    }

    @Test func aSubsetOfFieldsDecodesIntoTheModel() async throws {
        let server = try await MockServer(endpoints: SeedHarness.endpoints)
        defer { Task { await server.stop() } }
        try await SeedHarness.withSeedSetup(server) {
            try await seedQueryWithoutDescription()
            let todo = try await Switchboard.API.query(request: .getWithoutDescription(byId: "t42")).get()
            #expect(todo.id == "t42")
            #expect(todo.name == "my first todo")
            #expect(todo.description == nil)
        }
        #expect(SeedHarness.bodies(server, operation: "getTodo").first?["variables"] == ["id": "[UNIQUE_ID]"])
    }

    @Test func anEncodableInputSerializedThroughJSONSerializationIsSent() async throws {
        let server = try await MockServer(endpoints: SeedHarness.endpoints)
        defer { Task { await server.stop() } }
        try await SeedHarness.withSeedSetup(server) {
            let input = CreateTodoInput(id: "t7", name: "Ship it", description: nil)
            let todo = try await Switchboard.API.query(request: .createTodo(input: input)).get()
            #expect(todo.id == "t7")
            #expect(todo.name == "Ship it")
        }
        let body = try #require(SeedHarness.bodies(server, operation: "createTodo").first)
        #expect(body["variables"] == ["input": ["id": "t7", "name": "Ship it"]])
    }

    @Test func nestedCommentsDecodeAsALoadedList() async throws {
        let server = try await MockServer(endpoints: SeedHarness.endpoints)
        defer { Task { await server.stop() } }
        try await SeedHarness.withSeedSetup(server) {
            let post = try await Switchboard.API.query(request: .getPostWithComments(byId: "p1")).get()
            #expect(post.title == "Hello")
            #expect(post.status == .active)
            let comments = try #require(post.comments)
            #expect(comments.isLoaded)
            #expect(comments.map(\.content) == ["First!", "Second"])
            #expect(post.notes?.isLoaded == false)
        }
    }

    @Test func twoOperationsInOneRequestDecodeAsJSONValueAndAsACodable() async throws {
        let server = try await MockServer(endpoints: SeedHarness.endpoints)
        defer { Task { await server.stop() } }
        try await SeedHarness.withSeedSetup(server) {
            await seedCombinedOperations()
            let data = try await Switchboard.API.query(request: .get(byPostId: "p1", todoId: "t1")).get()
            let todoData = try JSONEncoder().encode(try #require(data.value(at: "getTodo")))
            #expect(try JSONDecoder().decode(Todo.self, from: todoData).name == "my first todo")

            let typed = GraphQLRequest<PostAndTodoResponse>(
                document: GraphQLRequest<JSONValue>.get(byPostId: "p2", todoId: "t2").document,
                variables: ["postId": "p2", "todoId": "t2"],
                responseType: PostAndTodoResponse.self)
            let both = try await Switchboard.API.query(request: typed).get()
            #expect(both.getPost.id == "p2")
            #expect(both.getPost.rating == 5)
            #expect(both.getTodo.id == "t2")
        }
        let body = try #require(SeedHarness.bodies(server, operation: "getPost").first)
        #expect(body["variables"] == ["postId": "[POST_ID]", "todoId": "[TODO_ID]"])
    }
}
