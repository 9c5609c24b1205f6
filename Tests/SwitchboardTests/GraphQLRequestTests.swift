import Foundation
import Switchboard
import Testing

@Suite struct GraphQLRequestTests {
    struct CreateTodoInput: Encodable {
        let id: String
        let name: String
        let description: String?
    }

    struct Todo: Codable, Sendable {
        let id: String
    }

    @Test func bodyHasQueryAndVariablesAndNoOperationName() throws {
        let request = GraphQLRequest<Todo>(
            document: "query getTodo($id: ID!) { getTodo(id: $id) { id } }",
            variables: ["id": "1"],
            responseType: Todo.self,
            decodePath: "getTodo"
        )
        let body = try JSONValue(parsing: request.encodedBody())
        #expect(body == ["query": "query getTodo($id: ID!) { getTodo(id: $id) { id } }", "variables": ["id": "1"]])
    }

    @Test func encodableVariablesAreConverted() throws {
        let id = "42"
        let fromDictionary = GraphQLRequest<Todo>(document: "q", variables: ["id": id], responseType: Todo.self)
        #expect(fromDictionary.variables == ["id": "42"])
        struct Variables: Encodable { let input: CreateTodoInput }
        let request = GraphQLRequest<Todo>(
            document: "mutation",
            variables: Variables(input: CreateTodoInput(id: "1", name: "n", description: nil)),
            responseType: Todo.self
        )
        #expect(request.variables == ["input": ["id": "1", "name": "n"]])
        #expect(request.variablesError == nil)
    }

    @Test func variablesThatAreNotAnObjectFailBeforeSending() {
        let request = GraphQLRequest<Todo>(document: "q", variables: [1, 2, 3], responseType: Todo.self)
        #expect(request.variablesError != nil)
        #expect(throws: APIError.self) { try request.encodedBody() }
    }

    @Test func operationNameIsSentWhenSet() throws {
        let request = GraphQLRequest<JSONValue>(
            document: "query A { a } query B { b }", responseType: JSONValue.self, operationName: "B")
        #expect(try JSONValue(parsing: request.encodedBody())["operationName"] == "B")
    }

    @Test func appSyncErrorFieldsMoveIntoExtensions() throws {
        let text =
            #"{"message": "Not Authorized", "path": ["getTodo"], "locations": [{"line": 1, "column": 9}], "errorType": "Unauthorized", "errorInfo": null, "data": null}"#
        let error = try JSONDecoder().decode(GraphQLError.self, from: Data(text.utf8))
        #expect(error.extensions?["errorType"] == "Unauthorized")
        #expect(error.extensions?["data"] == .null)
        #expect(error.locations == [GraphQLError.Location(line: 1, column: 9)])
        #expect(error.description == "Not Authorized (path: getTodo; at 1:9; Unauthorized)")
    }
}
