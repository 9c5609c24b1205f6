import Foundation
import Switchboard
import Testing

/// Variables written the way Amplify's documentation writes them: `[String: Any]`.
@Suite struct AnyVariablesTests {
    struct Todo: Codable, Sendable { let id: String }
    struct CreateTodoInput: Encodable {
        let id: String
        let name: String
        let description: String?
    }

    private func body(_ request: GraphQLRequest<Todo>) throws -> JSONValue {
        try JSONValue(parsing: request.encodedBody())
    }

    @Test func dictionaryLiteralsOfMixedValuesBecomeJSON() throws {
        let name = "Milk"
        let description: String? = nil
        let priority = 3
        let request = GraphQLRequest<Todo>(
            document: "mutation M($input: CreateTodoInput!) { createTodo(input: $input) { id } }",
            variables: [
                "input": ["name": name, "description": description as Any, "priority": priority, "done": false]
            ],
            responseType: Todo.self)
        #expect(
            try body(request)["variables"]
                == ["input": ["name": "Milk", "description": nil, "priority": 3, "done": false]])
    }

    @Test func jsonSerializationObjectsKeepBooleansAndNumbersApart() throws {
        let input = CreateTodoInput(id: "t1", name: "Milk", description: nil)
        let data = try JSONEncoder().encode(input)
        let jsonObject = try JSONSerialization.jsonObject(with: data, options: [])
        let flags = try JSONSerialization.jsonObject(
            with: Data(#"{"on": true, "one": 1, "half": 0.5, "no": null}"#.utf8))
        let request = GraphQLRequest<Todo>(
            document: "q", variables: ["input": jsonObject, "flags": flags], responseType: Todo.self)
        #expect(try body(request)["variables"]?["input"] == ["id": "t1", "name": "Milk"])
        #expect(try body(request)["variables"]?["flags"] == ["on": true, "one": 1, "half": 0.5, "no": nil])
    }

    @Test func encodableValuesInsideAnyAreEncoded() throws {
        let input = CreateTodoInput(id: "t2", name: "Eggs", description: "dozen")
        let request = GraphQLRequest<Todo>(
            document: "q", variables: ["input": input, "tags": ["a", "b"], "url": URL(string: "https://x.test/a")!],
            responseType: Todo.self)
        #expect(
            try body(request)["variables"]
                == [
                    "input": ["id": "t2", "name": "Eggs", "description": "dozen"], "tags": ["a", "b"],
                    "url": "https://x.test/a",
                ])
    }

    @Test func aValueThatIsNotJSONFailsBeforeSendingAndNamesItsKeyPath() {
        final class Opaque {}
        let cases: [([String: Any], String)] = [
            (["input": ["due": Date()]], "input.due (Date)"),
            (["input": ["tags": ["a", Opaque()]]], "input.tags[1] (Opaque)"),
            (["ratio": Double.nan], "ratio (Double)"),
            (["big": Int64(1) << 60], "big (Int64)"),
        ]
        for (variables, expected) in cases {
            let request = GraphQLRequest<Todo>(document: "q", variables: variables, responseType: Todo.self)
            #expect(request.variables == nil)
            do {
                _ = try request.encodedBody()
                Issue.record("expected an error for \(expected)")
            } catch {
                #expect("\(error)".contains("the value at \(expected) cannot be sent as JSON"), "\(error)")
            }
        }
    }

    @Test func typedVariablesStillWork() throws {
        let json: [String: JSONValue] = ["id": "1"]
        let typed = GraphQLRequest<Todo>(document: "q", variables: json, responseType: Todo.self)
        #expect(typed.variables == ["id": "1"])
        let none = GraphQLRequest<Todo>(document: "q", responseType: Todo.self)
        let explicitNil = GraphQLRequest<Todo>(document: "q", variables: nil, responseType: Todo.self)
        #expect(explicitNil.variables == nil)
        #expect(none.variables == nil)
    }

    @Test func jsonObjectConversionIsPublic() throws {
        #expect(try JSONValue(jsonObject: ["a": [1, "b", nil] as [Any?]]) == ["a": [1, "b", nil]])
        #expect(throws: JSONValueConversionError.self) { try JSONValue(jsonObject: Float.infinity) }
    }
}
