import Foundation
import SwitchboardMock
import Testing

/// The Swift spellings of responses, imported the way an app's test imports the mock: this file
/// sees only `SwitchboardMock`.
struct MockResponseTests {
    /// A GET GraphQL request for `document`, as a client sends it.
    static func getGraphQL(_ server: MockServer, _ document: String) async throws -> MockServerTests.Reply {
        var components = URLComponents(url: server.graphQLURL, resolvingAgainstBaseURL: false)
        components?.queryItems = [.init(name: "query", value: document)]
        let url = try #require(components?.url)
        return try await MockServerTests.send("GET", url)
    }

    @Test func seedSwiftEndpointServesAGETGraphQLRequest() async throws {
        let server = try await MockServer(endpoints: [
            // The seed's line, as written.
            GraphQLEndpoint(.GET, .operations("getConfig"), response: .ok(body: .json(["featureFlag": true])))
        ])
        defer { Task { await server.stop() } }
        let reply = try await Self.getGraphQL(server, "query getConfig { featureFlag }")
        #expect(reply.status == 200)
        #expect(reply.text == #"{"featureFlag":true}"#)
        #expect(reply.headers["content-type"] == "application/json")
        // The endpoint answers GET only.
        #expect(try await MockServerTests.graphQL(server, "query getConfig { featureFlag }").status == 404)
    }

    @Test func mixedDictionaryLiteralsAreJSONBodies() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(
                .POST, .operations("mixed"),
                response: .ok(body: .json(["a": 1, "b": "x", "c": [true, nil], "d": ["e": 2.5]]))),
            HTTPEndpoint(
                .POST, "/todos", response: .created(body: .json(["id": "t1"]), headers: ["Location": "/todos/t1"])),
            HTTPEndpoint(.GET, "/gone", response: .notFound(body: .text("gone"))),
        ])
        defer { Task { await server.stop() } }
        let mixed = try await MockServerTests.graphQL(server, "query mixed { m }")
        #expect(mixed.json == ["a": 1, "b": "x", "c": [true, nil], "d": ["e": 2.5]])
        let created = try await MockServerTests.send("POST", server.url.appendingPathComponent("todos"), body: "{}")
        #expect(created.status == 201)
        #expect(created.headers["location"] == "/todos/t1")
        #expect(created.json == ["id": "t1"])
        let gone = try await MockServerTests.send("GET", server.url.appendingPathComponent("gone"))
        #expect(gone.status == 404)
        #expect(gone.text == "gone")
        #expect(gone.headers["x-mock-unmatched"] == nil)
    }
}
