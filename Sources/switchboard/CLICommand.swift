/// One command of the `switchboard` tree: its definition (what help shows and what the parser
/// accepts) and what it does.
protocol CLICommand: Sendable {
    /// The command's name, abstract, discussion, arguments, options and subcommands.
    static var definition: CommandDefinition { get }
    /// Runs the command with arguments already checked against ``definition``; returns the exit code.
    static func run(_ arguments: ParsedArguments) async throws -> Int32
}

extension CLICommand {
    /// A group run without a subcommand prints its help and exits with the usage status.
    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        print(CommandHelp(arguments.commandPath).text)
        return ExitCode.usage
    }
}
