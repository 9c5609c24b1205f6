import Foundation
import SwitchboardAPI
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `switchboard serve --example-schema`: the schema a new user starts from, the same as
/// Examples/Todo/schema.graphql, served with nothing else given.
@Suite struct ServeExampleSchemaTests {
    /// A todo as `listTodos` returns it.
    struct TodoName: Decodable, Sendable, Equatable {
        let id: String
        let name: String
    }

    @Test func theExampleSchemaServesTodosWithoutASchemaFile() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sb-example-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = directory.appendingPathComponent("amplifyconfiguration.json")
        let serve = try await ServeProcess.start(
            switchboard, ["--example-schema", "--port", "0", "--in-memory", "--write-config", configuration.path])
        defer { serve.process.terminate() }

        let plugin = try APIPlugin()
        try plugin.configure(using: SwitchboardConfiguration(data: Data(contentsOf: configuration)))
        let create = GraphQLRequest(
            document: "mutation Add($input: CreateTodoInput!) { createTodo(input: $input) { id name } }",
            variables: ["input": ["id": "t1", "name": "Try the example", "priority": 1, "done": false]],
            responseType: TodoName.self, decodePath: "createTodo")
        #expect(try await plugin.mutate(request: create).get() == TodoName(id: "t1", name: "Try the example"))
        let list = GraphQLRequest(
            document: "query { listTodos { items { id name } } }", responseType: [TodoName].self,
            decodePath: "listTodos.items")
        #expect(try await plugin.query(request: list).get() == [TodoName(id: "t1", name: "Try the example")])

        serve.process.send(signal: SIGINT)
        #expect(await serve.process.exitStatus() == 0)
    }

    @Test func theExampleSchemaFileIsTheServedSchema() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file = try String(
            contentsOf: root.appendingPathComponent("Examples/Todo/schema.graphql"), encoding: .utf8)
        let body = file.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("#") }
            .joined(separator: "\n")
        let served = try String(
            contentsOf: root.appendingPathComponent("Sources/switchboard/DemoSchema.swift"), encoding: .utf8)
        let sdl = served.components(separatedBy: "\"\"\"")[1].split(separator: "\n", omittingEmptySubsequences: false)
            .map {
                $0.hasPrefix("        ") ? String($0.dropFirst(8)) : String($0)
            }.joined(separator: "\n")
        #expect(
            body.trimmingCharacters(in: .whitespacesAndNewlines) == sdl.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func aSchemaAndTheExampleTogetherAreAUsageError() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let result = try await CommandRunner.run(switchboard, ["serve", "--example-schema", "--schema", "x.graphql"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("give either --schema or --example-schema, not both"))
    }

    @Test func aMissingSchemaSaysWhy() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let result = try await CommandRunner.run(switchboard, ["serve", "--schema", "/nonexistent/nope.graphql"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("cannot read /nonexistent/nope.graphql: no such file"))
    }
}
