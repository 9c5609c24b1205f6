import Foundation
import SwitchboardMock
import TestSupport
import Testing

@testable import SwitchboardAPI

/// The subscription example and the mock server's subscription example, run (plus a
/// `break` so the loop ends).
@Suite struct SubscriptionExampleTests {
    @Test func subscriptionLoopFromTheReadme() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(
                .POST, .operations("CreateTodo"),
                response: .graphQL(data: ["createTodo": ["id": "1", "name": "{{variables.name}}"]])),
            SubscriptionEndpoint(
                .operations("OnCreateTodo"),
                events: [.data(["onCreateTodo": ["id": "0", "name": "Scripted"]])],
                emitsOn: .operations("CreateTodo")),
        ])
        defer { Task { await server.stop() } }
        let configuration = """
            {"api": {"plugins": {"awsAPIPlugin": {"todo": {"endpointType": "GraphQL",
              "endpoint": "\(server.graphQLURL.absoluteString)", "region": "us-east-1",
              "authorizationType": "API_KEY", "apiKey": "da2-readme"}}}}}
            """
        try await AsyncGate.hub.run {
            await Switchboard.reset()
            try Switchboard.add(plugin: APIPlugin())
            try Switchboard.configure(Data(configuration.utf8))

            let onCreate = GraphQLRequest(
                document: "subscription OnCreateTodo { onCreateTodo { id name } }",
                responseType: LiveTodo.self, decodePath: "onCreateTodo")

            var states: [SubscriptionConnectionState] = []
            var names: [String] = []
            for try await event in Switchboard.API.subscribe(request: onCreate) {
                switch event {
                case .connection(let state):
                    states.append(state)
                case .data(.success(let todo)):
                    names.append(todo.name)
                case .data(.failure(let error)):
                    Issue.record("unexpected bad event: \(error)")
                }
                if names.count == 1 {
                    await server.publish(
                        ["onCreateTodo": ["id": "2", "name": "Pushed"]], toSubscriptionsOf: "onCreateTodo")
                }
                if names.count == 2 { break }
            }
            #expect(states == [.connecting, .connected])
            #expect(names == ["Scripted", "Pushed"])
            await Switchboard.reset()
        }
    }
}
