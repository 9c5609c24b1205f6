import Foundation
import TestSupport
import Testing

@testable import SwitchboardCodegen

/// `"access"`: a library target's public operations, fragments and schema types are usable from
/// the modules that import it, and internal models declare nothing public. The operations of `Examples/StarWars` are compiled as a
/// module, and a client in another module builds operations and inputs and reads data and
/// fragments, in Swift 6 mode with warnings as errors.
@Suite(.serialized) struct GeneratedAccessTests {
    static let client = """
        import Foundation
        import StarWarsOperations
        import Switchboard

        func use() throws {
            let query = HeroAsDroidQuery(episode: .value(.empire))
            _ = (query.variables, HeroAsDroidQuery.document, HeroAsDroidQuery.operationName)
            let review = ReviewInput(stars: 5, commentary: .value("Great"))
            _ = CreateReviewForEpisodeMutation(episode: .jedi, review: review)
            let data = try JSONDecoder().decode(HeroAsDroidQuery.Data.self, from: Data("{}".utf8))
            _ = data.hero?.name
            _ = data.hero?.asHuman?.homePlanet
            _ = data.hero?.fragments.droidDetails?.data.primaryFunction
            let episode: Episode = .unknown("LATER")
            _ = episode.rawValue
            let droid = DroidDetails(data: .init(name: "R2-D2", primaryFunction: "Astromech"))
            let hero = HeroAsDroidQuery.Data.Hero(__typename: "Droid", name: "R2-D2", fragments: .init(droidDetails: droid))
            _ = HeroAsDroidQuery.Data(hero: hero)
        }
        """

    @Test func publicOperationsAreUsableFromAnotherModule() async throws {
        guard let swiftc = Toolchain.executable("swiftc"), let modules = Toolchain.modulesDirectory else {
            print("skipping \(#function): swiftc or the built Switchboard module is not available")
            return
        }
        let examples = SharedTestData.repositoryRoot.appendingPathComponent("Examples/StarWars")
        let schema = examples.appendingPathComponent("schema.graphqls")
        let loaded = try OperationGenerator.loadSchema(path: schema.path, contents: Array(try Data(contentsOf: schema)))
        var configuration = CodegenConfiguration()
        configuration.access = .public
        let names = try FileManager.default.contentsOfDirectory(atPath: examples.path)
            .filter { $0.hasSuffix(".graphql") }.sorted()
        let inputs = try names.map { name in
            CodegenInputFile(
                path: examples.appendingPathComponent(name).path, displayName: name,
                contents: Array(try Data(contentsOf: examples.appendingPathComponent(name))))
        }
        let output = try OperationGenerator(
            schema: loaded, schemaDisplayName: "schema.graphqls", configuration: configuration
        ).generate(inputs)
        #expect(output.schemaTypes.contains("public enum Episode"))

        let directory = try Toolchain.temporaryDirectory("public-operations")
        defer { try? FileManager.default.removeItem(at: directory) }
        var sources: [String] = []
        for (name, text) in zip(["schema.graphqls"] + names, [output.schemaTypes] + output.sources) {
            let url = directory.appendingPathComponent(GeneratedFileName.forInput(name))
            try Data(text.utf8).write(to: url)
            sources.append(url.path)
        }
        let library = try await CommandRunner.run(
            swiftc,
            [
                "-emit-module", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors", "-I", modules.path,
                "-module-name", "StarWarsOperations", "-emit-module-path",
                directory.appendingPathComponent("StarWarsOperations.swiftmodule").path,
            ] + sources,
            timeout: .seconds(300))
        #expect(library.status == 0, "\(library.standardError.prefix(4000))")
        let client = directory.appendingPathComponent("client.swift")
        try Data(Self.client.utf8).write(to: client)
        let compiled = try await CommandRunner.run(
            swiftc,
            [
                "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", modules.path, "-I", directory.path,
                "-module-name", "Client", client.path,
            ],
            timeout: .seconds(300))
        #expect(compiled.status == 0, "\(compiled.standardError.prefix(4000))")
    }

    /// `"schemaTypes": "all"` in one target and `"schemaTypesModule"` in another: the enums and
    /// inputs are declared once, in their own module, and the operations import it.
    @Test func aSchemaTypesModuleServesTheOperationsOfAnotherModule() async throws {
        guard let swiftc = Toolchain.executable("swiftc"), let modules = Toolchain.modulesDirectory else { return }
        let examples = SharedTestData.repositoryRoot.appendingPathComponent("Examples/StarWars")
        let schema = examples.appendingPathComponent("schema.graphqls")
        let loaded = try OperationGenerator.loadSchema(path: schema.path, contents: Array(try Data(contentsOf: schema)))
        let inputs = try ["HeroAsDroid.graphql", "Reviews.graphql"].map { name in
            CodegenInputFile(
                path: examples.appendingPathComponent(name).path, displayName: name,
                contents: Array(try Data(contentsOf: examples.appendingPathComponent(name))))
        }
        var schemaOnly = CodegenConfiguration()
        schemaOnly.access = .public
        schemaOnly.declaresAllSchemaTypes = true
        let types = try OperationGenerator(
            schema: loaded, schemaDisplayName: "schema.graphqls", configuration: schemaOnly
        )
        .generate([]).schemaTypes
        // Every enum and input of the schema, with no operation using them.
        #expect(types.contains("public enum Episode") && types.contains("public struct ReviewInput"))
        var operationsOnly = CodegenConfiguration()
        operationsOnly.access = .public
        operationsOnly.schemaTypesModule = "StarWarsSchema"
        let operations = try OperationGenerator(
            schema: loaded, schemaDisplayName: "schema.graphqls", configuration: operationsOnly
        ).generate(inputs)
        #expect(!operations.schemaTypes.contains("enum Episode"))
        #expect(operations.sources.allSatisfy { $0.contains("import StarWarsSchema\n") })

        let directory = try Toolchain.temporaryDirectory("schema-types-module")
        defer { try? FileManager.default.removeItem(at: directory) }
        func emitModule(_ name: String, _ texts: [String]) async throws {
            let paths = try texts.enumerated().map { index, text in
                let url = directory.appendingPathComponent("\(name)-\(index).swift")
                try Data(text.utf8).write(to: url)
                return url.path
            }
            let result = try await CommandRunner.run(
                swiftc,
                [
                    "-emit-module", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors", "-I",
                    modules.path, "-I", directory.path, "-module-name", name, "-emit-module-path",
                    directory.appendingPathComponent("\(name).swiftmodule").path,
                ] + paths,
                timeout: .seconds(300))
            #expect(result.status == 0, "\(name): \(result.standardError.prefix(4000))")
        }
        try await emitModule("StarWarsSchema", [types])
        try await emitModule("StarWarsOperations", [operations.schemaTypes] + operations.sources)
        let client = directory.appendingPathComponent("client.swift")
        try Data(
            """
            import StarWarsOperations
            import StarWarsSchema

            let mutation = CreateReviewForEpisodeMutation(episode: .jedi, review: ReviewInput(stars: 4))
            let query = HeroAsDroidQuery(episode: .value(Episode.newhope))
            """.utf8
        ).write(to: client)
        let compiled = try await CommandRunner.run(
            swiftc,
            [
                "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", modules.path, "-I", directory.path,
                "-module-name", "Client", client.path,
            ],
            timeout: .seconds(300))
        #expect(compiled.status == 0, "\(compiled.standardError.prefix(4000))")
    }

    @Test func internalModelsDeclareNothingPublicAndCompile() async throws {
        let url = SharedTestData.fixture("models/relationships.graphql")
        let output = try ModelCodeGenerator(options: ModelCodegenOptions(form: .lazyLoad, access: .internal))
            .generate(schema: try String(contentsOf: url, encoding: .utf8), fileName: url.path)
        for file in output.files {
            #expect(!file.contents.contains("public "), "\(file.name)")
        }
        #expect(output.files.contains { $0.contents.contains("\nstruct Post: Model {") })
        #expect(output.files.contains { $0.contents.contains("final class AmplifyModels: AmplifyModelRegistration {") })
        guard let swiftc = Toolchain.executable("swiftc"), let modules = Toolchain.modulesDirectory else { return }
        let directory = try Toolchain.temporaryDirectory("internal-models")
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try ModelFileWriter.write(output.files, to: directory)
        let compiled = try await CommandRunner.run(
            swiftc,
            ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", modules.path, "-module-name", "App"]
                + output.files.map { directory.appendingPathComponent($0.name).path },
            timeout: .seconds(300))
        #expect(compiled.status == 0, "\(compiled.standardError.prefix(4000))")
    }

    @Test func accessIsReadFromTheConfiguration() throws {
        let parsed = try CodegenConfiguration(json: Data(#"{"access": "public"}"#.utf8), path: "c.json")
        #expect(parsed.access == .public)
        #expect(CodegenConfiguration().access == nil)
        #expect(throws: CodegenFailure.self) {
            try CodegenConfiguration(json: Data(#"{"access": "open"}"#.utf8), path: "c.json")
        }
        // A schema types module other targets cannot import is refused.
        #expect(throws: CodegenFailure.self) {
            try CodegenConfiguration(json: Data(#"{"schemaTypes": "all"}"#.utf8), path: "c.json")
        }
        let module = try CodegenConfiguration(
            json: Data(#"{"schemaTypes": "all", "access": "public"}"#.utf8), path: "c.json")
        #expect(module.declaresAllSchemaTypes)
    }

    @Test func mutableDataIsReadFromTheConfiguration() throws {
        #expect(try CodegenConfiguration(json: Data(#"{"mutableData": true}"#.utf8), path: "c.json").mutableData)
        #expect(!CodegenConfiguration().mutableData)
        do {
            _ = try CodegenConfiguration(json: Data(#"{"mutableData": "yes"}"#.utf8), path: "c.json")
            Issue.record("a string was taken for a Boolean")
        } catch {
            #expect("\(error)".contains("\"mutableData\" must be true"))
        }
    }
}
