import Foundation
import SwitchboardCodegen

/// `switchboard codegen models --schema model.graphql --output DIR [--lazy-load]`: writes the Swift
/// model files Amplify's `amplify codegen models` writes, and removes the ones an earlier run wrote
/// that the schema no longer produces.
enum CodegenModelsCommand: CodegenSubcommand {
    static let name = "models"
    static let usage = """
        switchboard codegen models --schema FILE --output DIR [--lazy-load] [--registry-name NAME] [--default-auth-mode MODE] [--auth-mode MODE]...
        \(CodegenSchemaInput.schemaUsage)
          --output DIR              the folder of the model files (created when missing); files an earlier run
                                    wrote that the schema no longer produces are removed, other files are kept
          --lazy-load               the lazy-load form: LazyReference for belongsTo/hasOne, ModelPath for includes:
          --registry-name NAME      the AmplifyModelRegistration class and file (default: AmplifyModels)
        \(CodegenSchemaInput.authorizationUsage)
        Exit status: 0 written (warnings may be printed), 2 errors in the schema, the output folder or the arguments.
        """
    static let options = CodegenSchemaInput.options.union(["output", "registry-name"])
    static let flags: Set<String> = ["lazy-load"]

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        let outputPath = try arguments.required("output")
        let transformOptions = try CodegenSchemaInput.transformOptions(arguments)
        var options = ModelCodegenOptions(form: arguments.flags.contains("lazy-load") ? .lazyLoad : .classic)
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
