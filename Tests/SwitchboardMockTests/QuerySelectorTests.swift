import Foundation
import SwitchboardMock
import Testing

/// GraphQL endpoints chosen by a query selector (subset matching of documents).
@Suite struct QuerySelectorTests {
    static let heroes = GraphQLEndpoint(
        .POST, .query("query jediHeros { hero { name } }"), response: .graphQL(data: ["hero": ["name": "Luke"]]))

    @Test func aSupersetOfTheSelectorMatchesInAnyOrder() async throws {
        let server = try await MockServer(endpoints: [Self.heroes])
        defer { Task { await server.stop() } }
        let reply = try await MockServerTests.graphQL(
            server, "query jediHeros { hero { id friends { name } name } droid(id: 1) { name } }")
        #expect(reply.status == 200)
        #expect(reply.json == ["data": ["hero": ["name": "Luke"]]])
    }

    @Test func aMissingFieldIsExplainedWithItsPath() async throws {
        let server = try await MockServer(endpoints: [Self.heroes])
        defer { Task { await server.stop() } }
        let reply = try await MockServerTests.graphQL(server, "query jediHeros { hero { id } }")
        #expect(reply.status == 404)
        #expect(reply.text.contains("query(query jediHeros { hero { name } })"), "\(reply.text)")
        #expect(reply.text.contains("name"), "\(reply.text)")
    }

    @Test func argumentsTheSelectorGivesMustBeEqual() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(
                .POST, .query(#"query { hero(episode: EMPIRE) { name } }"#), response: .graphQL(data: ["hit": true]))
        ])
        defer { Task { await server.stop() } }
        #expect(try await MockServerTests.graphQL(server, "query Any { hero(episode: EMPIRE) { name id } }").status == 200)
        #expect(try await MockServerTests.graphQL(server, "query Any { hero(episode: JEDI) { name } }").status == 404)
    }

    @Test func configurationFilesAcceptQuerySelectorsAndRejectBadOnes() async throws {
        let endpoints = try MockConfiguration.parse(
            """
            graphQL:
              - query: "query jediHeros { hero { name } }"
                response: {body: {json: {data: {hero: {name: Leia}}}}}
            """, file: "mock.yaml", baseDirectory: URL(fileURLWithPath: "/"))
        let server = try await MockServer(endpoints: endpoints)
        defer { Task { await server.stop() } }
        let reply = try await MockServerTests.graphQL(server, "query jediHeros { hero { name id } }")
        #expect(reply.json == ["data": ["hero": ["name": "Leia"]]])

        #expect(throws: MockConfigurationError.self) {
            try MockConfiguration.parse(
                "graphQL:\n  - query: \"query { hero { \"\n    response: {}\n", file: "bad.yaml",
                baseDirectory: URL(fileURLWithPath: "/"))
        }
    }
}
