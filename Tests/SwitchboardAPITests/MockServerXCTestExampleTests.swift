import SwitchboardAPI
import SwitchboardMock
import XCTest

/// The *Mock server* article's XCTest example, so that it keeps passing.
final class TodoScreenTests: XCTestCase {
    struct Todo: Codable, Sendable {
        let id: String
        let name: String
    }

    func testLoadsATodo() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(
                .POST, .operations("getTodo"),
                response: .graphQL(data: ["getTodo": ["id": "{{variables.id}}", "name": "Milk"]])),
            HTTPEndpoint(.GET, "/config/:id", response: .json(["id": "{{params.id}}"])),
        ])
        defer { Task { await server.stop() } }

        let plugin = try APIPlugin()
        try plugin.configure(
            APICategoryConfiguration(endpoints: [
                APIEndpointConfiguration(
                    name: "todo", endpointType: .graphQL, endpoint: server.graphQLURL,
                    authorizationType: .apiKey, apiKey: "test-key")
            ]))
        let todo = try await plugin.query(
            request: GraphQLRequest(
                document: "query getTodo($id: ID!) { getTodo(id: $id) { id name } }",
                variables: ["id": "t1"], responseType: Todo.self, decodePath: "getTodo")
        ).get()
        XCTAssertEqual(todo.name, "Milk")
        XCTAssertEqual(server.receivedRequests.count, 1)
    }
}
