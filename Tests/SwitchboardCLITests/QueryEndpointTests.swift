import Foundation
import SwitchboardMock
import TestSupport
import Testing

/// `switchboard query` without a configuration file: `--endpoint`, `-H`, `--api-key`, documents
/// from standard input, and the syntax check that runs before anything is sent.
@Suite struct QueryEndpointTests {
    /// A mock whose `whoAmI` answers only requests carrying `x-team: blue`, and whose `keyed`
    /// answers only the API key `k-123`.
    private static func withServer(
        _ body: @Sendable (_ switchboard: URL, _ server: MockServer) async throws -> Void
    ) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(
                .POST, .operations("whoAmI"), requiredHeaders: ["x-team": "blue"],
                response: .graphQL(data: ["whoAmI": "blue team"])),
            GraphQLEndpoint(
                .POST, .operations("keyed"), requiredHeaders: ["x-api-key": "k-123"],
                response: .graphQL(data: ["keyed": true])),
        ])
        do {
            try await body(switchboard, server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func endpointAndHeaderWorkWithoutAConfigurationFile() async throws {
        try await Self.withServer { switchboard, server in
            let endpoint = server.graphQLURL.absoluteString
            let result = try await CommandRunner.run(
                switchboard,
                ["query", "--endpoint", endpoint, "-H", "x-team: blue", "-H", "x-trace: 1", "query whoAmI { whoAmI }"])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("\"blue team\""))
            let request = try #require(server.receivedRequests.last)
            #expect(request.headers["x-trace"] == "1")
            #expect(request.headers["x-api-key"] == nil)  // authorization NONE

            let without = try await CommandRunner.run(
                switchboard, ["query", "--endpoint", endpoint, "query whoAmI { whoAmI }"])
            #expect(without.status == 1)
            #expect(without.standardError.contains("404"), "\(without.standardError)")
        }
    }

    @Test func apiKeyIsSentAsXAPIKey() async throws {
        try await Self.withServer { switchboard, server in
            let endpoint = server.graphQLURL.absoluteString
            let result = try await CommandRunner.run(
                switchboard, ["query", "--endpoint", endpoint, "--api-key", "k-123", "query keyed { keyed }"])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("true"))

            let wrong = try await CommandRunner.run(
                switchboard, ["query", "--endpoint", endpoint, "--api-key", "k-wrong", "query keyed { keyed }"])
            #expect(wrong.status == 1)
            #expect(wrong.standardError.contains("404"), "\(wrong.standardError)")
        }
    }

    @Test func theDocumentComesFromStandardInputWithADash() async throws {
        try await Self.withServer { switchboard, server in
            let result = try await CommandRunner.run(
                switchboard, ["query", "--endpoint", server.graphQLURL.absoluteString, "-H", "x-team: blue", "-"],
                standardInput: Data("# from a pipe\nquery whoAmI {\n  whoAmI\n}\n".utf8))
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("\"blue team\""))
        }
    }

    @Test(
        arguments: [
            (["{ whoAmI { }"], nil, "<argument>:1:12: syntax error: Expected Name, found \"}\"."),
            (["-"], "query whoAmI {\n  whoAmI(team: )\n}\n", "<stdin>:2:16: syntax error: Unexpected \")\"."),
            (["@FILE"], "query whoAmI {\n  whoAmI", "FILE:2:9: syntax error: Expected Name, found <EOF>."),
        ] as [([String], String?, String)])
    func aSyntaxErrorIsReportedWithItsLocationAndNothingIsSent(
        document: [String], input: String?, firstLine: String
    ) async throws {
        try await Self.withServer { switchboard, server in
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "sb-syntax-\(UUID().uuidString).graphql")
            defer { try? FileManager.default.removeItem(at: file) }
            if let input { try Data(input.utf8).write(to: file) }
            let arguments =
                ["query", "--endpoint", server.graphQLURL.absoluteString, "-H", "x-team: blue"]
                + document.map { $0 == "@FILE" ? "@\(file.path)" : $0 }
            let result = try await CommandRunner.run(
                switchboard, arguments, standardInput: document == ["-"] ? input.map { Data($0.utf8) } : nil)
            #expect(result.status == 2)
            let lines = result.standardError.split(separator: "\n").map(String.init)
            let expected = "switchboard: " + firstLine.replacingOccurrences(of: "FILE", with: file.path)
            #expect(lines.first == expected, "\(result.standardError)")
            #expect(lines.count == 3)  // the source line and the caret under the problem
            #expect(lines.last?.hasSuffix("^") == true, "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
            #expect(server.receivedRequests.isEmpty)
        }
    }

    @Test(arguments: [
        (["--config", "amplifyconfiguration.json", "--endpoint", "ENDPOINT", "{ a }"], "cannot be used together"),
        (["--endpoint", "ftp://example.com/graphql", "{ a }"], "--endpoint must be an absolute http or https URL"),
        (["--endpoint", "ENDPOINT", "--api", "todo", "{ a }"], "--api chooses an API"),
        (["--endpoint", "ENDPOINT", "-H", "Authorization Bearer s3cr3t", "{ a }"], "-H number 1 has no ':'"),
        (
            ["--endpoint", "ENDPOINT", "-H", "x-a: 1", "-H", "Authorization Bearer s3cr3t:x", "{ a }"],
            "-H number 2: the text before ':' is not a header name"
        ),
        (["--endpoint", "ENDPOINT", "-H", "X-Token: s3cr3t\r\nX-Other: 1", "{ a }"], "-H X-Token: the value must"),
        (["--config", "amplifyconfiguration.json", "--api-key", "s3cr3t", "{ a }"], "--api-key goes with --endpoint"),
        (["--endpoint", "ENDPOINT", "subscription { a }"], "switchboard subscribe"),
        (["{ a }"], "give --config FILE or --endpoint URL"),
    ])
    func conflictingOrMalformedOptionsAreUsageErrors(arguments: [String], mentions: String) async throws {
        try await Self.withServer { switchboard, server in
            let result = try await CommandRunner.run(
                switchboard,
                ["query"] + arguments.map { $0 == "ENDPOINT" ? server.graphQLURL.absoluteString : $0 })
            #expect(result.status == 2)
            #expect(result.standardError.hasPrefix("Error: "))
            #expect(result.standardError.contains(mentions), "\(result.standardError)")
            #expect(!result.standardError.contains("s3cr3t"))
            #expect(server.receivedRequests.isEmpty)
        }
    }
}
