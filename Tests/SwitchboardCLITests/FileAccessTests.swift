import Foundation
import TestSupport
import Testing

/// Every file the CLI reads or writes: a failure names the path and the system's reason (no such
/// file, is a directory, permission denied…), on one `switchboard:` line, with exit status 2.
@Suite struct FileAccessTests {
    /// A folder holding `schema.graphql` (an @model schema), `operations.graphqls` (an SDL schema),
    /// `todo.graphql` (an operation), `mock.yaml`, `file` (a plain file) and `folder` (a directory).
    private static func fixtures() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sb-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("folder"), withIntermediateDirectories: true)
        let files = [
            "schema.graphql": "type Todo @model { id: ID! name: String }\n",
            "operations.graphqls": "type Query { a: Int }\n",
            "todo.graphql": "query A { a }\n",
            "mock.yaml": "graphQL:\n  - operationName: A\n    response: {data: {a: 1}}\n",
            "file": "plain\n",
        ]
        for (name, text) in files { try Data(text.utf8).write(to: root.appendingPathComponent(name)) }
        return root
    }

    /// Commands that read the file `PATH`; each is run with a missing file and with a directory.
    static let readers: [[String]] = [
        ["serve", "--schema", "PATH", "--in-memory"],
        ["codegen", "schema", "--schema", "PATH"],
        ["codegen", "models", "--schema", "PATH", "--output", "ROOT/models"],
        ["codegen", "operations", "--schema", "PATH", "--output", "ROOT/generated", "ROOT/todo.graphql"],
        ["codegen", "operations", "--config", "PATH", "--output", "ROOT/generated", "ROOT/todo.graphql"],
        ["query", "--endpoint", "http://127.0.0.1:9/graphql", "@PATH"],
        ["query", "--endpoint", "http://127.0.0.1:9/graphql", "--variables", "@PATH", "{ a }"],
        ["query", "--config", "PATH", "{ a }"],
        ["subscribe", "--endpoint", "http://127.0.0.1:9/graphql", "@PATH"],
        ["subscribe", "--config", "PATH", "subscription { a }"],
        [
            "sigv4", "--method", "GET", "--url", "https://example.com/", "--region", "r", "--service", "s",
            "--body-file", "PATH",
        ],
        ["mock", "PATH"],
    ]

    /// Commands that read a directory too: only a missing file is an error.
    static let directoryReaders: Set<[String]> = [["mock", "PATH"]]

    @Test(arguments: readers)
    func aFileThatCannotBeReadIsNamedWithTheReason(arguments: [String]) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let root = try Self.fixtures()
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = ["AWS_ACCESS_KEY_ID": "AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY": "secret"]
        for (name, reason) in [("missing.graphql", "no such file or directory"), ("folder", "is a directory")]
        where name != "folder" || !Self.directoryReaders.contains(arguments) {
            let path = root.appendingPathComponent(name).path
            let line = arguments.map {
                $0.replacingOccurrences(of: "PATH", with: path).replacingOccurrences(of: "ROOT", with: root.path)
            }
            let result = try await CommandRunner.run(switchboard, line, environment: environment, timeout: .seconds(20))
            #expect(result.status == 2, "\(line): \(result.standardError)")
            #expect(
                result.standardError == "switchboard: cannot read \(path): \(reason)\n",
                "\(line): \(result.standardError)")
        }
    }

    /// A part of the path that is a file, not a directory.
    @Test func aPathThroughAFileSaysSo() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let root = try Self.fixtures()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("file/todo.graphql").path
        let result = try await CommandRunner.run(
            switchboard, ["query", "--endpoint", "http://127.0.0.1:9/graphql", "@\(path)"])
        #expect(result.status == 2)
        #expect(result.standardError == "switchboard: cannot read \(path): not a directory\n")
    }

    @Test func theAppSyncSchemaCannotBeWrittenIntoADirectoryOrAMissingOne() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let root = try Self.fixtures()
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = root.appendingPathComponent("schema.graphql").path
        for (output, reason) in [
            (root.appendingPathComponent("folder").path, "is a directory"),
            (root.appendingPathComponent("missing/appsync.graphql").path, "no such file or directory"),
            (root.appendingPathComponent("file/appsync.graphql").path, "not a directory"),
        ] {
            let result = try await CommandRunner.run(
                switchboard, ["codegen", "schema", "--schema", schema, "--output", output])
            #expect(result.status == 2)
            #expect(
                result.standardError == "switchboard: cannot write \(output): \(reason)\n", "\(result.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).allSatisfy { !$0.hasPrefix(".") })
    }

    /// Reads stop at 64 MiB; a symbolic link is written through, and stays a link.
    @Test func readsAreBoundedAndLinksAreWrittenThrough() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let root = try Self.fixtures()
        defer { try? FileManager.default.removeItem(at: root) }
        let endless = try await CommandRunner.run(switchboard, ["codegen", "schema", "--schema", "/dev/zero"])
        #expect(endless.status == 2)
        #expect(endless.standardError == "switchboard: cannot read /dev/zero: larger than 64 MiB\n")

        let target = root.appendingPathComponent("target.graphql")
        try Data().write(to: target)
        let link = root.appendingPathComponent("link.graphql")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let schema = root.appendingPathComponent("schema.graphql").path
        let written = try await CommandRunner.run(
            switchboard, ["codegen", "schema", "--schema", schema, "--output", link.path])
        #expect(written.status == 0, "\(written.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8).contains("type "))
    }

    @Test func anOutputDirectoryUnderAFileCannotBeCreated() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let root = try Self.fixtures()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("file").path
        let models = try await CommandRunner.run(
            switchboard,
            [
                "codegen", "models", "--schema", root.appendingPathComponent("schema.graphql").path, "--output",
                file + "/Models",
            ])
        #expect(models.status == 2)
        #expect(models.standardError == "switchboard: cannot create the directory \(file): file exists\n")
        let operations = try await CommandRunner.run(
            switchboard,
            [
                "codegen", "operations", "--schema", root.appendingPathComponent("operations.graphqls").path,
                "--output",
                file + "/Generated", root.appendingPathComponent("todo.graphql").path,
            ])
        #expect(operations.status == 2)
        #expect(operations.standardError == "switchboard: cannot create the directory \(file): file exists\n")
    }

    @Test func serveSaysWhyItsDataDirectoryOrConfigurationFileIsUnusable() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let root = try Self.fixtures()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("file").path
        let schema = root.appendingPathComponent("schema.graphql").path
        let data = try await CommandRunner.run(
            switchboard, ["serve", "--schema", schema, "--port", "0", "--data", file])
        #expect(data.status == 2)
        #expect(data.standardError == "switchboard: cannot create the directory \(file): file exists\n")
        let folder = root.appendingPathComponent("folder").path
        let config = try await CommandRunner.run(
            switchboard, ["serve", "--schema", schema, "--port", "0", "--in-memory", "--write-config", folder])
        #expect(config.status == 2)
        #expect(config.standardError == "switchboard: cannot write \(folder): is a directory\n")
    }

    /// Root reads and writes every file, so this runs only as another user.
    @Test func anUnreadableFileSaysPermissionDenied() async throws {
        guard let switchboard = CommandRunner.executable("switchboard"), getuid() != 0 else { return }
        let root = try Self.fixtures()
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = root.appendingPathComponent("schema.graphql")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: schema.path)
        let result = try await CommandRunner.run(switchboard, ["codegen", "schema", "--schema", schema.path])
        #expect(result.status == 2)
        #expect(result.standardError == "switchboard: cannot read \(schema.path): permission denied\n")
    }
}
