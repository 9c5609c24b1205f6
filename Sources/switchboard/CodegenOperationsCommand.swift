import Foundation
import SwitchboardCodegen

/// `switchboard codegen operations --schema S --output DIR [--config F] PATH…`: typed operations
/// from `.graphql` files and `graphql("…")` literals, the same generator the build plugin runs.
enum CodegenOperationsCommand: CLICommand {
    /// `--schema`, optional when the `--config` file names the schema.
    static let schemaOption = OptionDefinition.option(
        "schema", value: "file",
        help: "The schema: SDL (.graphqls/.graphql) or an introspection result (.json); optional when the "
            + "--config file names it.")

    static let definition = CommandDefinition(
        name: "operations",
        abstract: "Write typed operations for .graphql files and graphql(\"…\") literals, as the build plugin does.",
        discussion: """
            Writes one file per source that defines operations or fragments, named after its path below the \
            directory <paths> it was found in, or as given for a file (Hero.graphql → Hero.graphql.swift, \
            Views/TodoView.swift → Views_TodoView+GraphQL.swift), and one with the schema's enums and input \
            objects. Files whose bytes would not change are left alone; files an earlier run wrote and this one \
            does not are removed (listed in <dir>/.switchboard-codegen-manifest). Problems are printed as \
            FILE:LINE:COLUMN: error: …

            Exit status: 0 written, 2 errors in the sources, the schema, the configuration or the arguments.
            """,
        arguments: [
            ArgumentDefinition(
                "paths", help: ".graphql, .gql and .swift files, or directories searched for them.", repeatable: true)
        ],
        options: [
            schemaOption,
            .option(
                "output", value: "dir", help: "Where the generated Swift files go (created when missing).",
                required: true),
            .option(
                "config", value: "file",
                help: "A switchboard-codegen.json: namespace, Swift types of custom scalars, imports."),
            .option(
                "access", value: "level",
                help: "internal or public: the access level of the generated types.",
                default: "the --config file's \"access\", else internal"),
        ])

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        let paths = arguments.positional
        let output = URL(fileURLWithPath: try arguments.required("output")).standardizedFileURL
        do {
            var configuration = CodegenConfiguration()
            var schemaPath = arguments.value("schema")
            if let configPath = arguments.value("config") {
                configuration = try CodegenConfiguration(json: try FileAccess.read(configPath), path: configPath)
                if schemaPath == nil, let relative = configuration.schema {
                    schemaPath =
                        URL(fileURLWithPath: configPath).deletingLastPathComponent()
                        .appendingPathComponent(relative).path
                }
            }
            guard let schemaPath else { throw UsageError.missing(schemaOption) }
            if let access = arguments.value("access") { configuration.access = try GeneratedAccess.parse(access) }
            let schemaURL = URL(fileURLWithPath: schemaPath).standardizedFileURL
            let schema = try OperationSchema.load(path: schemaPath, contents: Array(try FileAccess.read(schemaPath)))
                .schema
            let inputs = try sources(paths, output: output, schema: schemaURL)
            let schemaName = displayName(schemaPath)
            let schemaFileName = GeneratedFileName.forInput(schemaName)
            try checkOutputNames(inputs.map(\.outputName) + [schemaFileName])

            let generator = OperationGenerator(
                schema: schema, schemaDisplayName: schemaName, configuration: configuration)
            let generated = try generator.generate(inputs.map(\.file))
            var files = [schemaFileName: generated.schemaTypes]
            for (index, input) in inputs.enumerated() where generated.definitionCounts[index] > 0 {
                files[input.outputName] = generated.sources[index]
            }
            try write(files, to: output)
            return ExitCode.success
        } catch let failure as CodegenFailure {
            FileHandle.standardError.write(Data((failure.description + "\n").utf8))
            return ExitCode.usage
        }
    }

    /// A source to generate from, with the name of its generated file.
    private struct Source {
        var file: CodegenInputFile
        var outputName: String
    }

    /// The sources under `paths`, each once (never the schema itself), named in diagnostics as the
    /// user named their paths.
    private static func sources(_ paths: [String], output: URL, schema: URL) throws -> [Source] {
        var seen: Set<String> = [schema.path]
        var sources: [Source] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw FileAccessError(.read, path: path, code: ENOENT)
            }
            let found: [InputDiscovery.Found]
            do {
                found = try InputDiscovery.sources(at: path, excluding: output)
            } catch {
                throw FileAccessError(.list, path: FileAccessError.path(named: error) ?? path, error: error)
            }
            for source in found where seen.insert(source.url.standardizedFileURL.path).inserted {
                let shownPath =
                    isDirectory.boolValue ? (path as NSString).appendingPathComponent(source.relativeName) : path
                let name = isDirectory.boolValue ? source.relativeName : displayName(path)
                let file = CodegenInputFile(
                    path: shownPath, displayName: name, contents: Array(try FileAccess.read(source.url.path)))
                sources.append(Source(file: file, outputName: GeneratedFileName.forInput(name)))
            }
        }
        return sources
    }

    /// The name a file given directly goes by in headers and output names: its path as given when
    /// that is relative and stays below the current directory, else its file name.
    private static func displayName(_ path: String) -> String {
        let components = path.split(separator: "/").filter { $0 != "." }
        guard !path.hasPrefix("/"), !components.contains(".."), !components.isEmpty else {
            return URL(fileURLWithPath: path).lastPathComponent
        }
        return components.joined(separator: "/")
    }

    private static func checkOutputNames(_ names: [String]) throws {
        var seen: Set<String> = []
        for name in names where !seen.insert(name).inserted {
            throw UsageError(
                "two sources would both generate \(name); pass their common parent directory so their paths differ")
        }
    }

    /// Writes the files that changed, removes stale ones, and says what it did.
    private static func write(_ files: [String: String], to output: URL) throws {
        try FileAccess.createDirectory(output.path)
        var written = 0
        do {
            for (name, text) in files.sorted(by: { $0.key < $1.key })
            where try GeneratedFileWriter.write(text, to: output.appendingPathComponent(name)) {
                written += 1
            }
            let manifest = OutputManifest(directory: output)
            let removed = try manifest.removeStale(keeping: Set(files.keys))
            try manifest.record(Set(files.keys))
            print(
                "\(output.path): \(files.count) generated file\(files.count == 1 ? "" : "s"), \(written) written, "
                    + "\(files.count - written) unchanged, \(removed.count) removed")
        } catch {
            throw FileAccessError(.write, path: FileAccessError.path(named: error) ?? output.path, error: error)
        }
    }
}
