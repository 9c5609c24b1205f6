import Foundation
import ModelTransform
import SwitchboardCodegen
import TestSupport
import Testing

/// Every Transformer v2 schema of `../shared/testdata/amplify-schemas`, and ``EdgeSchemas``,
/// generates model files, in both forms, that the toolchain type-checks in Swift 6 mode with
/// warnings as errors against the built `Switchboard` module. Skips, printing why, when the test
/// data, `swiftc` or the built module is not on this machine. The cases run one at a time: each
/// is a compiler process, and a dozen at once would starve the timing-sensitive tests beside them.
@Suite(.serialized) struct GeneratedModelsCompileTests {
    /// The Transformer v2 schemas of the shared test data (the v1 ones give diagnostics instead).
    static let schemas = [
        "transformer-v2", "primarykey-basic", "multiauth", "singleauth-cognito", "singleauth-iam",
    ]

    static let cases: [(schema: String, form: ModelCodegenOptions.Form)] = schemas.flatMap { schema in
        [(schema, .classic), (schema, .lazyLoad)]
    }

    @Test(.requiresSharedTestData("amplify-schemas"), arguments: cases)
    func testDataSchemaGeneratesModelsThatCompile(schema: String, form: ModelCodegenOptions.Form) async throws {
        guard let folder = SharedTestData.directory("amplify-schemas") else { return }
        guard let swiftc = Toolchain.executable("swiftc") else {
            print("skipping \(schema): swiftc is not on PATH")
            return
        }
        guard let modules = Toolchain.modulesDirectory else {
            print("skipping \(schema): the built Switchboard module was not found next to the test bundle")
            return
        }
        let url = folder.appendingPathComponent("\(schema).graphql")
        let output = try ModelCodeGenerator(options: ModelCodegenOptions(form: form))
            .generate(schema: try String(contentsOf: url, encoding: .utf8), fileName: url.path)
        #expect(output.files.contains { $0.name == "AmplifyModels.swift" })
        let directory = try Toolchain.temporaryDirectory("models-\(schema)")
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try ModelFileWriter.write(output.files, to: directory)
        let sources = output.files.map { directory.appendingPathComponent($0.name).path }
        let result = try await CommandRunner.run(
            swiftc,
            ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", modules.path, "-module-name", "Models"]
                + sources,
            timeout: .seconds(300))
        #expect(result.status == 0, "\(schema) (\(form)): \(result.standardError.prefix(4000))")
        #expect(!result.standardError.contains("warning:"), "\(result.standardError.prefix(4000))")
    }

    @Test(arguments: [ModelCodegenOptions.Form.classic, .lazyLoad])
    func edgeSchemasGenerateModelsThatCompile(form: ModelCodegenOptions.Form) async throws {
        guard let swiftc = Toolchain.executable("swiftc"), let modules = Toolchain.modulesDirectory else {
            print("skipping \(#function): swiftc or the built Switchboard module is not available")
            return
        }
        for (name, schema) in [("long-names", EdgeSchemas.longNames), ("awkward-names", EdgeSchemas.awkwardNames)] {
            let output = try ModelCodeGenerator(options: ModelCodegenOptions(form: form))
                .generate(schema: schema, fileName: "\(name).graphql")
            let directory = try Toolchain.temporaryDirectory("models-\(name)")
            defer { try? FileManager.default.removeItem(at: directory) }
            _ = try ModelFileWriter.write(output.files, to: directory)
            let sources = output.files.map { directory.appendingPathComponent($0.name).path }
            let result = try await CommandRunner.run(
                swiftc,
                [
                    "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", modules.path, "-module-name",
                    "Models",
                ]
                    + sources,
                timeout: .seconds(300))
            #expect(result.status == 0, "\(name) (\(form)): \(result.standardError.prefix(4000))")
        }
    }

    @Test(.requiresSharedTestData("amplify-schemas")) func transformerV1SchemasGiveMigrationDiagnosticsAndNoFiles()
        throws
    {
        guard let folder = SharedTestData.directory("amplify-schemas") else { return }
        let v1 = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("transformer-v1") && $0.hasSuffix(".graphql") }.sorted()
        #expect(v1.count == 5)
        for name in v1 {
            let url = folder.appendingPathComponent(name)
            #expect {
                try ModelCodeGenerator().generate(schema: try String(contentsOf: url, encoding: .utf8), fileName: name)
            } throws: { error in
                guard let error = error as? ModelCodegenError else { return false }
                return !error.errors.isEmpty
                    && error.errors.allSatisfy { $0.message.contains("Transformer v1") && $0.fileName == name }
            }
        }
    }
}
