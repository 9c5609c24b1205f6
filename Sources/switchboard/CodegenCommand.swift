/// `switchboard codegen SUBCOMMAND …`: code generation. Each subcommand lives in its own type;
/// this one only dispatches.
struct CodegenCommand: CLICommand {
    static let name = "codegen"
    static let summary = "generate typed operations from .graphql files and graphql(\"…\") literals"
    static let usage = CodegenOperationsCommand.usage
    static let options = CodegenOperationsCommand.options
    static let flags = CodegenOperationsCommand.flags

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        guard let subcommand = arguments.positional.first else {
            throw UsageError("expected a subcommand: operations")
        }
        switch subcommand {
        case "operations":
            return try CodegenOperationsCommand.run(arguments, paths: Array(arguments.positional.dropFirst()))
        default:
            throw UsageError("unknown codegen subcommand \"\(subcommand)\"; use operations")
        }
    }
}
