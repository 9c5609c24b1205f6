import Foundation
import ModelTransform

/// `switchboard codegen schema --schema model.graphql --output appsync.graphql`: runs Amplify's
/// `@model` transform and writes the AppSync schema it would deploy; with `--introspect URL`,
/// writes the schema a running server reports instead.
enum CodegenSchemaCommand: CLICommand {
    static let definition = CommandDefinition(
        name: "schema",
        abstract: "Write the AppSync schema Amplify's @model transform would deploy, or a server's schema.",
        discussion: CodegenSchemaInput.authorizationDiscussion + """


            With --introspect URL instead of --schema, the command sends the standard introspection query to the \
            running server at URL (with --api-key and the -H headers; a token from SWITCHBOARD_AUTH_TOKEN) and \
            writes the schema it reports as SDL, or as the introspection JSON when the output file ends in .json: \
            the schema `codegen operations` and the build plugin generate operations against.

            Exit status: 0 written (warnings may be printed), 1 the server did not answer, 2 errors in the schema \
            or the arguments.
            """,
        options: [
            .option(
                "schema", value: "file",
                help: "The @model schema (Amplify GraphQL Transformer v2); or give --introspect."),
            .option("introspect", value: "url", help: "A running GraphQL server to ask for its schema."),
            .option("api-key", value: "key", help: "With --introspect: send <key> as x-api-key."),
            APITarget.headerOption(help: "With --introspect: a header for the request, as 'Name: value' (repeatable)."),
            .option("output", value: "file", help: "Where to write the schema.", default: "standard output"),
        ] + CodegenSchemaInput.authorizationOptions)

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        switch (arguments.value("schema"), arguments.value("introspect")) {
        case (.some, .some): throw UsageError("give --schema or --introspect, not both")
        case (.none, .none): throw UsageError("give --schema FILE (an @model schema) or --introspect URL")
        case (.none, let url?):
            for option in ["default-auth-mode", "auth-mode"] where arguments.value(option) != nil {
                throw UsageError("--\(option) goes with --schema (the transform); --introspect reads a server's schema")
            }
            return try await introspect(url, arguments)
        case (.some, .none): break
        }
        for option in ["api-key", "header"] where arguments.value(option) != nil {
            throw UsageError("--\(option) goes with --introspect")
        }
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

    /// Writes the schema of the server at `url`.
    private static func introspect(_ url: String, _ arguments: ParsedArguments) async throws -> Int32 {
        let (json, schema) = try await SchemaIntrospection.fetch(arguments, endpoint: url)
        let count = schema.types.keys.filter { !$0.hasPrefix("__") }.count
        if let outputPath = arguments.value("output"), outputPath != "-" {
            try FileAccess.write(outputPath.hasSuffix(".json") ? json : Data(schema.sdl.utf8), to: outputPath)
            print("wrote \(outputPath): the schema of \(url), \(count) types")
        } else {
            FileHandle.standardOutput.write(Data(schema.sdl.utf8))
        }
        return ExitCode.success
    }
}
