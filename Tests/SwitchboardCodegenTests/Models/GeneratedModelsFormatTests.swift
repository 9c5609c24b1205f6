import Foundation
import SwitchboardCodegen
import TestSupport
import Testing

/// Generated files pass `swift format lint --strict` with the repository's `.swift-format`, so they
/// need no lint exclusion: the shared test schemas and ``EdgeSchemas`` in both forms, public and
/// internal. Skips,
/// printing why, when the toolchain has no `swift format`.
@Suite(.serialized) struct GeneratedModelsFormatTests {
    @Test(
        .requiresSharedTestData("amplify-schemas"),
        arguments: [ModelCodegenOptions.Form.classic, .lazyLoad], [GeneratedAccess.public, .internal])
    func generatedFilesPassSwiftFormatLint(form: ModelCodegenOptions.Form, access: GeneratedAccess) async throws {
        guard let swift = Toolchain.executable("swift") else {
            print("skipping \(#function): swift is not on PATH")
            return
        }
        var schemas = [("stress.graphql", EdgeSchemas.longNames), ("edge.graphql", EdgeSchemas.awkwardNames)]
        if let folder = SharedTestData.directory("amplify-schemas") {
            for name in ["transformer-v2", "primarykey-basic", "multiauth", "singleauth-cognito", "singleauth-iam"] {
                let url = folder.appendingPathComponent("\(name).graphql")
                schemas.append((url.lastPathComponent, try String(contentsOf: url, encoding: .utf8)))
            }
        }
        let root = try Toolchain.temporaryDirectory("format")
        defer { try? FileManager.default.removeItem(at: root) }
        var paths: [String] = []
        for (name, schema) in schemas {
            let output = try ModelCodeGenerator(options: ModelCodegenOptions(form: form, access: access))
                .generate(schema: schema, fileName: name)
            let directory = root.appendingPathComponent(name)
            _ = try ModelFileWriter.write(output.files, to: directory)
            paths += output.files.map { directory.appendingPathComponent($0.name).path }
        }
        let configuration = SharedTestData.repositoryRoot.appendingPathComponent(".swift-format").path
        let probe = try await CommandRunner.run(swift, ["format", "--version"])
        guard probe.status == 0 else {
            print("skipping \(#function): this toolchain has no swift format")
            return
        }
        let result = try await CommandRunner.run(
            swift, ["format", "lint", "--strict", "--configuration", configuration] + paths, timeout: .seconds(300))
        #expect(result.status == 0, "\(result.standardError.prefix(4000))")
        #expect(result.standardError.isEmpty, "\(result.standardError.prefix(4000))")
    }
}
