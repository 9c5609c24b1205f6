import Foundation
import SwitchboardCodegen
import TestSupport
import Testing

/// `switchboard codegen models` run as a real process.
@Suite struct CodegenModelsCommandTests {
    private static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-models-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private static func swiftFiles(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
    }

    @Test func writesTheModelFilesAndLaterRemovesTheOnesItNoLongerWrites() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = folder.appendingPathComponent("model.graphql")
        let schemaText = """
            type Blog @model { id: ID! name: String! posts: [Post] @hasMany }
            type Post @model { id: ID! title: String! blog: Blog @belongsTo }
            """
        try Data(schemaText.utf8).write(to: schema)
        let output = folder.appendingPathComponent("Models")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("// mine\n".utf8).write(to: output.appendingPathComponent("Extensions.swift"))

        let first = try await CommandRunner.run(
            switchboard, ["codegen", "models", "--schema", schema.path, "--output", output.path, "--lazy-load"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardError.isEmpty)
        #expect(first.standardOutput == "\(output.path): 5 model files from \(schema.path): 5 written, 0 unchanged\n")
        let expected = try ModelCodeGenerator(options: ModelCodegenOptions(form: .lazyLoad))
            .generate(schema: schemaText, fileName: schema.path).files
        for file in expected {
            #expect(try String(contentsOf: output.appendingPathComponent(file.name), encoding: .utf8) == file.contents)
        }

        let again = try await CommandRunner.run(
            switchboard, ["codegen", "models", "--schema", schema.path, "--output", output.path, "--lazy-load"])
        #expect(again.standardOutput.hasSuffix(": 0 written, 5 unchanged\n"))

        try Data("type Blog @model { id: ID! name: String! }\n".utf8).write(to: schema)
        let smaller = try await CommandRunner.run(
            switchboard, ["codegen", "models", "--schema", schema.path, "--output", output.path])
        #expect(smaller.status == 0)
        #expect(
            smaller.standardOutput.hasSuffix(": 3 written, 0 unchanged, 2 removed (Post+Schema.swift, Post.swift)\n"))
        #expect(
            try Self.swiftFiles(in: output) == [
                "AmplifyModels.swift", "Blog+Schema.swift", "Blog.swift", "Extensions.swift",
            ])
        #expect(
            try String(contentsOf: output.appendingPathComponent("Extensions.swift"), encoding: .utf8) == "// mine\n")
    }

    @Test func schemaErrorsArePrintedWithFileLineAndColumnAndNothingIsWritten() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = folder.appendingPathComponent("v1.graphql")
        try Data("type Project @model {\n  id: ID!\n  team: Team @connection\n}\ntype Team @model { id: ID! }\n".utf8)
            .write(to: schema)
        let output = folder.appendingPathComponent("Models")
        let result = try await CommandRunner.run(
            switchboard, ["codegen", "models", "--schema", schema.path, "--output", output.path])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "\(schema.path):3:14: error: @connection is a Transformer v1 directive; in Transformer v2 write @hasOne on Project.team\n"
        )
        #expect(!FileManager.default.fileExists(atPath: output.path))

        try Data("type List @model { id: ID! }\n".utf8).write(to: schema)
        let reserved = try await CommandRunner.run(
            switchboard, ["codegen", "models", "--schema", schema.path, "--output", output.path])
        #expect(reserved.status == 2)
        #expect(reserved.standardError.hasPrefix("\(schema.path):1:1: error: type List has the name of a type"))
    }

    @Test func aFileItDidNotWriteIsNeverReplaced() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = folder.appendingPathComponent("model.graphql")
        try Data("type Post @model { id: ID! }\n".utf8).write(to: schema)
        let mine = folder.appendingPathComponent("Post.swift")
        try Data("struct Post {}\n".utf8).write(to: mine)
        let result = try await CommandRunner.run(
            switchboard, ["codegen", "models", "--schema", schema.path, "--output", folder.path])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "\(mine.path): error: it exists and was not written by switchboard codegen models; move it or "
                + "choose another output directory\n")
        #expect(try String(contentsOf: mine, encoding: .utf8) == "struct Post {}\n")
        #expect(try Self.swiftFiles(in: folder) == ["Post.swift"])
    }

    @Test func badArgumentsExitTwoWithUsage() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let missing = try await CommandRunner.run(switchboard, ["codegen", "models", "--schema", "/dev/null"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("Error: Missing expected argument '--output <dir>'"))
        #expect(
            missing.standardError.contains(
                "Usage: switchboard codegen models --schema <file> --output <dir> [--lazy-load]"))
        let registry = try await CommandRunner.run(
            switchboard,
            ["codegen", "models", "--schema", "/dev/null", "--output", "/tmp/x", "--registry-name", "My Models"])
        #expect(registry.status == 2)
        #expect(registry.standardError.contains("--registry-name must be a Swift type name"))
        let help = try await CommandRunner.run(switchboard, ["help", "codegen"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("\n  schema "))
        #expect(help.standardOutput.contains("\n  models "))
    }
}
