import Foundation
import SwitchboardAPI
import SwitchboardMock
import TestSupport

/// A mock AppSync endpoint for the seed samples, and the hub configured against it the way an app
/// does it: from an `amplifyconfiguration.json` naming the API `yourApiName`.
enum SeedHarness {
    /// Endpoints answering every operation the advanced-workflows samples send.
    static let endpoints: [any MockEndpoint] = [
        GraphQLEndpoint(
            .POST, .operations("CreateTodo"),
            response: .graphQL(data: [
                "createTodo": [
                    "id": "{{variables.input.id}}", "name": "{{variables.input.name}}",
                    "description": "{{variables.input.description}}", "__typename": "Todo",
                ]
            ])),
        GraphQLEndpoint(
            .POST, .operations("createTodo"),
            response: .graphQL(data: [
                "createTodo": ["id": "{{variables.input.id}}", "name": "{{variables.input.name}}"]
            ])
        ),
        GraphQLEndpoint(
            .POST, .operations("getTodo"),
            response: .graphQL(data: ["getTodo": ["id": "{{variables.id}}", "name": "my first todo"]])),
        GraphQLEndpoint(
            .POST, .operations("getPost"),
            response: .graphQL(data: [
                "getPost": [
                    "id": "{{variables.id}}", "title": "Hello", "rating": 5, "status": "ACTIVE",
                    "comments": [
                        "items": [
                            ["id": "c1", "postID": "{{variables.id}}", "content": "First!"],
                            ["id": "c2", "postID": "{{variables.id}}", "content": "Second"],
                        ]
                    ],
                ]
            ])),
        GraphQLEndpoint(
            .POST, .operations("get"),
            response: .graphQL(data: [
                "getPost": ["id": "{{variables.postId}}", "title": "Hello", "rating": 5],
                "getTodo": ["id": "{{variables.todoId}}", "name": "my first todo"],
            ])),
    ]

    /// The configuration file an Amplify app ships, pointing at `server`.
    static func configurationFile(for server: MockServer) -> Data {
        let json: JSONValue = [
            "UserAgent": "aws-amplify-cli/2.0",
            "Version": "1.0",
            "api": [
                "plugins": [
                    "awsAPIPlugin": [
                        "yourApiName": [
                            "endpointType": "GraphQL", "endpoint": .string(server.graphQLURL.absoluteString),
                            "region": "us-east-1", "authorizationType": "API_KEY", "apiKey": "da2-seedkey",
                        ]
                    ]
                ]
            ],
        ]
        return Data(json.jsonText.utf8)
    }

    /// Runs `body` with the hub configured by the seed's own setup sample (`seedAddCustomHeaders`,
    /// which calls `Switchboard.configure()` without arguments, so the file is in the working
    /// directory), one hub user at a time.
    static func withSeedSetup(
        _ server: MockServer, _ body: @Sendable () async throws -> Void
    ) async throws {
        try await withConfigurationInWorkingDirectory(server, setup: { try seedAddCustomHeaders() }, body)
    }

    /// Runs `setup` (which calls `Switchboard.configure()`) in a working directory holding the
    /// `amplifyconfiguration.json` of `server`, then `body`; resets the hub before and after.
    static func withConfigurationInWorkingDirectory(
        _ server: MockServer, setup: @Sendable () async throws -> Void, _ body: @Sendable () async throws -> Void
    ) async throws {
        try await AsyncGate.hub.run {
            await Switchboard.reset()
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            try configurationFile(for: server).write(to: directory.appendingPathComponent("amplifyconfiguration.json"))
            let previous = FileManager.default.currentDirectoryPath
            _ = FileManager.default.changeCurrentDirectoryPath(directory.path)
            do {
                try await setup()
            } catch {
                _ = FileManager.default.changeCurrentDirectoryPath(previous)
                await Switchboard.reset()
                throw error
            }
            _ = FileManager.default.changeCurrentDirectoryPath(previous)
            do {
                try await body()
            } catch {
                await Switchboard.reset()
                throw error
            }
            await Switchboard.reset()
        }
    }

    /// The GraphQL bodies the server received for the operation `name`, as JSON.
    static func bodies(_ server: MockServer, operation name: String) -> [JSONValue] {
        server.receivedRequests.compactMap { request in
            guard let body = try? JSONValue(parsing: Data(request.body)),
                let query = body["query"]?.stringValue, query.contains(" \(name)(") || query.contains(" \(name) ")
            else { return nil }
            return body
        }
    }
}
