import Foundation
import ModelTransform
import TestSupport
import Testing

/// `switchboard codegen schema` run as a real process (and the subcommand dispatch).
@Suite struct CodegenCommandTests {
    private static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-codegen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func writesTheAppSyncSchemaOfAModelSchema() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemaText = """
            type Post @model @auth(rules: [{ allow: owner }, { allow: public, operations: [read] }]) {
              id: ID!
              title: String!
              comments: [Comment] @hasMany
            }
            type Comment @model { id: ID! content: String }
            """
        let schema = folder.appendingPathComponent("model.graphql")
        try Data(schemaText.utf8).write(to: schema)
        let output = folder.appendingPathComponent("appsync.graphql")
        let result = try await CommandRunner.run(
            switchboard, ["codegen", "schema", "--schema", schema.path, "--output", output.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("wrote \(output.path): the AppSync schema of 2 models"))
        let written = try String(contentsOf: output, encoding: .utf8)
        #expect(written == (try ModelTransformer.transform(schemaText).appSyncSchema))
        #expect(written.contains("type Post @aws_cognito_user_pools @aws_api_key {"))

        let toStandardOutput = try await CommandRunner.run(
            switchboard,
            ["codegen", "schema", "--schema", schema.path, "--default-auth-mode", "AMAZON_COGNITO_USER_POOLS"])
        #expect(toStandardOutput.status == 0)
        #expect(toStandardOutput.standardOutput.contains("type Post @aws_api_key @aws_cognito_user_pools {"))
    }

    @Test func schemaErrorsArePrintedWithFileLineAndColumnAndExitTwo() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = folder.appendingPathComponent("v1.graphql")
        try Data("type Project @model {\n  id: ID!\n  team: Team @connection\n}\ntype Team @model { id: ID! }\n".utf8)
            .write(to: schema)
        let output = folder.appendingPathComponent("appsync.graphql")
        let result = try await CommandRunner.run(
            switchboard, ["codegen", "schema", "--schema", schema.path, "--output", output.path])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "\(schema.path):3:14: error: @connection is a Transformer v1 directive; in Transformer v2 write @hasOne on Project.team\n"
        )
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func warningsArePrintedAndTheSchemaIsStillWritten() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = folder.appendingPathComponent("model.graphql")
        try Data("type Post @model @searchable { id: ID! }\n".utf8).write(to: schema)
        let result = try await CommandRunner.run(switchboard, ["codegen", "schema", "--schema", schema.path])
        #expect(result.status == 0)
        #expect(result.standardError.hasPrefix("\(schema.path):1:18: warning: ignored @searchable on type Post"))
        #expect(result.standardOutput.hasPrefix("type Post {"))
    }

    @Test func badArgumentsExitTwoWithUsage() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let missing = try await CommandRunner.run(switchboard, ["codegen", "schema"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("Error: give --schema FILE (an @model schema) or --introspect URL"))
        let unknown = try await CommandRunner.run(switchboard, ["codegen", "typescript", "--schema", "x"])
        #expect(unknown.status == 2)
        #expect(
            unknown.standardError.contains(
                "Error: Unknown codegen subcommand 'typescript'. The codegen subcommands are schema, models and operations."
            ))
        let foreign = try await CommandRunner.run(switchboard, ["codegen", "schema", "--schema", "x", "--lazy-load"])
        #expect(foreign.status == 2)
        #expect(foreign.standardError.contains("Error: Unknown option '--lazy-load'"))
        let badMode = try await CommandRunner.run(
            switchboard, ["codegen", "schema", "--schema", "/dev/null", "--default-auth-mode", "PASSWORD"])
        #expect(badMode.status == 2)
        #expect(badMode.standardError.contains("unknown authorization mode \"PASSWORD\""))
        let unreadable = try await CommandRunner.run(switchboard, ["codegen", "schema", "--schema", "/nonexistent/x"])
        #expect(unreadable.status == 2)
        #expect(unreadable.standardError == "switchboard: cannot read /nonexistent/x: no such file or directory\n")
    }
}
