import Foundation
import Switchboard
import Testing

@testable import SwitchboardMock

/// Every shape a mock configuration file may take, served over real sockets.
struct ConfigurationShapesTests {
    static func directory(with files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sb-shapes-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func seedYAMLServesAGETGraphQLRequest() async throws {
        let endpoints = try MockConfiguration.parse(
            """
            graphQL:
              method: get
              operations: getConfig
              response:
                status: 200
                body:
                  json:
                    featureFlag: true
            """, file: "seed.yaml", baseDirectory: URL(fileURLWithPath: "/"))
        let server = try await MockServer(endpoints: endpoints)
        defer { Task { await server.stop() } }
        let reply = try await MockResponseTests.getGraphQL(server, "query getConfig { featureFlag }")
        #expect(reply.status == 200)
        #expect(reply.text == #"{"featureFlag":true}"#)
    }

    static let everyShape: [String: String] = [
        // A list of endpoint items and included files.
        "mock.yaml": """
        - graphQL:
            method: get
            operations: getConfig
            response:
              body:
                json: {featureFlag: true}
        - graphQL:
            operation: getGreeting
          response:
            status: 200
            headers: ~
            body:
              text: Hello world!
        - graphQL:
            query: "query { hero { name } }"
          response:
            body:
              template: '{"hero": "{{variables.episode}}"}'
        - graphQL:
            operations: [getUser, getSettings]
            response:
              headers: {X-Mock: yes}
              delay: 10ms
              body:
                json: {data: {user: {id: "{{variables.id}}"}}}
        - graphQL:
            - operations: createTodo
              response: {body: {json: {data: {createTodo: {id: "1"}}}}}
        - http:
            api: POST /created/text
          response:
            status: 201
            headers: ~
            body:
              text: Created!
        - http:
            method: get
            path: /file
            response:
              body:
                file: answer.json
        - http:
            - api: delete /items/:id
              response: {status: 204}
        - TestConfig/get-config.yml
        - TestConfig/more.yml
        """,
        "answer.json": #"{"from": "answer.json"}"#,
        // One endpoint: the whole file, its response beside it.
        "TestConfig/get-config.yml": """
        http:
          api: get /app/config
        response:
          status: 200
          body:
            json: {version: 1, featureFlag: true}
        """,
        // A list that includes a file relative to itself.
        "TestConfig/more.yml": """
        - http: {api: get /more}
          response: {body: {text: more}}
        - nested/sections.yaml
        """,
        // Today's sectioned form.
        "TestConfig/nested/sections.yaml": """
        graphQL:
          - operations: [listTodos]
            response: {body: {file: todos.json}}
        http:
          - method: PUT
            path: /sections/:id
            response: {body: {json: {id: "{{params.id}}"}}}
        subscription:
          - operation: onTick
            events: [{data: {onTick: {n: 1}}}]
        """,
        "TestConfig/nested/todos.json": #"{"data": {"listTodos": {"items": []}}}"#,
    ]

    @Test func oneFileUsingEveryShapeAndItsIncludesServesTheRightResponses() async throws {
        let directory = try Self.directory(with: Self.everyShape)
        defer { try? FileManager.default.removeItem(at: directory) }
        let endpoints = try MockConfiguration.load(from: directory.appendingPathComponent("mock.yaml"))
        #expect(
            endpoints.map(\.label) == [
                "GraphQL GET operations(getConfig)", "GraphQL POST operations(getGreeting)",
                "GraphQL POST query(query { hero { name } })", "GraphQL POST operations(getUser, getSettings)",
                "GraphQL POST operations(createTodo)", "POST /created/text", "GET /file", "DELETE /items/:id",
                "GET /app/config", "GET /more", "GraphQL POST operations(listTodos)", "PUT /sections/:id",
                "subscription operations(onTick)",
            ])
        let server = try await MockServer(endpoints: endpoints)
        defer { Task { await server.stop() } }

        let config = try await MockResponseTests.getGraphQL(server, "query getConfig { featureFlag }")
        #expect(config.text == #"{"featureFlag":true}"#)
        let greeting = try await MockServerTests.graphQL(server, "query getGreeting { hello }")
        #expect(greeting.text == "Hello world!")
        let hero = try await MockServerTests.graphQL(
            server, "query Heroes($episode: String) { hero(episode: $episode) { name id } }",
            variables: ["episode": "JEDI"])
        #expect(hero.json == ["hero": "JEDI"])
        let user = try await MockServerTests.graphQL(
            server, "query getUser($id: ID) { u } query getSettings { s }", variables: ["id": "u1"],
            operationName: "getUser")
        #expect(user.json == ["data": ["user": ["id": "u1"]]])
        #expect(user.headers["x-mock"] == "yes")
        let todo = try await MockServerTests.graphQL(server, "mutation createTodo { createTodo { id } }")
        #expect(todo.json == ["data": ["createTodo": ["id": "1"]]])
        let todos = try await MockServerTests.graphQL(server, "query listTodos { listTodos { items { id } } }")
        #expect(todos.json == ["data": ["listTodos": ["items": []]]])

        let created = try await MockServerTests.send(
            "POST", server.url.appendingPathComponent("created/text"), body: "x")
        #expect(created.status == 201)
        #expect(created.text == "Created!")
        let file = try await MockServerTests.send("GET", server.url.appendingPathComponent("file"))
        #expect(file.json == ["from": "answer.json"])
        let deleted = try await MockServerTests.send("DELETE", server.url.appendingPathComponent("items/7"))
        #expect(deleted.status == 204)
        let appConfig = try await MockServerTests.send("GET", server.url.appendingPathComponent("app/config"))
        #expect(appConfig.json == ["version": 1, "featureFlag": true])
        #expect(try await MockServerTests.send("GET", server.url.appendingPathComponent("more")).text == "more")
        let section = try await MockServerTests.send(
            "PUT", server.url.appendingPathComponent("sections/s9"), body: "{}")
        #expect(section.json == ["id": "s9"])
    }

    static let invalid: [(String, String)] = [
        (
            "graphQL:\n  method: get\n  operations: getConfig\n  reponse: {}\n",
            "mock.yaml:4:12: graphQL.reponse: unknown key \"reponse\" "
                + "(expected one of headers, method, operation, operations, query, response)"
        ),
        (
            "- http: {api: get /x}\n  respons: {}\n",
            "mock.yaml:2:12: [0].respons: unknown key \"respons\" "
                + "(expected one of graphQL, http, response, subscription)"
        ),
        (
            "- http:\n    api: get /x\n    paths: /y\n",
            "mock.yaml:3:12: [0].http.paths: unknown key \"paths\" "
                + "(expected one of api, headers, method, path, response)"
        ),
        (
            "http: {api: get /x}\nresponse: {stauts: 200}\n",
            "mock.yaml:2:20: response.stauts: unknown key \"stauts\" (expected one of body, delay, headers, status)"
        ),
        (
            "http: {api: get /x}\nresponse: {body: {jsn: {}}}\n",
            "mock.yaml:2:24: response.body.jsn: unknown key \"jsn\" "
                + "(expected one of contentType, file, json, template, text)"
        ),
        (
            "- graphQL:\n    operations: a\n    response: {status: 200}\n  response: {status: 201}\n",
            "mock.yaml:4:13: [0].response: the response is given twice, here and at [0].graphQL.response (3:15); "
                + "keep one"
        ),
        (
            "graphQL: [{operations: a}]\nresponse: {status: 201}\n",
            "mock.yaml:2:11: response: graphQL is a list of endpoints here: give each its own response inside it"
        ),
        (
            "graphQL: {operations: a}\nhttp: {path: /x}\nresponse: {}\n",
            "mock.yaml:3:11: response: a response beside the endpoint belongs to a single graphQL or http endpoint, "
                + "but this item has graphQL and http"
        ),
        (
            "subscription: {operations: onX}\nresponse: {}\n",
            "mock.yaml:2:11: response: a subscription endpoint answers with its events, not a response"
        ),
        ("http: {api: get}\n", "mock.yaml:1:13: http.api: expected a method and a path, e.g. \"get /config\""),
        (
            "http: {api: fetch /x}\n",
            "mock.yaml:1:13: http.api: unknown method \"fetch\" "
                + "(expected one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS)"
        ),
        ("http: {api: get x}\n", "mock.yaml:1:13: http.api: a path starts with /"),
        (
            "http: {api: get /x, path: /y}\n",
            "mock.yaml:1:13: http.api: use either api (\"get /path\") or method and path, not both"
        ),
        (
            "graphQL: {operations: a, operation: b}\n",
            "mock.yaml:1:37: graphQL.operation: use one of operations, operation or query, not both operations "
                + "and operation"
        ),
        ("response: {status: 200}\n", "mock.yaml:1:1: an endpoint needs graphQL, http or subscription"),
        ("graphQL: getConfig\n", "mock.yaml:1:10: graphQL: expected an endpoint mapping or a list of endpoints"),
        ("- [a]\n", "mock.yaml:1:3: [0]: expected an endpoint mapping or the path of a file to include"),
        ("- ~\n", "mock.yaml:1:3: [0]: expected an endpoint mapping or the path of a file to include"),
        (
            "just text\n",
            "mock.yaml:1:1: expected an endpoint (a mapping with graphQL, http or subscription) or a list of endpoints"
        ),
        (
            "http: {api: get /x, headers: [a]}\n",
            "mock.yaml:1:30: http.headers: expected a mapping of header names to values, or ~ for none"
        ),
    ]

    @Test(arguments: invalid)
    func invalidShapesAreExactErrorsWithLineColumnAndValidKeys(text: String, expected: String) {
        #expect {
            _ = try MockConfiguration.parse(text, file: "mock.yaml", baseDirectory: URL(fileURLWithPath: "/"))
        } throws: { error in
            if "\(error)" != expected { Issue.record("got: \(error)") }
            return "\(error)" == expected
        }
    }
}
