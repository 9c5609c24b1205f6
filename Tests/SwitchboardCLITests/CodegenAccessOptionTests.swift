import Foundation
import TestSupport
import Testing

/// `--access` on `codegen models` and `codegen operations`: the access level of what they write.
@Suite struct CodegenAccessOptionTests {
    @Test func accessSetsTheLevelOfModelsAndOperations() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let root = SharedTestData.repositoryRoot
        let directory = try Toolchain.temporaryDirectory("access-option")
        defer { try? FileManager.default.removeItem(at: directory) }

        let models = directory.appendingPathComponent("Models")
        let internalModels = try await CommandRunner.run(
            switchboard,
            [
                "codegen", "models", "--schema", root.appendingPathComponent("Examples/Todo/schema.graphql").path,
                "--output", models.path, "--access", "internal",
            ])
        #expect(internalModels.status == 0, "\(internalModels.standardError)")
        let todo = try String(contentsOf: models.appendingPathComponent("Todo.swift"), encoding: .utf8)
        #expect(todo.contains("\nstruct Todo: Model {") && !todo.contains("public "))

        let operations = directory.appendingPathComponent("Operations")
        let publicOperations = try await CommandRunner.run(
            switchboard,
            [
                "codegen", "operations", "--schema",
                root.appendingPathComponent("Examples/StarWars/schema.graphqls").path, "--output", operations.path,
                "--access", "public", root.appendingPathComponent("Examples/StarWars/HeroName.graphql").path,
            ])
        #expect(publicOperations.status == 0, "\(publicOperations.standardError)")
        let hero = try String(contentsOf: operations.appendingPathComponent("HeroName.graphql.swift"), encoding: .utf8)
        #expect(hero.contains("public struct HeroNameQuery: GraphQLQuery {"))

        let wrong = try await CommandRunner.run(
            switchboard,
            [
                "codegen", "operations", "--schema",
                root.appendingPathComponent("Examples/StarWars/schema.graphqls").path, "--output", operations.path,
                "--access", "open", root.appendingPathComponent("Examples/StarWars/HeroName.graphql").path,
            ])
        #expect(wrong.status == 2)
        #expect(wrong.standardError.contains("--access must be internal or public"), "\(wrong.standardError)")
    }
}
