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
/// one file (only a header when the schema has none). Problems go to standard error as
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
        if let modelsOutput = options["--models-output"] {
            try writeModels(
                of: loaded, schemaName: schemaName, schemaPath: schemaPath, form: configuration.modelForm,
                to: modelsOutput)
        }
        let triples = stride(from: 0, to: positional.count, by: 3).map {
            (source: positional[$0], name: positional[$0 + 1], output: positional[$0 + 2])
        }
        let inputs = try triples.map {
            CodegenInputFile(path: $0.source, displayName: $0.name, contents: Array(try read($0.source)))
        }
        let generated = try OperationGenerator(
            schema: loaded.schema, schemaDisplayName: schemaName, configuration: configuration
        ).generate(inputs)
        try GeneratedFileWriter.write(generated.schemaTypes, to: URL(fileURLWithPath: schemaOutput))
        for (triple, text) in zip(triples, generated.sources) {
            try GeneratedFileWriter.write(text, to: URL(fileURLWithPath: triple.output))
        }
    }

    /// The Swift models of an `@model` schema, in one file (the plugin planned one output).
    static func writeModels(
        of loaded: OperationSchema, schemaName: String, schemaPath: String, form: ModelCodegenOptions.Form,
        to path: String
    ) throws {
        var files: [GeneratedModelFile] = []
        if let catalog = loaded.catalog {
            do {
                files = try ModelCodeGenerator(options: ModelCodegenOptions(form: form))
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
        try GeneratedFileWriter.write(
            ModelFileCombiner.combine(files, schemaName: schemaName), to: URL(fileURLWithPath: path))
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
