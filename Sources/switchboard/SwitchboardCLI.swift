import Foundation

/// `switchboard`: run GraphQL operations, serve and mock APIs, and generate code from the command
/// line. The root of the command tree: it finds the command a line runs, answers `--help` and
/// `--version` at every level, and reports errors.
@main
struct SwitchboardCLI: CLICommand {
    static let definition = CommandDefinition(
        name: "switchboard",
        abstract: "Run GraphQL operations, serve and mock GraphQL APIs, and generate Swift code.",
        discussion: """
            Exit status: 0 success, 1 GraphQL errors or a failed request, 2 usage, input or configuration \
            errors (nothing was done).
            """,
        subcommands: [
            DemoCommand.self, ServeCommand.self, QueryCommand.self, SubscribeCommand.self, MockCommand.self,
            SigV4Command.self, CodegenCommand.self, HelpCommand.self, VersionCommand.self,
        ])

    /// Runs the command the process's arguments name and exits with its status.
    static func main() async {
        let arguments: ParsedArguments
        do {
            let (path, rest) = try CommandPath.resolve(Array(CommandLine.arguments.dropFirst()), root: Self.self)
            do {
                arguments = try ParsedArguments(rest, commandPath: path)
            } catch {
                failWithUsage(error, path: path)
            }
        } catch {
            failWithUsage(error, path: error.commandPath ?? [Self.self])
        }
        if arguments.wantsHelp {
            print(CommandHelp(arguments.commandPath).text)
            exit(ExitCode.success)
        }
        if arguments.wantsVersion {
            print(VersionCommand.line)
            exit(ExitCode.success)
        }
        do {
            exit(try await arguments.command.run(arguments))
        } catch let error as UsageError {
            failWithUsage(error, path: error.commandPath ?? arguments.commandPath)
        } catch {
            fail(CLIFailure.message(for: error), code: CLIFailure.exitCode(for: error))
        }
    }

    /// `switchboard: message` on standard error, then exit with `code`.
    static func fail(_ message: String, code: Int32) -> Never {
        FileHandle.standardError.write(Data("switchboard: \(message)\n".utf8))
        exit(code)
    }

    /// A usage error as swift-argument-parser reports it: the error, the usage line of the command
    /// it concerns, and where that command's help is; then exit with ``ExitCode/usage``.
    static func failWithUsage(_ error: UsageError, path: [any CLICommand.Type]) -> Never {
        let help = CommandHelp(path)
        let text = """
            Error: \(error.message)
            Usage: \(help.usage)
              See '\(help.commandName) --help' for more information.

            """
        FileHandle.standardError.write(Data(text.utf8))
        exit(ExitCode.usage)
    }
}
