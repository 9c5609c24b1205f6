/// `switchboard help [COMMAND]`: the list of commands, or one command's usage.
struct HelpCommand: CLICommand {
    static let name = "help"
    static let summary = "show the commands, or one command's options"
    static let usage = """
        switchboard help [COMMAND]
          COMMAND   a command name; without it, the list of commands
        """
    static let options: Set<String> = []
    static let flags: Set<String> = []

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        switch arguments.positional.count {
        case 0:
            print(SwitchboardCLI.usage)
        case 1:
            let name = arguments.positional[0]
            guard let command = SwitchboardCLI.command(named: name) else {
                throw UsageError("unknown command \"\(name)\"; commands: \(SwitchboardCLI.commandNames)")
            }
            print(command.usage)  // what `switchboard COMMAND --help` prints
        default:
            throw UsageError("expected at most one COMMAND argument")
        }
        return ExitCode.success
    }
}
