import Foundation

/// `switchboard`: run GraphQL operations from the command line.
@main
struct SwitchboardCLI {
    static let commands: [any CLICommand.Type] = [
        DemoCommand.self, ServeCommand.self, QueryCommand.self, SubscribeCommand.self, MockCommand.self,
        SigV4Command.self,
        CodegenCommand.self, HelpCommand.self, VersionCommand.self,
    ]

    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first else {
            print(usage)
            exit(ExitCode.usage)
        }
        switch name {
        case "-h", "--help":
            print(usage)
            exit(ExitCode.success)
        case "--version", "-V":
            print(VersionCommand.line)
            exit(ExitCode.success)
        default:
            break
        }
        arguments.removeFirst()
        guard let command = command(named: name) else {
            fail("unknown command \"\(name)\"\n\n\(usage)", code: ExitCode.usage)
        }
        do {
            let parsed = try ParsedArguments(arguments, options: command.options, flags: command.flags)
            if parsed.flags.contains("help") {
                print(command.usage)
                exit(ExitCode.success)
            }
            exit(try await command.run(parsed))
        } catch let error as UsageError {
            fail("\(error.message)\nusage: \(command.usage)", code: ExitCode.usage)
        } catch {
            fail(CLIFailure.message(for: error), code: CLIFailure.exitCode(for: error))
        }
    }

    /// The command called `name`, if there is one.
    static func command(named name: String) -> (any CLICommand.Type)? {
        commands.first { $0.name == name }
    }

    /// Every command name, comma-separated.
    static var commandNames: String { commands.map { $0.name }.joined(separator: ", ") }

    static var usage: String {
        """
        usage: switchboard <command> [options]

        commands:
        \(commands.map { "  \($0.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(separator: "\n"))

        Run `switchboard help <command>` or `switchboard <command> --help` for the options of a command,
        `switchboard --version` for the version.
        """
    }

    static func fail(_ message: String, code: Int32) -> Never {
        FileHandle.standardError.write(Data("switchboard: \(message)\n".utf8))
        exit(code)
    }
}

/// Process exit codes shared by every command.
enum ExitCode {
    static let success: Int32 = 0
    /// The operation ran but the server returned GraphQL errors, or a network/HTTP failure.
    static let failure: Int32 = 1
    /// Bad arguments or configuration.
    static let usage: Int32 = 2
}

/// One subcommand of the CLI.
protocol CLICommand: Sendable {
    static var name: String { get }
    static var summary: String { get }
    static var usage: String { get }
    /// Options that take a value (`--config FILE`); repeated ones keep every value.
    static var options: Set<String> { get }
    /// Options without a value (`--help` is always accepted).
    static var flags: Set<String> { get }
    /// Runs the command and returns the exit code.
    static func run(_ arguments: ParsedArguments) async throws -> Int32
}
