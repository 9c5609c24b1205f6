import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `switchboard mock` and `switchboard demo` run as real processes.
@Suite struct MockAndDemoCommandTests {
    @Test func demoRunsEveryStepAndExitsZero() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let result = try await CommandRunner.run(switchboard, ["demo"])
        #expect(result.status == 0, "\(result.standardError)")
        for expected in [
            "Started the mock API", "Configured Switchboard",
            "query getTodo (decodePath \"getTodo\") → Todo(id: todo-1",
            "mutation createTodo (Encodable input) → Todo(id: todo-42, name: \"Try Switchboard\")",
            "posts: Hello Switchboard, Moving off Amplify", "→ HTTP 404 from the mock",
            "model request .list(Post.self, limit: 2) → Hello Switchboard, Moving off Amplify; more pages: no",
            "post-1.comments left out of the response → not loaded",
            #"filtered by postId: ["First comment on post-1"]"#,
            #"me = {"client":"switchboard-demo","id":"user-1"}"#,
        ] {
            #expect(result.standardOutput.contains(expected), "missing \(expected) in:\n\(result.standardOutput)")
        }
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
