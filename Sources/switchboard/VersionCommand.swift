import Switchboard

/// `switchboard version` (also `--version` or `-V` after any command): prints `switchboard <version>`.
struct VersionCommand: CLICommand {
    static let definition = CommandDefinition(
        name: "version", abstract: "Print the version of Switchboard (also --version after any command).")

    /// The line every spelling prints.
    static var line: String { "switchboard \(Switchboard.version)" }

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        print(line)
        return ExitCode.success
    }
}
