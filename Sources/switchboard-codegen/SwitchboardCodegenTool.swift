import Foundation
import SwitchboardCodegen

/// The executable the SwitchboardCodegen build plugin runs: generates one file per source at the
/// paths the plugin planned, plus the schema's types file.
///
/// ```
/// switchboard-codegen --schema PATH --schema-name NAME --schema-output PATH [--config PATH]
///                     [--models-output PATH] [SOURCE NAME OUTPUT]...
/// ```
///
/// NAME is the path header comments and generated names use (relative to the target). Every
/// OUTPUT is written, a source without operations too (build outputs are fixed when the build is
/// planned), unless its bytes would not change. An `@model` schema is transformed into the AppSync
/// schema the operations are checked against, and `--models-output` receives its Swift models in
/// one file (only a header when the schema has none or the configuration says `"models": "none"`).
/// A generated type that a Swift source of the target also declares stops the run with one error
/// at that declaration (``TypeCollisionCheck``). Problems go to standard error as
/// `path:line:column: error: message`, and the exit status is 1.
@main
struct SwitchboardCodegenTool {
    static func main() {
        do {
            try run(Array(CommandLine.arguments.dropFirst()))
        } catch let failure as CodegenFailure {
            fail(failure.description)
        } catch {
            fail("switchboard-codegen: error: \(error)")
        }
    }

    static func run(_ arguments: [String]) throws {
        var options: [String: String] = [:]
        var positional: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if ["--schema", "--schema-name", "--schema-output", "--config", "--models-output"].contains(argument) {
                guard index + 1 < arguments.count else { throw UsageError("\(argument) needs a value") }
                options[argument] = arguments[index + 1]
                index += 2
            } else {
                positional.append(argument)
                index += 1
            }
        }
        guard let schemaPath = options["--schema"], let schemaName = options["--schema-name"],
            let schemaOutput = options["--schema-output"], positional.count % 3 == 0
        else {
            throw UsageError(
                "usage: switchboard-codegen --schema PATH --schema-name NAME --schema-output PATH [--config PATH] "
                    + "[--models-output PATH] [SOURCE NAME OUTPUT]...")
        }
        var configuration = CodegenConfiguration()
        if let configPath = options["--config"] {
            configuration = try CodegenConfiguration(json: try read(configPath), path: configPath)
        }
        let loaded = try OperationSchema.load(path: schemaPath, contents: Array(try read(schemaPath)))
        let models = try options["--models-output"].map { _ in
            try modelsText(
                of: loaded, schemaName: schemaName, schemaPath: schemaPath,
                form: configuration.generatesModels ? configuration.modelForm : nil,
                access: configuration.access ?? .public)
        }
        let triples = stride(from: 0, to: positional.count, by: 3).map {
            (source: positional[$0], name: positional[$0 + 1], output: positional[$0 + 2])
        }
        let inputs = try triples.map {
            CodegenInputFile(path: $0.source, displayName: $0.name, contents: Array(try read($0.source)))
        }
        let swiftSources = inputs.filter { $0.path.hasSuffix(".swift") }.map {
            (path: $0.path, text: String(decoding: $0.contents, as: UTF8.self))
        }
        // Operations use the models' enums (generated here, or kept in the target) rather than
        // declaring a second type of the same name in the same module.
        if configuration.namespace == nil {
            if models != nil, configuration.generatesModels, let catalog = loaded.catalog {
                configuration.providedEnums.formUnion(catalog.enums.map(\.name))
            }
            configuration.providedEnums.formUnion(
                swiftSources.flatMap { TypeCollisionCheck.modelEnums(in: $0.text) })
        }
        let generated = try OperationGenerator(
            schema: loaded.schema, schemaDisplayName: schemaName, configuration: configuration
        ).generate(inputs)
        var check = TypeCollisionCheck()
        if let models { check.addGenerated(models, origin: .models) }
        for text in [generated.schemaTypes] + generated.sources { check.addGenerated(text, origin: .operations) }
        if let collision = check.collision(
            in: swiftSources, schemaName: schemaName, configurationName: "switchboard-codegen.json")
        {
            throw CodegenFailure([collision])
        }
        if let models, let path = options["--models-output"] {
            try GeneratedFileWriter.write(models, to: URL(fileURLWithPath: path))
        }
        try GeneratedFileWriter.write(generated.schemaTypes, to: URL(fileURLWithPath: schemaOutput))
        for (triple, text) in zip(triples, generated.sources) {
            try GeneratedFileWriter.write(text, to: URL(fileURLWithPath: triple.output))
        }
    }

    /// The Swift models of an `@model` schema, in one file (the plugin planned one output): only
    /// the header when the schema has no models or `form` is `nil` (`"models": "none"`).
    static func modelsText(
        of loaded: OperationSchema, schemaName: String, schemaPath: String, form: ModelCodegenOptions.Form?,
        access: GeneratedAccess
    ) throws -> String {
        var files: [GeneratedModelFile] = []
        if let catalog = loaded.catalog, let form {
            do {
                files = try ModelCodeGenerator(options: ModelCodegenOptions(form: form, access: access))
                    .generate(catalog: catalog, fileName: schemaName).files
            } catch {
                throw CodegenFailure(
                    error.diagnostics.map { diagnostic in
                        let known = diagnostic.location != .unknown
                        return CodegenDiagnostic(
                            path: schemaPath, line: known ? diagnostic.location.line : nil,
                            column: known ? diagnostic.location.column : nil, message: diagnostic.message)
                    })
            }
        }
        return ModelFileCombiner.combine(files, schemaName: schemaName)
    }

    static func read(_ path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CodegenFailure([CodegenDiagnostic(path: path, message: "cannot read the file")])
        }
        return data
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(1)
    }

    struct UsageError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
