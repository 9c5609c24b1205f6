import Foundation
import Switchboard
import SwitchboardAPI
import SwitchboardSigV4
import TestSupport
import Testing

/// `switchboard serve` as a user runs it: the banner, the written configuration read by the
/// client, API-key and IAM requests, a restart on the same data directory, and SIGINT/SIGTERM.
@Suite struct ServeCommandTests {
    static let schema = """
        type Note @model @auth(rules: [{allow: public}, {allow: private, provider: iam}]) {
          id: ID!
          text: String!
        }
        """

    struct Note: Codable, Sendable, Equatable {
        let id: String
        let text: String
    }

    static func create(_ id: String, _ text: String, authMode: AuthorizationType? = nil) -> GraphQLRequest<Note> {
        GraphQLRequest(
            document: "mutation C($input: CreateNoteInput!) { createNote(input: $input) { id text } }",
            variables: ["input": ["id": id, "text": text]], responseType: Note.self, decodePath: "createNote",
            authMode: authMode)
    }

    static func get(_ id: String, authMode: AuthorizationType? = nil) -> GraphQLRequest<Note?> {
        GraphQLRequest(
            document: "query G($id: ID!) { getNote(id: $id) { id text } }", variables: ["id": id],
            responseType: Note?.self, decodePath: "getNote", authMode: authMode)
    }

    static func plugin(configuration: URL, credentials: AWSCredentials? = nil) throws -> APIPlugin {
        let plugin = try APIPlugin(
            iamSigner: credentials.map { SigV4RequestSigner(credentialsProvider: StaticCredentialsProvider($0)) })
        try plugin.configure(using: SwitchboardConfiguration.load(from: configuration))
        return plugin
    }

    @Test func portZeroPrintsTheEndpointsAndKeyAndTheWrittenConfigurationWorksUntilSIGINT() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let directory = try ServeProcess.directory(schema: Self.schema, prefix: "sb-serve")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = directory.appendingPathComponent("amplifyconfiguration.json")
        let serve = try await ServeProcess.start(
            switchboard,
            [
                "--schema", directory.appendingPathComponent("model.graphql").path, "--port", "0", "--in-memory",
                "--api-key", "da2-from-the-command-line", "--write-config", configuration.path, "--threads", "1",
            ])
        defer { serve.process.terminate() }
        let endpoint = try serve.graphQLEndpoint
        #expect(endpoint.host == "127.0.0.1" && endpoint.path == "/graphql")
        #expect(endpoint.port != nil && endpoint.port != 0 && endpoint.port != 20002)
        #expect(serve.banner["Real-time"] == "ws://127.0.0.1:\(endpoint.port ?? 0)/graphql/realtime")
        #expect(serve.banner["API key"] == "da2-from-the-command-line")
        #expect(serve.banner["Data"] == "in memory")
        #expect(serve.banner["IAM"] == nil)

        let plugin = try Self.plugin(configuration: configuration)
        #expect(try await plugin.mutate(request: Self.create("n1", "hello")).get() == Note(id: "n1", text: "hello"))
        #expect(try await plugin.query(request: Self.get("n1")).get() == Note(id: "n1", text: "hello"))

        serve.process.send(signal: SIGINT)
        #expect(await serve.process.exitStatus() == 0)
        #expect(!serve.process.wasKilledBySignal)
        var rest: [String] = []
        while let line = await serve.process.nextLine() { rest.append(line) }
        #expect(rest == ["SIGINT: stopped."])
    }

    @Test func dataAndTheGeneratedKeySurviveARestartAndIAMCredentialsComeFromTheEnvironment() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let directory = try ServeProcess.directory(schema: Self.schema, prefix: "sb-serve-data")
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data")
        let configuration = directory.appendingPathComponent("amplifyconfiguration.json")
        let credentials = AWSCredentials(accessKeyId: "AKIDSERVETEST", secretAccessKey: "serve/test/secret")
        let arguments = [
            "--schema", directory.appendingPathComponent("model.graphql").path, "--port", "0", "--data", data.path,
            "--region", "eu-west-1", "--write-config", configuration.path,
        ]
        let environment = [
            "AWS_ACCESS_KEY_ID": credentials.accessKeyId, "AWS_SECRET_ACCESS_KEY": credentials.secretAccessKey,
            "AWS_SESSION_TOKEN": "",
        ]
        let first = try await ServeProcess.start(switchboard, arguments, environment: environment)
        defer { first.process.terminate() }
        #expect(first.banner["IAM"] == "AKIDSERVETEST (region eu-west-1, service appsync)")
        #expect(first.banner["Data"] == "\(data.path) (SQLite)")
        let key = try #require(first.banner["API key"])
        #expect(key.hasPrefix("da2-") && key.count == 30)
        let signed = try Self.plugin(configuration: configuration, credentials: credentials)
        _ = try await signed.mutate(request: Self.create("n1", "signed", authMode: .awsIAM)).get()
        let forged = try Self.plugin(
            configuration: configuration,
            credentials: AWSCredentials(accessKeyId: credentials.accessKeyId, secretAccessKey: "not/the/secret"))
        do {
            _ = try await forged.mutate(request: Self.create("n2", "forged", authMode: .awsIAM))
            Issue.record("a signature made with the wrong secret was accepted")
        } catch APIError.httpStatusError(let status, _) {
            #expect(status == 401)
        }
        first.process.send(signal: SIGTERM)
        #expect(await first.process.exitStatus() == 0)

        let second = try await ServeProcess.start(switchboard, arguments, environment: environment)
        defer { second.process.terminate() }
        #expect(second.banner["API key"] == key)
        let plugin = try Self.plugin(configuration: configuration)
        #expect(try await plugin.query(request: Self.get("n1")).get() == Note(id: "n1", text: "signed"))
        #expect(try await plugin.query(request: Self.get("n2")).get() == nil)
    }

    @Test(arguments: [
        (["--in-memory", "--data", "DATA"], "give either --data or --in-memory, not both"),
        (
            ["--data", "DATA", "--aws-access-key-id", "AKID"],
            "give --aws-access-key-id and --aws-secret-access-key together"
        ),
        (["--port", "70000"], "--port must be a number from 0 to 65535"),
        (["--api-key", ""], "--api-key must not be empty"),
        (["--threads", "0"], "--threads must be a number from 1 to 16"),
        (["--threads", "17"], "--threads must be a number from 1 to 16"),
        (["--busy-poll", "10001"], "--busy-poll must be a number from 0 to 10000"),
        (["extra"], "Unexpected argument 'extra'"),
    ])
    func badArgumentsAreUsageErrors(_ extra: [String], _ message: String) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let directory = try ServeProcess.directory(schema: Self.schema, prefix: "sb-serve-bad")
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data")
        let result = try await CommandRunner.run(
            switchboard,
            ["serve", "--schema", directory.appendingPathComponent("model.graphql").path]
                + extra.map { $0 == "DATA" ? data.path : $0 })
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: data.path), "a refused command created its data directory")
    }

    @Test func aSchemaWithErrorsIsReportedWithFileLineAndColumn() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let directory = try ServeProcess.directory(
            schema: "type Post @model {\n  id: ID!\n  blog: Blog @belongsTo\n}\n", prefix: "sb-serve-schema")
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("model.graphql").path
        let result = try await CommandRunner.run(switchboard, ["serve", "--schema", schema, "--in-memory"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("\(schema):3:"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }
}
