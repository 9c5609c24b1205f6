import Foundation
import SwitchboardServer
import TestSupport
import Testing

/// `switchboard codegen schema --introspect URL`: the schema of a running server (the local
/// AppSync server, over a socket) as SDL or introspection JSON, which `codegen operations`
/// then generates against.
@Suite struct CodegenIntrospectTests {
    @Test func aServersSchemaIsWrittenAndOperationsAreGeneratedAgainstIt() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let schema = try String(
            contentsOf: SharedTestData.repositoryRoot.appendingPathComponent("Examples/Todo/schema.graphql"),
            encoding: .utf8)
        let server = try await LocalServer.start(
            schema: schema, configuration: .init(apiKeys: [.init("da2-cli")], iamPrincipals: []))
        defer { Task { await server.stop() } }
        let directory = try Toolchain.temporaryDirectory("introspect")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = server.graphQLEndpoint.absoluteString
        let sdl = directory.appendingPathComponent("schema.graphqls")

        let written = try await CommandRunner.run(
            switchboard, ["codegen", "schema", "--introspect", url, "--api-key", "da2-cli", "--output", sdl.path])
        #expect(written.status == 0, "\(written.standardError)")
        let text = try String(contentsOf: sdl, encoding: .utf8)
        #expect(text.contains("type Todo {") && text.contains("input CreateTodoInput {"))
        #expect(!text.contains("__Schema"))

        let json = directory.appendingPathComponent("schema.json")
        let asJSON = try await CommandRunner.run(
            switchboard,
            ["codegen", "schema", "--introspect", url, "-H", "x-api-key: da2-cli", "--output", json.path])
        #expect(asJSON.status == 0, "\(asJSON.standardError)")
        #expect(try String(contentsOf: json, encoding: .utf8).hasPrefix(#"{"data":{"__schema":"#))

        let operations = directory.appendingPathComponent("Todos.graphql")
        try Data("query Todos { listTodos { items { id name } nextToken } }\n".utf8).write(to: operations)
        for schemaFile in [sdl, json] {
            let generated = try await CommandRunner.run(
                switchboard,
                [
                    "codegen", "operations", "--schema", schemaFile.path, "--output",
                    directory.appendingPathComponent("out-\(schemaFile.pathExtension)").path, operations.path,
                ])
            #expect(generated.status == 0, "\(schemaFile.lastPathComponent): \(generated.standardError)")
        }

        let refused = try await CommandRunner.run(switchboard, ["codegen", "schema", "--introspect", url])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("HTTP status 401"), "\(refused.standardError)")
    }

    @Test func schemaAndIntrospectExcludeEachOther() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let both = try await CommandRunner.run(
            switchboard, ["codegen", "schema", "--schema", "a.graphql", "--introspect", "http://127.0.0.1:1/graphql"])
        #expect(both.status == 2)
        #expect(both.standardError.contains("give --schema or --introspect, not both"), "\(both.standardError)")
        let transformOption = try await CommandRunner.run(
            switchboard, ["codegen", "schema", "--introspect", "http://127.0.0.1:1/graphql", "--auth-mode", "iam"])
        #expect(transformOption.status == 2)
        #expect(transformOption.standardError.contains("--auth-mode goes with --schema"))
        let neither = try await CommandRunner.run(switchboard, ["codegen", "schema"])
        #expect(neither.status == 2)
        #expect(neither.standardError.contains("--introspect URL"), "\(neither.standardError)")
    }
}
