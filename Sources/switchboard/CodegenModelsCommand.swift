import Foundation
import SwitchboardCodegen

/// `switchboard codegen models --schema model.graphql --output DIR [--lazy-load]`: writes the Swift
/// model files Amplify's `amplify codegen models` writes, and removes the ones an earlier run wrote
/// that the schema no longer produces.
enum CodegenModelsCommand: CLICommand {
    static let definition = CommandDefinition(
        name: "models",
        abstract: "Write the Swift model files of an @model schema, as amplify codegen models does.",
        discussion: CodegenSchemaInput.authorizationDiscussion + """


            Exit status: 0 written (warnings may be printed), 2 errors in the schema, the output folder or the \
            arguments.
            """,
        options: [
            CodegenSchemaInput.schemaOption,
            .option(
                "output", value: "dir",
                help: "The folder of the model files (created when missing); files an earlier run wrote that the "
                    + "schema no longer produces are removed, other files are kept.",
                required: true),
            .flag(
                "lazy-load", help: "The lazy-load form: LazyReference for belongsTo/hasOne, ModelPath for includes:."),
            .option(
                "registry-name", value: "name", help: "The AmplifyModelRegistration class and file.",
                default: "AmplifyModels"),
            .option(
                "access", value: "level", help: "public or internal: the access level of the models.",
                default: "public"),
        ] + CodegenSchemaInput.authorizationOptions)

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        let outputPath = try arguments.required("output")
        let transformOptions = try CodegenSchemaInput.transformOptions(arguments)
        var options = ModelCodegenOptions(form: arguments.flag("lazy-load") ? .lazyLoad : .classic)
        if let access = arguments.value("access") { options.access = try GeneratedAccess.parse(access) }
        if let registryName = arguments.value("registry-name") {
            guard registryName.first?.isLetter == true,
                registryName.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                registryName.allSatisfy(\.isASCII)
            else {
                throw UsageError(
                    "--registry-name must be a Swift type name such as AmplifyModels, not \"\(registryName)\"")
            }
            options.registryName = registryName
        }
        let (schemaPath, text) = try CodegenSchemaInput.schema(arguments)
        let output: ModelCodeGenerator.Output
        do {
            output = try ModelCodeGenerator(options: options).generate(
                schema: text, fileName: schemaPath, transformOptions: transformOptions)
        } catch {
            CodegenSchemaInput.report(error.diagnostics)
            return ExitCode.usage
        }
        CodegenSchemaInput.report(output.warnings)
        // Created here so that a failure names its reason (the writer's own message does not).
        if !FileManager.default.fileExists(atPath: outputPath) { try FileAccess.createDirectory(outputPath) }
        let summary: ModelFileWriter.Summary
        do {
            summary = try ModelFileWriter.write(output.files, to: URL(fileURLWithPath: outputPath))
        } catch {
            FileHandle.standardError.write(Data("\(error.path): error: \(error.reason)\n".utf8))
            return ExitCode.usage
        }
        var parts = ["\(summary.written.count) written", "\(summary.unchanged.count) unchanged"]
        if !summary.removed.isEmpty {
            parts.append("\(summary.removed.count) removed (\(summary.removed.joined(separator: ", ")))")
        }
        print("\(outputPath): \(output.files.count) model files from \(schemaPath): \(parts.joined(separator: ", "))")
        return ExitCode.success
    }
}
