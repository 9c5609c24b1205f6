import Foundation
import TestSupport
import Testing

/// Usage errors as swift-argument-parser prints them (`Error:`, `Usage:`, where help is; exit 2,
/// no help text).
@Suite struct UsageErrorTests {
    @Test func aUsageErrorIsTheErrorTheUsageLineAndWhereHelpIs() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let result = try await CommandRunner.run(switchboard, ["codegen", "models", "--schema", "s.graphql"])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == """
                Error: Missing expected argument '--output <dir>'
                Usage: switchboard codegen models --schema <file> --output <dir> [--lazy-load] \
                [--registry-name <name>] [--default-auth-mode <mode>] [--auth-mode <mode> ...]
                  See 'switchboard codegen models --help' for more information.

                """)
    }

    /// Each error names the command it is about; the help is never reprinted.
    @Test(
        arguments: [
            (["serve", "--port"], "Missing value for '--port <port>'", "serve"),
            (["serve", "--in-memory=no"], "'--in-memory' takes no value; remove '=no'", "serve"),
            (["serve", "extra"], "Unexpected argument 'extra'", "serve"),
            (["serve", "--example-schema", "--port", "70000"], "--port must be a number from 0 to 65535", "serve"),
            (["query"], "Missing expected argument '<document>'", "query"),
            (
                ["query", "--endpoint", "http://127.0.0.1:9/graphql", "{ a }", "{ b }"], "Unexpected argument '{ b }'",
                "query"
            ),
            (["subscribe", "--count", "0", "{ a }"], "--count must be a positive number", "subscribe"),
            (["mock"], "Missing expected argument '<config>'", "mock"),
            (["sigv4", "--method", "GET"], "Missing expected argument '--url <url>'", "sigv4"),
            (["codegen", "schema"], "Missing expected argument '--schema <file>'", "codegen schema"),
            (
                ["codegen", "operations", "--output", "o"], "Missing expected argument '<paths> ...'",
                "codegen operations"
            ),
            (["codegen", "typescript"], "Unknown codegen subcommand 'typescript'.", "codegen"),
            (["demo", "now"], "Unexpected argument 'now'", "demo"),
            (["version", "2"], "Unexpected argument '2'", "version"),
            (["help", "frobnicate"], "Unknown command 'frobnicate'.", ""),
            (["--frobnicate"], "Unknown option '--frobnicate'", ""),
        ] as [([String], String, String)])
    func aUsageErrorNamesItsCommand(arguments: [String], message: String, command: String) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let result = try await CommandRunner.run(switchboard, arguments)
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let name = command.isEmpty ? "switchboard" : "switchboard \(command)"
        #expect(lines.count == 4, "\(result.standardError)")  // three lines and the final newline
        #expect(lines.first?.hasPrefix("Error: \(message)") == true, "\(result.standardError)")
        let usage = lines.dropFirst().first ?? ""
        #expect(usage == "Usage: \(name)" || usage.hasPrefix("Usage: \(name) "), "\(result.standardError)")
        #expect(lines.dropFirst(2).first == "  See '\(name) --help' for more information.", "\(result.standardError)")
        #expect(!result.standardError.contains("OPTIONS:"))
    }
}
