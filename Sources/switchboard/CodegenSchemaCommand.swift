import Foundation
import ModelTransform

/// `switchboard codegen schema --schema model.graphql --output appsync.graphql`: runs Amplify's
/// `@model` transform and writes the AppSync schema it would deploy.
enum CodegenSchemaCommand: CLICommand {
    static let definition = CommandDefinition(
        name: "schema",
        abstract: "Write the AppSync schema Amplify's @model transform would deploy.",
        discussion: CodegenSchemaInput.authorizationDiscussion + """


            Exit status: 0 written (warnings may be printed), 2 errors in the schema or the arguments.
            """,
        options: [
            CodegenSchemaInput.schemaOption,
            .option("output", value: "file", help: "Where to write the AppSync schema.", default: "standard output"),
        ] + CodegenSchemaInput.authorizationOptions)

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        let options = try CodegenSchemaInput.transformOptions(arguments)
        let (schemaPath, text) = try CodegenSchemaInput.schema(arguments)
        let output: ModelTransformOutput
        do {
            output = try ModelTransformer.transform(text, fileName: schemaPath, options: options)
        } catch {
            CodegenSchemaInput.report(error.diagnostics)
            return ExitCode.usage
        }
        CodegenSchemaInput.report(output.warnings)
        if let outputPath = arguments.value("output"), outputPath != "-" {
            try FileAccess.write(Data(output.appSyncSchema.utf8), to: outputPath)
            let count = output.catalog.models.count
            print("wrote \(outputPath): the AppSync schema of \(count) model\(count == 1 ? "" : "s")")
        } else {
            FileHandle.standardOutput.write(Data(output.appSyncSchema.utf8))
        }
        return ExitCode.success
    }
}
