import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `switchboard mock` and `switchboard demo` run as real processes.
@Suite struct MockAndDemoCommandTests {
    @Test func demoRunsEveryStepOnTheLocalServerInOrderAndExitsZero() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let result = try await CommandRunner.run(switchboard, ["demo"])
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        var searchFrom = output.startIndex
        for expected in [
            "Started the local AppSync server (in memory) at http://127.0.0.1:",
            "Wrote amplifyconfiguration.json and configured Switchboard from it",
            "model request .subscription(of: Todo.self, type: .onCreate, where: priority >= 2) over the AppSync "
                + "real-time protocol, filtered by the server → connecting → connected",
            #"model request .create(Todo) → Todo(id: todo-1, name: "Read the docs", priority: 1), createdAt set"#,
            #"model request .create(Todo) → Todo(id: todo-5, name: "Fix the bug", priority: 2), createdAt set"#,
            // The filter lets through only priorities 2 and above, in the order they were created.
            #"subscription event: Todo(id: todo-2, name: "Write the schema", priority: 3)"#,
            #"subscription event: Todo(id: todo-4, name: "Ship the app", priority: 2)"#,
            #"subscription event: Todo(id: todo-5, name: "Fix the bug", priority: 2)"#,
            // AppSync applies the limit before the filter: two scanned items, one match.
            "limit: 2) → page 1: Write the schema; nextToken: yes",
            "getNextPage() → page 2: Ship the app; nextToken: yes",
            "getNextPage() → page 3: Fix the bug; nextToken: no",
            "where: done == true) → DynamoDB:ConditionalCheckFailedException: The conditional request failed",
            "with the API key → Unauthorized: Not Authorized to access createComment on type Mutation",
            #"SigV4-signed as AKIDSWITCHBOARDDEMO → Comment(id: comment-1, content: "Started on it")"#,
            ".get(Todo.self, byId: todo-2) → comments not loaded",
            #"todo.comments.allElements (API key, read allowed) → ["Started on it"]"#,
            "Stopped the local server.",
        ] {
            guard let range = output.range(of: expected, range: searchFrom..<output.endIndex) else {
                Issue.record("missing (or out of order) \(expected) in:\n\(output)")
                continue
            }
            searchFrom = range.upperBound
        }
        #expect(!output.contains("subscription event: Todo(id: todo-1"), "the filter let a priority-1 todo through")
    }

    @Test func mockServesAConfigFileAndPrintsListeningFirst() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sb-mockcmd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("mock.yaml")
        try Data(
            "http:\n  - path: /hello/:name\n    response: {body: {template: \"hi {{params.name}}\", contentType: text/plain}}\n"
                .utf8
        )
        .write(to: config)
        let process = try CommandRunner.start(switchboard, ["mock", config.path])
        defer { process.terminate() }
        let first = try #require(await process.nextLine())
        #expect(first.hasPrefix("listening on http://127.0.0.1:"))
        let base = try #require(URL(string: String(first.dropFirst("listening on ".count))))
        let (data, _) = try await URLSession.shared.data(from: base.appendingPathComponent("hello/ada"))
        #expect(String(decoding: data, as: UTF8.self) == "hi ada")
    }

    @Test func mockRejectsABadConfigWithFileLineColumn() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sb-mockbad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("bad.yaml")
        try Data("http:\n  - path: /x\n    response: {status: 9000}\n".utf8).write(to: config)
        let result = try await CommandRunner.run(switchboard, ["mock", config.path])
        #expect(result.status == 2)
        #expect(result.standardError.contains("bad.yaml:3:24: http[0].response.status"))
    }

    @Test func mockRejectsADeeplyNestedConfigInsteadOfCrashing() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sb-mockdeep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("deep.yaml")
        try Data(("http: {path: /x, response: {body: {json: " + String(repeating: "[", count: 200_000)).utf8)
            .write(to: config)
        let result = try await CommandRunner.run(switchboard, ["mock", config.path])
        #expect(result.status == 2)
        #expect(
            result.standardError.contains(
                "deep.yaml:1:166: collections nest deeper than 128 levels; flatten the document"),
            "\(result.standardError)")
    }
}
