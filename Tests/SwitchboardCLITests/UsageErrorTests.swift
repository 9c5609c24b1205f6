import Foundation
import TestSupport
import Testing

/// Usage errors as swift-argument-parser prints them (`Error:`, `Usage:`, where help is; exit 2,
/// no help text), and the closest command or option suggested for a mistyped one.
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
                [--registry-name <name>] [--access <level>] [--default-auth-mode <mode>] [--auth-mode <mode> ...]
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
            (["codegen", "schema"], "give --schema FILE (an @model schema) or --introspect URL", "codegen schema"),
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

    @Test(arguments: [
        (["serv"], "Unknown command 'serv'. Did you mean 'serve'?"),
        (["Query", "{ a }"], "Unknown command 'Query'. Did you mean 'query'?"),
        (["subscirbe"], "Unknown command 'subscirbe'. Did you mean 'subscribe'?"),
        (["sub"], "Unknown command 'sub'. Did you mean 'subscribe'?"),
        (["codgen", "models"], "Unknown command 'codgen'. Did you mean 'codegen'?"),
        (["codegen", "modles"], "Unknown codegen subcommand 'modles'. Did you mean 'models'?"),
        (["codegen", "operation"], "Unknown codegen subcommand 'operation'. Did you mean 'operations'?"),
        (["help", "qurey"], "Unknown command 'qurey'. Did you mean 'query'?"),
        (["help", "codegen", "shema"], "Unknown codegen subcommand 'shema'. Did you mean 'schema'?"),
        (["serve", "--shema", "x.graphql"], "Unknown option '--shema'. Did you mean '--schema'?"),
        (["serve", "--in-memroy"], "Unknown option '--in-memroy'. Did you mean '--in-memory'?"),
        (["query", "--endpiont", "http://x", "{ a }"], "Unknown option '--endpiont'. Did you mean '--endpoint'?"),
        (["codegen", "models", "--lazyload"], "Unknown option '--lazyload'. Did you mean '--lazy-load'?"),
        (
            ["mock", "--max-recorded", "1", "m.yaml"],
            "Unknown option '--max-recorded'. Did you mean '--max-recorded-requests'?"
        ),
        (["serve", "--hepl"], "Unknown option '--hepl'. Did you mean '--help'?"),
        (["serve", "--verison"], "Unknown option '--verison'. Did you mean '--version'?"),
    ])
    func aMistypedNameGetsTheClosestOne(arguments: [String], message: String) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let result = try await CommandRunner.run(switchboard, arguments)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("Error: \(message)\nUsage: "), "\(result.standardError)")
    }

    /// Nothing is suggested when nothing is close; an unknown command lists the commands instead.
    @Test func aFarOffNameGetsNoSuggestion() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let command = try await CommandRunner.run(switchboard, ["frobnicate"])
        #expect(
            command.standardError.hasPrefix(
                "Error: Unknown command 'frobnicate'. The commands are demo, serve, query, subscribe, mock, sigv4, "
                    + "codegen, help and version.\n"), "\(command.standardError)")
        let option = try await CommandRunner.run(switchboard, ["serve", "--frobnicate"])
        #expect(option.standardError.hasPrefix("Error: Unknown option '--frobnicate'\n"), "\(option.standardError)")
        let ambiguous = try await CommandRunner.run(switchboard, ["mock", "--max", "1", "m.yaml"])
        #expect(ambiguous.standardError.hasPrefix("Error: Unknown option '--max'\n"), "\(ambiguous.standardError)")
    }
}
