/// Wrong use of the command line. Reported as `Error: message`, the usage line of the command and
/// where its help is, with exit code 2; nothing has been done.
struct UsageError: Error, CustomStringConvertible {
    /// What was wrong, for the `Error:` line.
    let message: String
    /// The commands from `switchboard` down to the one the error is about, when it is not the
    /// command that was run (an unknown subcommand is reported with its group's usage).
    let commandPath: [any CLICommand.Type]?

    /// An error about the command being run.
    init(_ message: String) {
        self.message = message
        self.commandPath = nil
    }

    private init(_ message: String, commandPath: [any CLICommand.Type]) {
        self.message = message
        self.commandPath = commandPath
    }

    /// The message.
    var description: String { message }

    /// An option the command does not have, with the closest one it has.
    static func unknownOption(_ spelling: String, of definition: CommandDefinition) -> UsageError {
        let suggestion =
            spelling.count > 2 ? NameSuggestion.closest(to: spelling, among: definition.optionSpellings) : nil
        return UsageError("Unknown option '\(spelling)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? ""))
    }

    /// A word that names no subcommand of the last command of `path`.
    static func unknownCommand(_ name: String, path: [any CLICommand.Type]) -> UsageError {
        let names = path.last?.definition.subcommands.map { $0.definition.name } ?? []
        let group = path.dropFirst().map { $0.definition.name }.joined(separator: " ")
        let kind = group.isEmpty ? "command" : "\(group) subcommand"
        if let suggestion = NameSuggestion.closest(to: name, among: names) {
            return UsageError("Unknown \(kind) '\(name)'. Did you mean '\(suggestion)'?", commandPath: path)
        }
        return UsageError(
            "Unknown \(kind) '\(name)'. The \(kind)s are \(list(names)).", commandPath: path)
    }

    /// An option given last, without the value it takes.
    static func missingValue(for option: OptionDefinition) -> UsageError {
        UsageError("Missing value for '\(option.synopsis)'")
    }

    /// A value after `=` for a flag, which takes none.
    static func unexpectedValue(_ value: String, for option: OptionDefinition) -> UsageError {
        UsageError("'\(option.longSpelling)' takes no value; remove '=\(value)'")
    }

    /// A required option that is absent.
    static func missing(_ option: OptionDefinition) -> UsageError {
        UsageError("Missing expected argument '\(option.synopsis)'")
    }

    /// A required positional argument that is absent.
    static func missing(_ argument: ArgumentDefinition) -> UsageError {
        UsageError("Missing expected argument '\(argument.synopsis)'")
    }

    /// A positional argument more than the command takes.
    static func unexpectedArgument(_ argument: String) -> UsageError {
        UsageError("Unexpected argument '\(argument)'")
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    }
}
