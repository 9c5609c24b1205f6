import Switchboard
import SwitchboardNet
import Testing

@testable import SwitchboardMock

/// How the mock reads a GraphQL-over-HTTP request's JSON body: the query, the operation name and
/// the variables, with a clear reason for anything else.
@Suite struct GraphQLPayloadTests {
    static func read(_ body: String) -> Result<GraphQLPayload, GraphQLPayloadError> {
        GraphQLPayload.read(from: HTTPRequest(method: "POST", target: "/graphql", body: Array(body.utf8)))
    }

    @Test func queryOperationNameAndVariablesAreRead() throws {
        let payload = try Self.read(
            #"{"query":"query Get($id: ID!) { getTodo(id: $id) { id } }","operationName":"Get","extensions":{"a":[1]},"variables":{"id":"t\u00e9","n":[1,{"x":null}]}}"#
        ).get()
        #expect(payload.query == "query Get($id: ID!) { getTodo(id: $id) { id } }")
        #expect(payload.operationName == "Get")
        #expect(payload.variables == ["id": "té", "n": [1, ["x": .null]]])
    }

    @Test func absentOrNullPartsAreEmpty() throws {
        let payload = try Self.read(#"{"variables":null,"operationName":null,"query":"{ a }"}"#).get()
        #expect(payload == GraphQLPayload(query: "{ a }"))
    }

    @Test func aRepeatedMemberCountsOnceTheLastOne() throws {
        let payload = try Self.read(#"{"query":"{ a }","query":"{ b }","variables":{"x":1},"variables":{"y":2}}"#).get()
        #expect(payload.query == "{ b }")
        #expect(payload.variables == ["y": 2])
    }

    @Test(arguments: [
        (#"[1]"#, "the body is not a JSON object with a query"),
        (#"{"query":"{ a }""#, "the body is not a JSON object with a query"),
        (#"{"nope":1}"#, #"the JSON body has no string "query""#),
        (#"{"query":1}"#, #"the JSON body has no string "query""#),
        (#"{"query":"{ a }","variables":[1]}"#, #""variables" is not a JSON object"#),
    ])
    func malformedBodiesAreExplained(body: String, reason: String) {
        #expect(throws: GraphQLPayloadError(reason)) { try Self.read(body).get() }
    }
}
