/// `switchboard codegen <subcommand>`: the AppSync schema and Swift models of an `@model` schema, and
/// typed operations. A group: each subcommand is its own command with its own options.
struct CodegenCommand: CLICommand {
    static let definition = CommandDefinition(
        name: "codegen",
        abstract: "Generate the AppSync schema, Swift models or typed operations.",
        subcommands: [CodegenSchemaCommand.self, CodegenModelsCommand.self, CodegenOperationsCommand.self])
}
