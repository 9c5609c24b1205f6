/// The command line of one command read against its ``CommandDefinition``: option values (`--name
/// value`, `--name=value`, `-s value`), flags and positional arguments, with required options and
/// the number of positional arguments checked.
struct ParsedArguments: Sendable {
    /// The commands from `switchboard` down to the one that runs.
    let commandPath: [any CLICommand.Type]
    /// The definition the arguments were read with.
    let definition: CommandDefinition
    /// The values of each option given, by long name, in command-line order.
    private(set) var values: [String: [String]] = [:]
    /// The long names of the flags given.
    private(set) var flags: Set<String> = []
    /// The positional arguments, in order.
    private(set) var positional: [String] = []

    /// Reads `arguments` for the last command of `commandPath`. `-h`/`--help` and `--version` win
    /// over every other problem of the line, so that they always work.
    init(_ arguments: [String], commandPath: [any CLICommand.Type]) throws(UsageError) {
        self.commandPath = commandPath
        self.definition = commandPath.last?.definition ?? SwitchboardCLI.definition
        var firstError: UsageError?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positional.append(contentsOf: arguments[index...])
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                positional.append(argument)
                continue
            }
            var spelling = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                spelling = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = definition.option(spelled: spelling) else {
                firstError = firstError ?? .unknownOption(spelling, of: definition)
                continue
            }
            if !option.takesValue {
                if let inlineValue { firstError = firstError ?? .unexpectedValue(inlineValue, for: option) }
                flags.insert(option.name)
            } else if let inlineValue {
                values[option.name, default: []].append(inlineValue)
            } else if index < arguments.count {
                values[option.name, default: []].append(arguments[index])
                index += 1
            } else {
                firstError = firstError ?? .missingValue(for: option)
            }
        }
        if wantsHelp || wantsVersion { return }
        if let firstError { throw firstError }
        try checkRequired()
    }

    /// Whether `-h` or `--help` was given.
    var wantsHelp: Bool { flags.contains(OptionDefinition.help.name) }

    /// Whether `--version` or `-V` was given.
    var wantsVersion: Bool { flags.contains(OptionDefinition.version.name) }

    /// The command that runs.
    var command: any CLICommand.Type { commandPath.last ?? SwitchboardCLI.self }

    /// Whether the flag `name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value of an option.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option.
    func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of an option the command needs in this case (for one that is always needed, the
    /// definition says so and the parser checks it).
    func required(_ name: String) throws(UsageError) -> String {
        if let value = value(name) { return value }
        let option = definition.options.first { $0.name == name } ?? .option(name, value: name, help: "")
        throw .missing(option)
    }

    /// Required options present, and as many positional arguments as the definition takes.
    private func checkRequired() throws(UsageError) {
        for option in definition.options where option.isRequired && values[option.name] == nil {
            throw .missing(option)
        }
        var remaining = positional[...]
        for argument in definition.arguments {
            if remaining.isEmpty {
                guard argument.isOptional else { throw .missing(argument) }
                break
            }
            if argument.isRepeatable {
                remaining.removeAll()
            } else {
                remaining.removeFirst()
            }
        }
        if let extra = remaining.first { throw .unexpectedArgument(extra) }
    }
}
