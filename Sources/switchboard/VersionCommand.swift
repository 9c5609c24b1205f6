import Switchboard

/// `switchboard version` (also `switchboard --version`): prints `switchboard <version>`.
struct VersionCommand: CLICommand {
    static let name = "version"
    static let summary = "print the version of Switchboard"
    static let usage = "switchboard version   (or switchboard --version)"
    static let options: Set<String> = []
    static let flags: Set<String> = []

    /// The line both spellings print.
    static var line: String { "switchboard \(Switchboard.version)" }

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        guard arguments.positional.isEmpty else { throw UsageError("unexpected argument \(arguments.positional[0])") }
        print(line)
        return ExitCode.success
    }
}
