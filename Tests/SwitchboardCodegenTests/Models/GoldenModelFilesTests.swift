import Foundation
import SwitchboardCodegen
import TestSupport
import Testing

/// The model files committed in the repository are exactly what the generator writes for their
/// schemas in `Tests/Fixtures/models`: regenerating a set gives the same bytes and no other files,
/// so the committed files cannot drift from the generator (or the other way round).
@Suite struct GoldenModelFilesTests {
    struct GoldenSet: CustomTestStringConvertible, Sendable {
        let schema: String
        let directory: String
        let options: ModelCodegenOptions

        var testDescription: String { directory }

        /// The command that regenerates the set.
        var command: String {
            var command =
                "swift run switchboard codegen models --schema Tests/Fixtures/models/\(schema) --output \(directory)"
            if options.form == .lazyLoad { command += " --lazy-load" }
            if options.registryName != ModelCodegenOptions.defaultRegistryName {
                command += " --registry-name \(options.registryName)"
            }
            return command
        }
    }

    static let sets: [GoldenSet] = [
        GoldenSet(
            schema: "model-tests-lazy-load.graphql", directory: "Tests/SwitchboardModelTests/GeneratedModels/LazyLoad",
            options: ModelCodegenOptions(form: .lazyLoad)),
        GoldenSet(
            schema: "model-tests-classic.graphql", directory: "Tests/SwitchboardModelTests/GeneratedModels/Classic",
            options: ModelCodegenOptions(form: .classic, registryName: "ClassicModels")),
        GoldenSet(
            schema: "model-tests-cycles.graphql", directory: "Tests/SwitchboardModelTests/GeneratedModels/Cycles",
            options: ModelCodegenOptions(form: .classic, registryName: "CycleModels")),
        GoldenSet(
            schema: "seed-examples.graphql", directory: "Tests/SeedExamplesTests/Models",
            options: ModelCodegenOptions(form: .lazyLoad)),
        GoldenSet(
            schema: "server-tests.graphql", directory: "Tests/SwitchboardServerTests/Models",
            options: ModelCodegenOptions(form: .classic, registryName: "ServerTestModels")),
    ]

    @Test(arguments: sets)
    func committedFilesAreTheGeneratorsOutput(_ set: GoldenSet) throws {
        let schemaURL = SharedTestData.fixture("models/\(set.schema)")
        let schema = try String(contentsOf: schemaURL, encoding: .utf8)
        let output = try ModelCodeGenerator(options: set.options).generate(schema: schema, fileName: schemaURL.path)
        #expect(output.warnings.isEmpty)
        let directory = SharedTestData.repositoryRoot.appendingPathComponent(set.directory)
        let committed = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        #expect(committed == output.files.map(\.name), "regenerate with: \(set.command)")
        for file in output.files {
            let data = FileManager.default.contents(atPath: directory.appendingPathComponent(file.name).path)
            #expect(
                data == Data(file.contents.utf8),
                "\(set.directory)/\(file.name) differs; regenerate with: \(set.command)")
        }
    }

    @Test func theSameSchemaGivesTheSameBytes() throws {
        let schema = try String(
            contentsOf: SharedTestData.fixture("models/model-tests-lazy-load.graphql"), encoding: .utf8)
        let generator = ModelCodeGenerator(options: ModelCodegenOptions(form: .lazyLoad))
        let first = try generator.generate(schema: schema, fileName: "a/model.graphql")
        let second = try generator.generate(schema: schema, fileName: "b/model.graphql")
        #expect(first == second)
    }
}
