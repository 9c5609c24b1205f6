import Foundation
import Switchboard
import TestSupport
import Testing

/// `switchboard --version`, `switchboard version` and `switchboard help <command>`.
@Suite struct HelpAndVersionTests {
    /// Every command of the tool; `help` must know each one.
    static let commands = ["demo", "serve", "query", "subscribe", "mock", "sigv4", "codegen", "help", "version"]

    @Test(arguments: [["--version"], ["version"]])
    func versionPrintsTheLibraryVersion(arguments: [String]) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let result = try await CommandRunner.run(switchboard, arguments)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "switchboard \(Switchboard.version)\n")
    }

    @Test(arguments: commands)
    func helpPrintsTheUsageOfEveryCommand(command: String) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let help = try await CommandRunner.run(switchboard, ["help", command])
        #expect(help.status == 0, "\(help.standardError)")
        #expect(help.standardOutput.hasPrefix("OVERVIEW: "), "\(help.standardOutput)")
        #expect(help.standardOutput.contains("\n\nUSAGE: switchboard \(command)"), "\(help.standardOutput)")
        let option = try await CommandRunner.run(switchboard, [command, "--help"])
        #expect(option.status == 0)
        #expect(help.standardOutput == option.standardOutput)
    }

    @Test func helpWithoutACommandListsThemAll() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let result = try await CommandRunner.run(switchboard, ["help"])
        #expect(result.status == 0)
        for command in Self.commands {
            #expect(result.standardOutput.contains("\n  \(command) "), "missing \(command)")
        }
    }

    @Test func helpForAnUnknownCommandIsAUsageError() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let result = try await CommandRunner.run(switchboard, ["help", "frobnicate"])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("Error: Unknown command 'frobnicate'"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }
}
