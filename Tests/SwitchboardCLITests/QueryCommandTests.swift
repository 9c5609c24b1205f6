import Foundation
import SwitchboardNet
import TestSupport
import Testing

/// `switchboard query` run as a real process against a loopback GraphQL server.
@Suite struct QueryCommandTests {
    private static func withServer(
        _ body: @Sendable (_ switchboard: URL, _ configPath: String, _ server: HTTPServer) async throws -> Void
    ) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let server = try await HTTPServer.start { request in
            let text = request.bodyText
            if text.contains("broken") { return .json(#"{"errors":[{"message":"field broken is unknown"}]}"#) }
            if text.contains("mutation") { return .json(#"{"data":{"createTodo":{"id":"new"}}}"#) }
            if request.headers["Authorization"] == "cli-token" { return .json(#"{"data":{"who":"token"}}"#) }
            return .json(#"{"data":{"echo":\#(text)}}"#)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sb-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("amplifyconfiguration.json")
        let json = """
            {"api": {"plugins": {"awsAPIPlugin": {"todo": {"endpointType": "GraphQL",
              "endpoint": "\(server.url.absoluteString)/graphql", "region": "us-east-1",
              "authorizationType": "API_KEY", "apiKey": "da2-clikey"}}}}}
            """
        try Data(json.utf8).write(to: config)
        do {
            try await body(switchboard, config.path, server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    @Test func printsTheResponseJSONAndExitsZeroOnData() async throws {
        try await Self.withServer { switchboard, config, _ in
            let result = try await CommandRunner.run(
                switchboard, ["query", "--config", config, "--variables", #"{"id":"1"}"#, "query Q($id: ID) { a }"])
            #expect(result.status == 0, "\(result.standardError)")
            let printed = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
            let echo = (printed?["data"] as? [String: Any])?["echo"] as? [String: Any]
            #expect(echo?["query"] as? String == "query Q($id: ID) { a }")
            #expect((echo?["variables"] as? [String: Any])?["id"] as? String == "1")
        }
    }

    @Test func graphQLErrorsExitOne() async throws {
        try await Self.withServer { switchboard, config, _ in
            let result = try await CommandRunner.run(switchboard, ["query", "--config", config, "{ broken }"])
            #expect(result.status == 1)
            #expect(result.standardOutput.contains("field broken is unknown"))
        }
    }

    @Test func mutationsAndDocumentsFromFilesWork() async throws {
        try await Self.withServer { switchboard, config, _ in
            let file = URL(fileURLWithPath: config).deletingLastPathComponent().appendingPathComponent("m.graphql")
            try Data("# create one\nmutation { createTodo { id } }".utf8).write(to: file)
            let result = try await CommandRunner.run(switchboard, ["query", "--config", config, "@\(file.path)"])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("\"new\""))
        }
    }

    @Test func tokenAuthReadsTheEnvironment() async throws {
        try await Self.withServer { switchboard, config, _ in
            let cognito = try String(contentsOfFile: config, encoding: .utf8)
                .replacingOccurrences(of: "\"API_KEY\"", with: "\"AMAZON_COGNITO_USER_POOLS\"")
            try Data(cognito.utf8).write(to: URL(fileURLWithPath: config))
            let result = try await CommandRunner.run(
                switchboard, ["query", "--config", config, "{ who }"],
                environment: ["SWITCHBOARD_AUTH_TOKEN": "cli-token"])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("\"token\""))
        }
    }

    /// Usage errors print `Error:`, the usage line and where help is (three lines); errors in files
    /// and configuration print one `switchboard:` line. Both exit 2.
    @Test(
        arguments: [
            (["query", "{ a }"], "Error: give --config FILE or --endpoint URL", 3),
            (
                ["query", "--config", "/nonexistent/amplifyconfiguration.json", "{ a }"],
                "switchboard: cannot read /nonexistent/amplifyconfiguration.json: no such file or directory", 1
            ),
            (["query", "--config", "CONFIG", "--variables", "[1]", "{ a }"], "Error: --variables must be", 3),
            (["query", "--config", "CONFIG", "--api", "missing", "{ a }"], "switchboard: no API named \"missing\"", 1),
            (["frobnicate"], "Error: Unknown command 'frobnicate'", 3),
        ] as [([String], String, Int)])
    func usageAndConfigurationErrorsExitTwo(arguments: [String], firstLine: String, lines: Int) async throws {
        try await Self.withServer { switchboard, config, _ in
            let result = try await CommandRunner.run(switchboard, arguments.map { $0 == "CONFIG" ? config : $0 })
            #expect(result.status == 2, "\(result.standardError)")
            let printed = result.standardError.split(separator: "\n")
            #expect(printed.first?.hasPrefix(firstLine) == true, "\(result.standardError)")
            #expect(printed.count == lines, "\(result.standardError)")
            #expect(!result.standardError.contains("da2-clikey"))
        }
    }

    @Test func malformedConfigurationNamesTheKey() async throws {
        try await Self.withServer { switchboard, config, _ in
            let broken = try String(contentsOfFile: config, encoding: .utf8)
                .replacingOccurrences(of: "\"API_KEY\"", with: "\"APIKEY\"")
            try Data(broken.utf8).write(to: URL(fileURLWithPath: config))
            let result = try await CommandRunner.run(switchboard, ["query", "--config", config, "{ a }"])
            #expect(result.status == 2)
            #expect(result.standardError.contains("api.plugins.awsAPIPlugin.todo.authorizationType"))
            #expect(result.standardError.contains("APIKEY"))
        }
    }
}
