/// What a command is, declared once: its name, abstract, discussion, positional arguments, options
/// and subcommands. Help is generated from it and the parser reads the command line with it, so the
/// two cannot disagree.
struct CommandDefinition: Sendable {
    /// The word that selects the command (`models` in `switchboard codegen models`).
    let name: String
    /// One sentence: the OVERVIEW line, and the command's line in its parent's SUBCOMMANDS.
    let abstract: String
    /// Paragraphs after the overview; lines longer than the screen are wrapped, indentation kept.
    let discussion: String
    /// The positional arguments, in order.
    let arguments: [ArgumentDefinition]
    /// The options and flags, in the order help lists them (`--help` and `--version` are added).
    let options: [OptionDefinition]
    /// The commands below this one; a command with subcommands is a group that only dispatches.
    let subcommands: [any CLICommand.Type]

    /// A command; the lists default to empty.
    init(
        name: String, abstract: String, discussion: String = "", arguments: [ArgumentDefinition] = [],
        options: [OptionDefinition] = [], subcommands: [any CLICommand.Type] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
    }

    /// The declared options followed by `--version` and `-h`, `--help`, which every command takes.
    var allOptions: [OptionDefinition] { options + [.version, .help] }

    /// The option a command-line word spells: `--name`, `-s`, or `-name` (a single dash before a
    /// long name, which earlier versions accepted).
    func option(spelled spelling: String) -> OptionDefinition? {
        if spelling.hasPrefix("--") {
            let name = spelling.dropFirst(2)
            return allOptions.first { $0.name == name }
        }
        guard spelling.hasPrefix("-") else { return nil }
        let name = spelling.dropFirst()
        if name.count == 1, let letter = name.first, let option = allOptions.first(where: { $0.shortName == letter }) {
            return option
        }
        return allOptions.first { $0.name == name }
    }

    /// Every spelling an option can be written with, for suggestions.
    var optionSpellings: [String] {
        allOptions.flatMap { option in [option.longSpelling] + (option.shortName.map { ["-\($0)"] } ?? []) }
    }

    /// The subcommand called `name`, if there is one.
    func subcommand(named name: String) -> (any CLICommand.Type)? {
        subcommands.first { $0.definition.name == name }
    }
}
