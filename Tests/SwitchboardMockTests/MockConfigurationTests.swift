import Foundation
import Switchboard
import Testing

@testable import SwitchboardMock

struct MockConfigurationTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sb-mock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func yamlFileServesEveryBodyKind() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"from": "file"}"#.utf8).write(to: directory.appendingPathComponent("answer.json"))
        let yaml = """
            graphQL:
              - operations: getTodo
                response:
                  headers: {X-Mock: yes}
                  body:
                    json: {data: {getTodo: {id: "{{variables.id}}", name: Todo}}}
              - method: POST
                operations: [broken]
                response:
                  body:
                    json:
                      errors:
                        - message: boom
            http:
              - path: /file
                response: {body: {file: answer.json}}
              - method: post
                path: /echo/:name
                response:
                  status: 201
                  delay: 10ms
                  body:
                    template: |
                      {"hello": "{{params.name}}"}
              - path: /text
                response: {body: {text: plain words}}
            """
        let file = directory.appendingPathComponent("mock.yaml")
        try Data(yaml.utf8).write(to: file)
        let server = try await MockServer(endpoints: try MockConfiguration.load(from: file))
        defer { Task { await server.stop() } }

        let todo = try await MockServerTests.graphQL(
            server, "query getTodo($id: ID!) { getTodo(id: $id) { id name } }", variables: ["id": "t1"])
        #expect(todo.json == ["data": ["getTodo": ["id": "t1", "name": "Todo"]]])
        #expect(todo.headers["x-mock"] == "yes")
        #expect(
            try await MockServerTests.graphQL(server, "query broken { b }").json == ["errors": [["message": "boom"]]])
        #expect(
            try await MockServerTests.send("GET", server.url.appendingPathComponent("file")).json == ["from": "file"])
        let echo = try await MockServerTests.send("POST", server.url.appendingPathComponent("echo/ada"), body: "{}")
        #expect(echo.status == 201)
        #expect(echo.json == ["hello": "ada"])
        #expect(try await MockServerTests.send("GET", server.url.appendingPathComponent("text")).text == "plain words")
    }

    @Test func directoriesLoadEveryConfigFileInNameOrder() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("http:\n  - path: /b\n".utf8).write(to: directory.appendingPathComponent("b.yml"))
        try Data(#"{"http": [{"path": "/a"}]}"#.utf8).write(to: directory.appendingPathComponent("a.json"))
        try Data("ignored".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        let endpoints = try MockConfiguration.load(from: directory)
        #expect(endpoints.map(\.label) == ["GET /a", "GET /b"])
    }

    static let invalid: [(String, String)] = [
        ("graphQL: [{operations: a}]\nextra: 1\n", "mock.yaml:2:8: extra: unknown key \"extra\""),
        ("graphQL:\n  - response: {}\n", "mock.yaml:2:5: graphQL[0]: a GraphQL endpoint needs operations or query"),
        ("graphQL:\n  - operations: a\n    method: PUT\n", "mock.yaml:3:13: graphQL[0].method: unknown method \"PUT\""),
        ("http:\n  - path: nope\n", "mock.yaml:2:11: http[0].path: a path starts with /"),
        (
            "http:\n  - path: /x\n    response: {status: 999}\n",
            "mock.yaml:3:24: http[0].response.status: expected an integer from 100 to 599"
        ),
        ("http:\n  - path: /x\n    response: {delay: soon}\n", "http[0].response.delay: expected a delay"),
        (
            "http:\n  - path: /x\n    response: {body: {json: 1, text: a}}\n",
            "http[0].response.body: a body has exactly one of"
        ),
        ("http:\n  - path: /x\n    response: {body: {file: missing.json}}\n", "http[0].response.body.file: the file"),
        ("http: /x\n", "mock.yaml:1:7: http: expected an endpoint mapping or a list of endpoints"),
        ("http:\n  - path: /x\n  bad\n", "mock.yaml:3:3:"),
    ]

    @Test(arguments: invalid)
    func invalidConfigurationsNameFileLineColumnAndPath(text: String, expected: String) {
        #expect {
            _ = try MockConfiguration.parse(
                text, file: "mock.yaml", baseDirectory: FileManager.default.temporaryDirectory)
        } throws: { error in
            "\(error)".contains(expected)
        }
    }

    @Test func missingFileIsAnError() {
        #expect(throws: MockConfigurationError.self) {
            _ = try MockConfiguration.load(from: URL(fileURLWithPath: "/nonexistent/mock.yaml"))
        }
    }
}
