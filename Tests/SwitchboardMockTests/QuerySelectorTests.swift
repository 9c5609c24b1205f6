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
        #expect(
            try await MockServerTests.graphQL(server, "query Any { hero(episode: EMPIRE) { name id } }").status == 200)
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

    @Test func anonymousSelectorsAliasesAndFragments() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .query("{ luke: hero(id: 1) { name } }"), response: .graphQL(data: ["alias": true])),
            GraphQLEndpoint(
                .POST, .query("query { hero { ...HeroName } } fragment HeroName on Character { name }"),
                response: .graphQL(data: ["fragment": true])),
        ])
        defer { Task { await server.stop() } }
        // An anonymous selector operation matches a named incoming one; the alias must be there.
        let aliased = try await MockServerTests.graphQL(server, "query Named { luke: hero(id: 1) { name id } }")
        #expect(aliased.json == ["data": ["alias": true]])
        // Without the alias the first endpoint does not match; the fragment endpoint does.
        let fragment = try await MockServerTests.graphQL(
            server, "query Q { hero(id: 1) { id ...HeroName } } fragment HeroName on Character { name height }")
        #expect(fragment.json == ["data": ["fragment": true]])
        // A selector with a field the request lacks does not match, and the 404 says so.
        let missing = try await MockServerTests.graphQL(
            server, "query Q { hero { ...HeroName } } fragment HeroName on Character { height }")
        #expect(missing.status == 404)
        #expect(missing.text.contains("1. GraphQL POST query("), "\(missing.text)")
        #expect(missing.text.contains("2. GraphQL POST query("), "\(missing.text)")
    }

    @Test func omittedArgumentsAreWildcards() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(.GET, .query("query { hero { name } }"), response: .graphQL(data: ["any": true]))
        ])
        defer { Task { await server.stop() } }
        var components = URLComponents(url: server.graphQLURL, resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "query", value: "query Q { hero(episode: JEDI) { name } }")]
        let reply = try await MockServerTests.send("GET", components.url!)
        #expect(reply.json == ["data": ["any": true]])
    }
}
