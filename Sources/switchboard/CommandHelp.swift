/// A command's help and usage line, generated from its ``CommandDefinition`` in the layout of
/// swift-argument-parser: `OVERVIEW:`, the discussion, `USAGE:`, `ARGUMENTS:`, `OPTIONS:`,
/// `SUBCOMMANDS:`, wrapped to 80 columns.
struct CommandHelp {
    /// The screen width help is wrapped to.
    static let width = 80
    /// Where the help of an option, argument or subcommand starts.
    static let helpColumn = 26

    /// The commands from `switchboard` down to the one described.
    let path: [any CLICommand.Type]
    /// The definition of the command described.
    let definition: CommandDefinition

    /// The help of the last command of `path`.
    init(_ path: [any CLICommand.Type]) {
        self.path = path
        self.definition = path.last?.definition ?? SwitchboardCLI.definition
    }

    /// `switchboard codegen models`.
    var commandName: String { CommandPath.name(of: path) }

    /// The one usage line: the command, its options (optional ones in brackets, repeatable ones
    /// followed by `...`) and its arguments; `<subcommand>` for a group.
    var usage: String { usageParts.joined(separator: " ") }

    /// The whole help text, without a final newline.
    var text: String {
        var sections = [
            Self.wrap(
                definition.abstract.split(separator: " ").map(String.init), firstPrefix: "OVERVIEW: ",
                prefix: String(repeating: " ", count: 10))
        ]
        if !definition.discussion.isEmpty {
            sections.append(
                definition.discussion.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
                    let indent = line.prefix(while: { $0 == " " }).count
                    return Self.wrap(
                        line.split(separator: " ").map(String.init), firstPrefix: String(repeating: " ", count: indent),
                        prefix: String(repeating: " ", count: indent))
                })
        }
        sections.append(Self.wrap(usageParts, firstPrefix: "USAGE: ", prefix: String(repeating: " ", count: 7)))
        if !definition.arguments.isEmpty {
            sections.append(["ARGUMENTS:"] + definition.arguments.flatMap { Self.entry("<\($0.name)>", $0.help) })
        }
        sections.append(
            ["OPTIONS:"]
                + definition.allOptions.flatMap { option in
                    Self.entry(option.label, option.help + (option.defaultValue.map { " (default: \($0))" } ?? ""))
                })
        if !definition.subcommands.isEmpty {
            sections.append(
                ["SUBCOMMANDS:"]
                    + definition.subcommands.flatMap { Self.entry($0.definition.name, $0.definition.abstract) })
            let helpCommand = (["switchboard", "help"] + path.dropFirst().map { $0.definition.name }).joined(
                separator: " ")
            sections.append(["  See '\(helpCommand) <subcommand>' for detailed help."])
        }
        return sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }

    /// The words of the usage line, each kept whole when the line is wrapped.
    private var usageParts: [String] {
        var parts = [commandName]
        guard definition.subcommands.isEmpty else { return parts + ["<subcommand>"] }
        for option in definition.options {
            let repeated = option.isRepeatable ? " ..." : ""
            parts.append(option.isRequired ? option.synopsis + repeated : "[\(option.synopsis)\(repeated)]")
        }
        for argument in definition.arguments {
            parts.append(argument.isOptional ? "[\(argument.synopsis)]" : argument.synopsis)
        }
        return parts
    }

    /// One entry of a section: the label indented by two, the help from ``helpColumn`` (on the
    /// next line when the label reaches it), each line of the help wrapped.
    private static func entry(_ label: String, _ help: String) -> [String] {
        let column = String(repeating: " ", count: helpColumn)
        let helpLines = help.split(separator: "\n").flatMap { line in
            wrap(line.split(separator: " ").map(String.init), firstPrefix: "", prefix: "", width: width - helpColumn)
        }
        let labelLine = "  " + label
        guard labelLine.count + 2 <= helpColumn, let first = helpLines.first else {
            return [labelLine] + helpLines.map { column + $0 }
        }
        let padding = String(repeating: " ", count: helpColumn - labelLine.count)
        return [labelLine + padding + first] + helpLines.dropFirst().map { column + $0 }
    }

    /// `words` in lines of at most `width` columns (a longer word gets a line of its own), the
    /// first line starting with `firstPrefix` and the others with `prefix`.
    private static func wrap(_ words: [String], firstPrefix: String, prefix: String, width: Int = width) -> [String] {
        var lines: [String] = []
        var line = firstPrefix
        var lineHasWord = false
        for word in words {
            if lineHasWord && line.count + 1 + word.count > width {
                lines.append(line)
                line = prefix
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }
}
