import Foundation
import Switchboard
import SwitchboardNet
import Testing

@testable import SwitchboardMock

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The mock server over real HTTP on 127.0.0.1.
struct MockServerTests {
    struct Reply {
        let status: Int
        let headers: [String: String]
        let text: String
        var json: JSONValue? { try? JSONValue(parsing: Data(text.utf8)) }
    }

    static func send(
        _ method: String, _ url: URL, body: String? = nil, contentType: String = "application/json",
        headers: [String: String] = [:]
    ) async throws -> Reply {
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return Reply(status: http?.statusCode ?? 0, headers: fields, text: String(decoding: data, as: UTF8.self))
    }

    static func graphQL(_ server: MockServer, _ query: String, variables: JSONValue = [:], operationName: String? = nil)
        async throws -> Reply
    {
        var body: [String: JSONValue] = ["query": .string(query), "variables": variables]
        if let operationName { body["operationName"] = .string(operationName) }
        return try await send("POST", server.graphQLURL, body: JSONValue.object(body).jsonText)
    }

    @Test func operationSelectorsMatchWhenEveryNameIsPresent() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .operations("getConfig", "getUser"), response: .graphQL(data: ["both": true])),
            GraphQLEndpoint(
                .POST, .operations("getConfig"), response: .graphQL(data: ["config": ["id": "{{variables.id}}"]])),
        ])
        defer { Task { await server.stop() } }
        let both = try await Self.graphQL(server, "query getUser { u } query getConfig { c } query extra { e }")
        #expect(both.json == ["data": ["both": true]])
        let one = try await Self.graphQL(server, "query getConfig($id: ID) { c }", variables: ["id": 7])
        #expect(one.json == ["data": ["config": ["id": 7]]])
        let none = try await Self.graphQL(server, "query other { o }")
        #expect(none.status == 404)
        #expect(none.headers["x-mock-unmatched"] == "true")
        #expect(
            none.text.contains(
                "1. GraphQL POST operations(getConfig, getUser): operation \"getConfig\", \"getUser\" not in the request (it has: other)"
            ))
        #expect(none.text.contains("GraphQL document: query other { o }"))
    }

    @Test func graphQLOverGETAndApplicationGraphQL() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(
                .GET, .operations("heroes"), response: .graphQL(data: ["via": "GET {{variables.episode}}"])),
            GraphQLEndpoint(.POST, .operations("heroes"), response: .graphQL(data: ["via": "POST"])),
        ])
        defer { Task { await server.stop() } }
        var components = URLComponents(url: server.graphQLURL, resolvingAgainstBaseURL: false)!
        components.queryItems = [
            .init(name: "query", value: "query heroes { hero { name } }"),
            .init(name: "operationName", value: "heroes"),
            .init(name: "variables", value: #"{"episode":"JEDI"}"#),
        ]
        let get = try await Self.send("GET", components.url!)
        #expect(get.json == ["data": ["via": "GET JEDI"]])
        let raw = try await Self.send(
            "POST", server.graphQLURL, body: "query heroes { hero { name } }", contentType: "application/graphql")
        #expect(raw.json == ["data": ["via": "POST"]])
    }

    @Test func methodMustMatchAndFirstMatchWins() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(.GET, .operations("a"), response: .graphQL(data: ["n": 1])),
            GraphQLEndpoint(.POST, .operations("a"), response: .graphQL(data: ["n": 2])),
            GraphQLEndpoint(.POST, .operations("a"), response: .graphQL(data: ["n": 3])),
        ])
        defer { Task { await server.stop() } }
        #expect(try await Self.graphQL(server, "query a { x }").json == ["data": ["n": 2]])
    }

    @Test func restEndpointsCapturePathParametersAndFillTemplates() async throws {
        let server = try await MockServer(endpoints: [
            HTTPEndpoint(
                .GET, "/config/:id",
                response: MockResponse(
                    body: .template(#"{"id":"{{params.id}}","key":"{{headers.x-api-key}}","page":{{query.page}}}"#))),
            HTTPEndpoint(.DELETE, "/files/*", response: MockResponse(status: 204)),
        ])
        defer { Task { await server.stop() } }
        let reply = try await Self.send(
            "GET",
            server.url.appendingPathComponent("config/abc").appending(queryItems: [.init(name: "page", value: "3")]),
            headers: ["x-api-key": "k1"])
        #expect(reply.json == ["id": "abc", "key": "k1", "page": 3])
        #expect(reply.headers["content-type"] == "application/json")
        let deleted = try await Self.send("DELETE", server.url.appendingPathComponent("files/a/b/c"))
        #expect(deleted.status == 204)
        let wrong = try await Self.send("POST", server.url.appendingPathComponent("config/abc"), body: "{}")
        #expect(wrong.status == 404)
        #expect(wrong.text.contains("1. GET /config/:id: method is POST, expected GET"))
        #expect(wrong.text.contains("2. DELETE /files/*: method is POST, expected DELETE"))
    }

    @Test func requiredHeadersMustBePresent() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(
                .POST, .operations("me"), requiredHeaders: ["x-client": "demo", "authorization": "*"],
                response: .graphQL(data: ["me": "ok"]))
        ])
        defer { Task { await server.stop() } }
        let bare = try await Self.graphQL(server, "query me { me }")
        #expect(bare.status == 404)
        #expect(bare.text.contains("header authorization is missing"))
        let wrong = try await Self.send(
            "POST", server.graphQLURL, body: #"{"query":"query me { me }"}"#,
            headers: ["x-client": "other", "Authorization": "t"])
        #expect(wrong.text.contains("header x-client has a different value"))
        #expect(!wrong.text.contains("demo"))
        let right = try await Self.send(
            "POST", server.graphQLURL, body: #"{"query":"query me { me }"}"#,
            headers: ["x-client": "demo", "Authorization": "t"])
        #expect(right.json == ["data": ["me": "ok"]])
    }

    @Test func templateErrorsAreExplainedNotSilent() async throws {
        let server = try await MockServer(endpoints: [
            HTTPEndpoint(.GET, "/t", response: MockResponse(body: .template("{{variables.missing}}"))),
            HTTPEndpoint(.GET, "/u", response: MockResponse(body: .template("{{nonsense.x}}"))),
        ])
        defer { Task { await server.stop() } }
        let missing = try await Self.send("GET", server.url.appendingPathComponent("t"))
        #expect(missing.status == 500)
        #expect(missing.text.contains("the request has no value for {{variables.missing}}"))
        let unknown = try await Self.send("GET", server.url.appendingPathComponent("u"))
        #expect(unknown.text.contains("unknown placeholder {{nonsense.x}}"))
    }

    @Test func delaysAreApplied() async throws {
        let server = try await MockServer(endpoints: [
            HTTPEndpoint(.GET, "/slow", response: MockResponse(body: .text("late"), delay: .milliseconds(300)))
        ])
        defer { Task { await server.stop() } }
        let start = ContinuousClock.now
        let reply = try await Self.send("GET", server.url.appendingPathComponent("slow"))
        #expect(reply.text == "late")
        // A lower bound only: the delay must have been waited, however slow the machine is.
        #expect(ContinuousClock.now - start >= .milliseconds(300))
    }

    @Test func endpointsCanBeAddedWhileRunningAndServersRunInParallel() async throws {
        let first = try await MockServer()
        let second = try await MockServer()
        defer {
            Task {
                await first.stop()
                await second.stop()
            }
        }
        #expect(first.port != second.port)
        #expect(try await Self.send("GET", first.url.appendingPathComponent("late")).status == 404)
        first.add(HTTPEndpoint(.GET, "/late", response: .text("added")))
        #expect(try await Self.send("GET", first.url.appendingPathComponent("late")).text == "added")
        let empty = try await Self.send("GET", second.url.appendingPathComponent("late"))
        #expect(empty.text.contains("The server has no endpoints."))
        #expect(first.receivedRequests.count == 2)
    }

    @Test func nonGraphQLBodiesAreExplained() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .operations("a"), response: .graphQL(data: ["a": 1]))
        ])
        defer { Task { await server.stop() } }
        let reply = try await Self.send("POST", server.graphQLURL, body: #"{"nope": 1}"#)
        #expect(reply.status == 404)
        #expect(reply.text.contains("not a GraphQL request: the JSON body has no string \"query\""))
        let broken = try await Self.graphQL(server, "query a {")
        #expect(broken.text.contains("the document does not parse"))
    }
}
