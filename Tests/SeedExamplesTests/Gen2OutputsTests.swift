import Foundation
import SwitchboardAPI
import SwitchboardMock
import TestSupport
import Testing

/// An Amplify Gen 2 app's `amplify_outputs.json`: picked up by `configure()` when there is no
/// `amplifyconfiguration.json`, and by Gen 2's own `configure(with: .amplifyOutputs)`.
@Suite struct Gen2OutputsTests {
    /// The shape `npx ampx generate outputs` writes, with the data section pointing at `server`.
    static func outputs(for server: MockServer) -> Data {
        let json: JSONValue = [
            "auth": [
                "user_pool_id": "us-east-1_abcdEFGH1", "aws_region": "us-east-1",
                "user_pool_client_id": "1example23456789", "identity_pool_id": "us-east-1:0000-1111",
                "mfa_methods": [], "standard_required_attributes": ["email"], "username_attributes": ["email"],
                "user_verification_types": ["email"], "mfa_configuration": "NONE",
                "password_policy": ["min_length": 8, "require_numbers": true],
                "unauthenticated_identities_enabled": true,
            ],
            "data": [
                "url": .string(server.graphQLURL.absoluteString), "aws_region": "us-east-1",
                "api_key": "da2-gen2key", "default_authorization_type": "API_KEY",
                "authorization_types": ["AMAZON_COGNITO_USER_POOLS", "AWS_IAM"],
                "model_introspection": ["version": 1, "models": [:], "enums": [:], "nonModels": [:]],
            ],
            "version": "1.3",
        ]
        return Data(json.jsonText.utf8)
    }

    static let endpoints: [any MockEndpoint] = [
        GraphQLEndpoint(
            .POST, .operations("getTodo"), requiredHeaders: ["x-api-key": "da2-gen2key"],
            response: .graphQL(data: ["getTodo": ["id": "{{variables.id}}", "name": "from Gen 2"]]))
    ]

    private func runInDirectory(
        holding outputs: Data, _ configure: @Sendable () throws -> Void
    ) async throws -> Todo {
        try await AsyncGate.hub.run {
            await Switchboard.reset()
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gen2-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            try outputs.write(to: directory.appendingPathComponent("amplify_outputs.json"))
            let previous = FileManager.default.currentDirectoryPath
            _ = FileManager.default.changeCurrentDirectoryPath(directory.path)
            defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
            do {
                try Switchboard.add(plugin: APIPlugin())
                try configure()
                let todo = try await Switchboard.API.query(request: .getWithoutDescription(byId: "g1")).get()
                await Switchboard.reset()
                return todo
            } catch {
                await Switchboard.reset()
                throw error
            }
        }
    }

    @Test func configureFindsAmplifyOutputsWhenThereIsNoAmplifyConfiguration() async throws {
        let server = try await MockServer(endpoints: Self.endpoints)
        defer { Task { await server.stop() } }
        let todo = try await runInDirectory(holding: Self.outputs(for: server)) { try Switchboard.configure() }
        #expect(todo.name == "from Gen 2")
    }

    @Test func gen2sConfigureWithAmplifyOutputsPortsByRenaming() async throws {
        let server = try await MockServer(endpoints: Self.endpoints)
        defer { Task { await server.stop() } }
        let todo = try await runInDirectory(holding: Self.outputs(for: server)) {
            try Switchboard.configure(with: .amplifyOutputs)
        }
        #expect(todo.id == "g1")
        let data = Self.outputs(for: server)
        let fromData = try await runInDirectory(holding: Data("{}".utf8)) {
            try Switchboard.configure(with: .data(data))
        }
        #expect(fromData.name == "from Gen 2")
    }

    @Test func aMissingOutputsFileSaysWhereItLooked() async throws {
        try await AsyncGate.hub.run {
            await Switchboard.reset()
            try Switchboard.add(plugin: APIPlugin())
            do {
                try Switchboard.configure(with: .resource(named: "missing_outputs.json"))
                Issue.record("configured without a file")
            } catch let error as SwitchboardError {
                #expect(error.description.contains("missing_outputs.json"))
                #expect(error.description.contains("main bundle"))
            }
            await Switchboard.reset()
        }
    }
}
