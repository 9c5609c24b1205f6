import Foundation
import SwitchboardCodegen

/// The executable the SwitchboardCodegen build plugin runs: generates one file per source at the
/// paths the plugin planned, plus the schema's types file.
///
/// ```
/// switchboard-codegen --schema PATH --schema-name NAME --schema-output PATH [--config PATH]
///                     [SOURCE NAME OUTPUT]...
/// ```
///
/// NAME is the path header comments and generated names use (relative to the target). Every
/// OUTPUT is written, a source without operations too (build outputs are fixed when the build is
/// planned), unless its bytes would not change. Problems go to standard error as
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
            if ["--schema", "--schema-name", "--schema-output", "--config"].contains(argument) {
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
                    + "[SOURCE NAME OUTPUT]...")
        }
        var configuration = CodegenConfiguration()
        if let configPath = options["--config"] {
            configuration = try CodegenConfiguration(json: try read(configPath), path: configPath)
        }
        let schema = try OperationGenerator.loadSchema(path: schemaPath, contents: Array(try read(schemaPath)))
        let triples = stride(from: 0, to: positional.count, by: 3).map {
            (source: positional[$0], name: positional[$0 + 1], output: positional[$0 + 2])
        }
        let inputs = try triples.map {
            CodegenInputFile(path: $0.source, displayName: $0.name, contents: Array(try read($0.source)))
        }
        let generated = try OperationGenerator(
            schema: schema, schemaDisplayName: schemaName, configuration: configuration
        ).generate(inputs)
        try GeneratedFileWriter.write(generated.schemaTypes, to: URL(fileURLWithPath: schemaOutput))
        for (triple, text) in zip(triples, generated.sources) {
            try GeneratedFileWriter.write(text, to: URL(fileURLWithPath: triple.output))
        }
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
