import Foundation
import Switchboard
import TestSupport
import Testing

/// The help of every command in swift-argument-parser's layout, generated from each command's
/// definition; `--help`, `-h`, `help COMMAND` and `--version` at every level.
@Suite struct CommandHelpTests {
    /// Every command of the tree, groups included, as the words that select it.
    static let commands: [[String]] = [
        [], ["demo"], ["serve"], ["query"], ["subscribe"], ["mock"], ["sigv4"], ["codegen"], ["codegen", "schema"],
        ["codegen", "models"], ["codegen", "operations"], ["help"], ["version"],
    ]

    /// The groups: commands that only dispatch to subcommands.
    static let groups: [[String]] = [[], ["codegen"]]

    @Test(arguments: commands)
    func everyCommandHasHelpInTheArgumentParserLayout(command: [String]) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let help = try await CommandRunner.run(switchboard, command + ["--help"])
        #expect(help.status == 0, "\(help.standardError)")
        #expect(help.standardError.isEmpty)
        let text = help.standardOutput
        let name = (["switchboard"] + command).joined(separator: " ")
        #expect(text.hasPrefix("OVERVIEW: "), "\(text)")
        #expect(text.contains("\n\nUSAGE: \(name)"), "\(text)")
        #expect(text.contains("\n\nOPTIONS:\n"), "\(text)")
        #expect(text.contains("\n  -V, --version           Show the version.\n"), "\(text)")
        #expect(text.contains("\n  -h, --help              Show help information.\n"), "\(text)")
        if Self.groups.contains(command) {
            #expect(text.contains("\n\nSUBCOMMANDS:\n"), "\(text)")
            let helpCommand = (["switchboard", "help"] + command).joined(separator: " ")
            #expect(text.hasSuffix("\n\n  See '\(helpCommand) <subcommand>' for detailed help.\n"), "\(text)")
        } else {
            #expect(!text.contains("SUBCOMMANDS:"), "\(text)")
            #expect(text.hasSuffix("\n  -h, --help              Show help information.\n"), "\(text)")
        }
        for line in text.split(separator: "\n") {
            #expect(line.count <= 80 || !line.contains(" "), "longer than 80 columns: \(line)")
        }
        for spelling in [["-h"], ["help"]] {
            let arguments = spelling == ["help"] ? ["help"] + command : command + spelling
            let same = try await CommandRunner.run(switchboard, arguments)
            #expect(same.status == 0)
            #expect(same.standardOutput == text, "\(arguments) printed another help")
        }
    }

    @Test func theRootHelpListsEveryCommandAndEndsWithWhereTheirHelpIs() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let result = try await CommandRunner.run(switchboard, ["--help"])
        #expect(result.status == 0)
        let text = result.standardOutput
        #expect(text.contains("\n\nUSAGE: switchboard <subcommand>\n\n"))
        for command in Self.commands where command.count == 1 {
            #expect(text.contains("\n  \(command[0]) "), "missing \(command[0])")
        }
        #expect(text.hasSuffix("\n\n  See 'switchboard help <subcommand>' for detailed help.\n"))
    }

    /// The whole help of one command, to show the layout: value names, defaults, the help column.
    @Test func codegenSchemaHelpIsExactlyThis() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let result = try await CommandRunner.run(switchboard, ["codegen", "schema", "--help"])
        #expect(
            result.standardOutput == """
                OVERVIEW: Write the AppSync schema Amplify's @model transform would deploy, or a
                          server's schema.

                <mode> is API_KEY, AWS_IAM, AMAZON_COGNITO_USER_POOLS, OPENID_CONNECT or
                AWS_LAMBDA (or apiKey, iam, userPools, oidc, lambda). Problems in the schema are
                printed as FILE:LINE:COLUMN: error: …

                With --introspect URL instead of --schema, the command sends the standard
                introspection query to the running server at URL (with --api-key and the -H
                headers; a token from SWITCHBOARD_AUTH_TOKEN) and writes the schema it reports
                as SDL, or as the introspection JSON when the output file ends in .json: the
                schema `codegen operations` and the build plugin generate operations against.

                Exit status: 0 written (warnings may be printed), 1 the server did not answer, 2
                errors in the schema or the arguments.

                USAGE: switchboard codegen schema [--schema <file>] [--introspect <url>]
                       [--api-key <key>] [--header <header> ...] [--output <file>]
                       [--default-auth-mode <mode>] [--auth-mode <mode> ...]

                OPTIONS:
                  --schema <file>         The @model schema (Amplify GraphQL Transformer v2); or
                                          give --introspect.
                  --introspect <url>      A running GraphQL server to ask for its schema.
                  --api-key <key>         With --introspect: send <key> as x-api-key.
                  -H, --header <header>   With --introspect: a header for the request, as 'Name:
                                          value' (repeatable).
                  --output <file>         Where to write the schema. (default: standard output)
                  --default-auth-mode <mode>
                                          The API's default authorization mode. (default:
                                          API_KEY)
                  --auth-mode <mode>      An additional authorization mode (repeatable); with
                                          none, @auth rules may use any.
                  -V, --version           Show the version.
                  -h, --help              Show help information.

                """)
    }

    /// Each option on its own line with its value name, its help from column 26 (on the next line
    /// when the label reaches it) and its default.
    @Test func optionsAreAlignedWithValueNamesAndDefaults() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let text = try await CommandRunner.run(switchboard, ["serve", "--help"]).standardOutput
        let options = try #require(text.components(separatedBy: "\n\nOPTIONS:\n").last)
        for line in options.split(separator: "\n").map(String.init) {
            if line.hasPrefix("  -") {
                // A label, then its help from column 26 after a gap, or alone when it reaches the column.
                guard let gap = line.dropFirst(2).range(of: "  ") else { continue }
                let helpStart = line[gap.upperBound...].firstIndex { $0 != " " }
                #expect(helpStart.map { line.distance(from: line.startIndex, to: $0) } == 26, "\(line)")
            } else {
                #expect(line.hasPrefix(String(repeating: " ", count: 26)), "not in the help column: \(line)")
                #expect(line.dropFirst(26).first != " ", "not in the help column: \(line)")
            }
        }
        #expect(options.contains("\n  --port <port>           The port; 0 picks a free one. (default: 20002)\n"))
        #expect(options.contains("\n  --in-memory             Keep items in memory only (gone when the server\n"))
        #expect(options.contains("\n  --aws-secret-access-key <secret>\n                          The secret key of"))
        #expect(options.contains("(default: 127.0.0.1)"))
    }

    /// `codegen models --help` is the help of `codegen models` alone, not of every codegen command.
    @Test(arguments: ["schema", "models", "operations"])
    func aCodegenSubcommandsHelpIsOnlyItsOwn(subcommand: String) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        for arguments in [["codegen", subcommand, "--help"], ["help", "codegen", subcommand]] {
            let result = try await CommandRunner.run(switchboard, arguments)
            #expect(result.status == 0)
            let text = result.standardOutput
            #expect(text.components(separatedBy: "USAGE:").count == 2, "\(arguments): \(text)")
            #expect(text.contains("USAGE: switchboard codegen \(subcommand) "), "\(arguments): \(text)")
            for other in ["schema", "models", "operations"] where other != subcommand {
                #expect(!text.contains("switchboard codegen \(other)"), "\(arguments) shows codegen \(other)")
            }
        }
        let models = try await CommandRunner.run(switchboard, ["codegen", "models", "--help"]).standardOutput
        #expect(models.contains("--lazy-load"))
        let schema = try await CommandRunner.run(switchboard, ["codegen", "schema", "--help"]).standardOutput
        #expect(!schema.contains("--lazy-load"))
    }

    @Test(arguments: [
        ["--version"], ["-V"], ["version"], ["serve", "--version"], ["query", "--version"], ["codegen", "--version"],
        ["codegen", "models", "--version"], ["codegen", "operations", "-V"], ["help", "--version"],
    ])
    func versionWorksAtEveryLevel(arguments: [String]) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let result = try await CommandRunner.run(switchboard, arguments)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "switchboard \(Switchboard.version)\n")
    }

    /// `--help` is answered even when the rest of the line is wrong or incomplete.
    @Test(arguments: [
        ["serve", "--bogus", "--help"], ["query", "-h"], ["codegen", "models", "--output", "x", "-h"],
        ["sigv4", "--help", "extra"],
    ])
    func helpWinsOverOtherProblems(arguments: [String]) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let result = try await CommandRunner.run(switchboard, arguments)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("OVERVIEW: "))
        #expect(result.standardError.isEmpty)
    }

    /// A group without a subcommand prints its help and exits 2, as `switchboard` alone always did.
    @Test(arguments: [[], ["codegen"]])
    func aGroupWithoutASubcommandPrintsItsHelp(arguments: [String]) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let result = try await CommandRunner.run(switchboard, arguments)
        #expect(result.status == 2)
        #expect(result.standardOutput.contains("\n\nSUBCOMMANDS:\n"))
    }
}
