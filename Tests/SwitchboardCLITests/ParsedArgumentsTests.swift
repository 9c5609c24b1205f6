import Testing

@testable import switchboard

/// Reading a command line with a command's definition, and finding the command in the tree.
@Suite struct ParsedArgumentsTests {
    private static func parse(_ words: [String]) throws(UsageError) -> ParsedArguments {
        let (path, rest) = try CommandPath.resolve(words, root: SwitchboardCLI.self)
        return try ParsedArguments(rest, commandPath: path)
    }

    @Test func optionsTakeTheirValueInEveryWrittenForm() throws {
        let parsed = try Self.parse([
            "query", "--endpoint=http://127.0.0.1:9/graphql", "-H", "a: 1", "--header", "b: 2", "-H=c: 3",
            "-variables", "{}", "--", "-",
        ])
        #expect(parsed.command.definition.name == "query")
        #expect(parsed.value("endpoint") == "http://127.0.0.1:9/graphql")
        #expect(parsed.allValues("header") == ["a: 1", "b: 2", "c: 3"])
        #expect(parsed.value("variables") == "{}")  // a single dash before a long name, as before
        #expect(parsed.positional == ["-"])
    }

    @Test func theLastValueOfAnOptionGivenTwiceWins() throws {
        let parsed = try Self.parse(["serve", "--port", "1", "--port", "2", "--in-memory", "--example-schema"])
        #expect(parsed.value("port") == "2")
        #expect(parsed.flag("in-memory") && parsed.flag("example-schema"))
        #expect(!parsed.flag("help"))
    }

    /// A group's subcommand is its first positional word, options may come first (as before).
    @Test func optionsMayComeBeforeASubcommand() throws {
        let parsed = try Self.parse(["codegen", "--schema", "models", "models", "--output", "out"])
        #expect(CommandPath.name(of: parsed.commandPath) == "switchboard codegen models")
        #expect(parsed.value("schema") == "models")
        #expect(parsed.value("output") == "out")
    }

    @Test func helpAndVersionAreFoundDespiteOtherErrors() throws {
        #expect(try Self.parse(["codegen", "models", "--bogus", "-h"]).wantsHelp)
        #expect(try Self.parse(["serve", "--port", "--version"]).value("port") == "--version")
        #expect(try Self.parse(["serve", "--in-memory=yes", "-V"]).wantsVersion)
    }

    @Test func requiredOptionsAndArgumentsAreChecked() {
        #expect(throws: UsageError.self) { try Self.parse(["codegen", "models", "--output", "o"]) }
        #expect(throws: UsageError.self) { try Self.parse(["codegen", "operations", "--output", "o"]) }
        #expect(throws: UsageError.self) { try Self.parse(["mock", "a.yaml", "b.yaml"]) }
        #expect(throws: UsageError.self) { try CommandPath.find(["codegen", "nothing"], root: SwitchboardCLI.self) }
        let paths = try? Self.parse(["codegen", "operations", "--output", "o", "a.graphql", "b"])
        #expect(paths?.positional == ["a.graphql", "b"])
    }

    @Test func helpFindsNestedCommands() throws {
        let path = try CommandPath.find(["codegen", "models"], root: SwitchboardCLI.self)
        #expect(CommandPath.name(of: path) == "switchboard codegen models")
        #expect(CommandHelp(path).usage.hasPrefix("switchboard codegen models --schema <file> --output <dir>"))
    }
}
