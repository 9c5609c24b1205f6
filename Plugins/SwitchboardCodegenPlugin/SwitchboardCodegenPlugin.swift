import Foundation
import PackagePlugin

/// Generates typed GraphQL operations for the target it is applied to, on every build that needs
/// it: from the target's schema (`schema.graphqls`, `schema.graphql` or `schema.json`, or the
/// `"schema"` of a `switchboard-codegen.json` in the target directory), its `.graphql`/`.gql`
/// files and the `graphql("…")` literals of its Swift sources. When the schema is an Amplify
/// `@model` schema, the operations are checked against the AppSync schema it deploys, and the
/// Swift models are generated too (`"models": "lazyLoad"` in the configuration picks that form,
/// `"models": "none"` turns them off for a target that keeps models made by `switchboard codegen
/// models`; a type both declare stops the build with one error that says so).
///
/// ```swift
/// .target(
///     name: "App",
///     dependencies: [.product(name: "SwitchboardAPI", package: "Switchboard")],
///     plugins: [.plugin(name: "SwitchboardCodegenPlugin", package: "Switchboard")])
/// ```
///
/// Outputs are fixed when the build is planned, so every source gets one generated file (named
/// after its path in the target, as `switchboard codegen operations` names them) and the schema
/// one more; the build runs the generator again when any of them changes.
@main
struct SwitchboardCodegenPlugin: BuildToolPlugin {
    static let configurationName = "switchboard-codegen.json"
    static let schemaNames = ["schema.graphqls", "schema.graphql", "schema.json"]

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        // `directoryURL` needs tools 6.1 and every use of `Path` is deprecated; the package's tools
        // version is 6.0, so the directory comes from `Path`'s description.
        let directory = URL(fileURLWithPath: String(describing: target.directory), isDirectory: true)
        let configuration = directory.appending(path: Self.configurationName)
        let hasConfiguration = FileManager.default.fileExists(atPath: configuration.path)
        let schema = try schemaFile(in: directory, configuration: hasConfiguration ? configuration : nil)
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources")

        var arguments = [
            "--schema", schema.path, "--schema-name", Self.name(of: schema, in: directory),
            "--schema-output", output.appending(path: Self.outputName(Self.name(of: schema, in: directory))).path,
        ]
        if hasConfiguration { arguments += ["--config", configuration.path] }
        var inputs = [schema] + (hasConfiguration ? [configuration] : [])
        var outputs = [output.appending(path: Self.outputName(Self.name(of: schema, in: directory)))]
        // An Amplify @model schema also yields the Swift models, in one file (their names are
        // only known once the schema is read, after planning).
        if let text = try? String(contentsOf: schema, encoding: .utf8), text.contains("@model"),
            !Self.modelsAreOff(configuration: hasConfiguration ? configuration : nil)
        {
            let flat = Self.name(of: schema, in: directory).split(separator: "/").joined(separator: "_")
            let models = output.appending(path: flat + "+Models.swift")
            arguments += ["--models-output", models.path]
            outputs.append(models)
        }
        let sources = target.sourceFiles.map(\.url).filter { url in
            let name = url.lastPathComponent
            return (name.hasSuffix(".graphql") || name.hasSuffix(".gql") || name.hasSuffix(".swift"))
                && url.standardizedFileURL.path != schema.standardizedFileURL.path
        }.sorted { $0.path < $1.path }
        for source in sources {
            let name = Self.name(of: source, in: directory)
            let generated = output.appending(path: Self.outputName(name))
            arguments += [source.path, name, generated.path]
            inputs.append(source)
            outputs.append(generated)
        }
        return [
            .buildCommand(
                displayName: "Generating GraphQL operations for \(target.name)",
                executable: try context.tool(named: "switchboard-codegen").url,
                arguments: arguments, inputFiles: inputs, outputFiles: outputs)
        ]
    }

    /// The schema named by the configuration, or the first conventional name present.
    private func schemaFile(in directory: URL, configuration: URL?) throws -> URL {
        if let configuration, let data = FileManager.default.contents(atPath: configuration.path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let path = object["schema"] as? String
        {
            let schema = path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appending(path: path)
            guard FileManager.default.fileExists(atPath: schema.path) else {
                throw PluginError("\(configuration.path): the schema \(path) does not exist")
            }
            return schema
        }
        for name in Self.schemaNames where FileManager.default.fileExists(atPath: directory.appending(path: name).path)
        {
            return directory.appending(path: name)
        }
        throw PluginError(
            "\(directory.path): no schema for SwitchboardCodegenPlugin; add \(Self.schemaNames.joined(separator: ", ")) "
                + "or a \(Self.configurationName) with a \"schema\" path")
    }

    /// Whether the configuration says `"models": "none"` (the target keeps its own models).
    static func modelsAreOff(configuration: URL?) -> Bool {
        guard let configuration, let data = FileManager.default.contents(atPath: configuration.path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return false }
        return object["models"] as? String == "none"
    }

    /// A file's path relative to the target directory (its name when it is elsewhere).
    static func name(of file: URL, in directory: URL) -> String {
        let base = directory.standardizedFileURL.path + "/"
        let path = file.standardizedFileURL.path
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : file.lastPathComponent
    }

    /// The generated file's name: the same rule as `GeneratedFileName` in SwitchboardCodegen
    /// (path components joined by `_`; `X.swift` → `X+GraphQL.swift`, anything else + `.swift`).
    static func outputName(_ relativePath: String) -> String {
        let flat = relativePath.split(separator: "/").joined(separator: "_")
        return flat.hasSuffix(".swift") ? flat.dropLast(".swift".count) + "+GraphQL.swift" : flat + ".swift"
    }
}

/// Why the plugin cannot plan the build.
struct PluginError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
