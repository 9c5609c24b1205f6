/// `switchboard help [<subcommand> ...]`: the help of the tool, or of one command
/// (`switchboard help codegen models` prints what `switchboard codegen models --help` prints).
struct HelpCommand: CLICommand {
    static let definition = CommandDefinition(
        name: "help",
        abstract: "Show the help of the tool or of a command.",
        arguments: [
            ArgumentDefinition(
                "subcommand", help: "The command to describe, e.g. 'query' or 'codegen models'; without it, the tool.",
                optional: true, repeatable: true)
        ])

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        let path = try CommandPath.find(arguments.positional, root: SwitchboardCLI.self)
        print(CommandHelp(path).text)
        return ExitCode.success
    }
}
