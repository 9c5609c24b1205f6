import Testing

@testable import switchboard

/// The definitions every command's help and parsing come from are consistent: names are unique
/// and nothing hides `--help` or `--version`.
@Suite struct CommandDefinitionTests {
    /// Every command of the tree, depth first.
    static func allCommands() -> [any CLICommand.Type] {
        var commands: [any CLICommand.Type] = []
        var pending: [any CLICommand.Type] = [SwitchboardCLI.self]
        while let command = pending.popLast() {
            commands.append(command)
            pending.append(contentsOf: command.definition.subcommands)
        }
        return commands
    }

    @Test func theTreeHoldsEveryCommand() {
        let names = Set(Self.allCommands().map { CommandPath.name(of: [$0]) })
        #expect(
            names == [
                "switchboard", "demo", "serve", "query", "subscribe", "mock", "sigv4", "codegen", "schema", "models",
                "operations", "help", "version",
            ])
    }

    @Test func namesAreUniqueWithinEachCommand() {
        for command in Self.allCommands() {
            let definition = command.definition
            let names = definition.allOptions.map(\.name)
            #expect(Set(names).count == names.count, "\(definition.name): \(names)")
            let shortNames = definition.allOptions.compactMap(\.shortName)
            #expect(Set(shortNames).count == shortNames.count, "\(definition.name): \(shortNames)")
            let subcommands = definition.subcommands.map { $0.definition.name }
            #expect(Set(subcommands).count == subcommands.count, "\(definition.name): \(subcommands)")
            #expect(!definition.abstract.isEmpty, "\(definition.name) has no abstract")
            for option in definition.options { #expect(!option.help.isEmpty, "--\(option.name) has no help") }
            // Only the last positional argument may take several words or be left out.
            for argument in definition.arguments.dropLast() {
                #expect(!argument.isRepeatable && !argument.isOptional, "\(definition.name): <\(argument.name)>")
            }
        }
    }

    /// What help lists is what the parser accepts, value or not.
    @Test func theParserReadsTheOptionsHelpShows() throws {
        for command in Self.allCommands() where command.definition.subcommands.isEmpty {
            for option in command.definition.options {
                let words = option.takesValue ? [option.longSpelling, "value"] : [option.longSpelling]
                let parsed = try? ParsedArguments(words + ["--help"], commandPath: [SwitchboardCLI.self, command])
                #expect(parsed?.flags.contains(option.name) == !option.takesValue, "\(option.longSpelling)")
                #expect(parsed?.value(option.name) == (option.takesValue ? "value" : nil), "\(option.longSpelling)")
                #expect(
                    CommandHelp([SwitchboardCLI.self, command]).text.contains("  \(option.label)"),
                    "help of \(command.definition.name) lacks \(option.label)")
            }
        }
    }
}
