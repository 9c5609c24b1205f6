import Foundation
import TestSupport
import Testing

/// Configuration files and `--variables` must be strict JSON on every platform: trailing commas
/// and comments (which Foundation's decoder accepts on some platforms and not on others) are
/// errors naming the file, line, column and what was found.
@Suite struct StrictJSONInputTests {
    static let valid = """
        {"api": {"plugins": {"awsAPIPlugin": {"todo": {"endpointType": "GraphQL",
          "endpoint": "http://127.0.0.1:9/graphql",
          "authorizationType": "NONE"}}}}}
        """

    /// (replace this, with that, the expected message after the file name)
    static let broken: [(String, String, String)] = [
        (
            #""authorizationType": "NONE"}}"#, #""authorizationType": "NONE",}}"#,
            "not valid JSON: line 3, column 30: trailing comma before '}' (JSON does not allow trailing commas)"
        ),
        (
            #"  "endpoint""#, "  // local\n  \"endpoint\"",
            "not valid JSON: line 2, column 3: expected a string key, found character '/' (JSON does not allow comments)"
        ),
        (
            #""GraphQL","#, #""GraphQL", /* legacy */"#,
            "not valid JSON: line 1, column 75: expected a string key, found character '/' (JSON does not allow comments)"
        ),
    ]

    @Test(arguments: broken)
    func aConfigurationFileWithATrailingCommaOrACommentIsAJSONError(
        replace: String, with replacement: String, message: String
    ) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sb-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("amplifyconfiguration.json")
        let text = Self.valid.replacingOccurrences(of: replace, with: replacement)
        #expect(text != Self.valid)
        try Data(text.utf8).write(to: config)
        let result = try await CommandRunner.run(switchboard, ["query", "--config", config.path, "{ a }"])
        #expect(result.status == 2)
        #expect(result.standardError == "switchboard: amplifyconfiguration.json: \(message)\n")
    }

    @Test(arguments: [
        (#"{"id": "1",}"#, "--variables: not valid JSON: line 1, column 11: trailing comma before '}'"),
        (#"{"ids": [1, 2,]}"#, "--variables: not valid JSON: line 1, column 14: trailing comma before ']'"),
        (
            "{\"id\": \"1\" // one\n}",
            "--variables: not valid JSON: line 1, column 12: expected ',' or '}', found character '/'"
        ),
    ])
    func variablesWithATrailingCommaOrACommentAreAJSONError(variables: String, message: String) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let result = try await CommandRunner.run(
            switchboard, ["query", "--endpoint", "http://127.0.0.1:9/graphql", "--variables", variables, "{ a }"])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("switchboard: \(message)"), "\(result.standardError)")
    }
}
