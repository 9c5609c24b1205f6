import Foundation
import SwitchboardAPI
import SwitchboardMock
import Testing

/// `PortedTodoApp.swift` — an Amplify app's API code ported by renaming only — runs against the
/// mock: synchronous setup from `amplifyconfiguration.json`, model-based CRUD, pagination, a
/// stateful class interceptor, OIDC tokens from an `APIAuthProviderFactory`, and a subscription
/// that receives the app's own creation and ends on `cancel()`.
@Suite struct AmplifyPortTests {
    static let todoFields: JSONValue = [
        "id": "{{variables.input.id}}", "name": "{{variables.input.name}}",
        "description": "{{variables.input.description}}", "__typename": "Todo",
    ]

    static let endpoints: [any MockEndpoint] = [
        GraphQLEndpoint(.POST, .operations("CreateTodo"), response: .graphQL(data: ["createTodo": todoFields])),
        GraphQLEndpoint(.POST, .operations("UpdateTodo"), response: .graphQL(data: ["updateTodo": todoFields])),
        GraphQLEndpoint(
            .POST, .operations("DeleteTodo"),
            response: .graphQL(data: [
                "deleteTodo": ["id": "{{variables.input.id}}", "name": "gone", "__typename": "Todo"]
            ])),
        GraphQLEndpoint(
            .POST, .operations("ListTodos"),
            response: .graphQL(data: [
                "listTodos": [
                    "items": [
                        ["id": "t1", "name": "Buy milk", "__typename": "Todo"],
                        ["id": "t2", "name": "Buy eggs", "__typename": "Todo"],
                    ],
                    "nextToken": nil,
                ]
            ])),
        GraphQLEndpoint(
            .POST, .operations("WhoAmI"), requiredHeaders: ["authorization": "oidc-token-from-my-identity-provider"],
            response: .graphQL(data: ["whoAmI": "oidc-user"])),
        SubscriptionEndpoint(.operations("OnCreateTodo"), emitsOn: .operations("CreateTodo")),
    ]

    @Test func thePortedAppRunsAgainstTheMock() async throws {
        let server = try await MockServer(endpoints: Self.endpoints)
        defer { Task { await server.stop() } }
        let store = TodoStore()
        try await SeedHarness.withConfigurationInWorkingDirectory(
            server, setup: { await store.configureAmplify() }
        ) {
            #expect(Switchboard.isConfigured)
            #expect(ModelRegistry.modelType(from: "Todo") != nil)

            await store.createSubscription()
            try await Self.eventually { await store.events.contains("connection connected") }

            let created = try #require(await store.createTodo(name: "Buy bread"))
            #expect(created.name == "Buy bread")
            try await Self.eventually { await store.events.contains("created Buy bread") }

            await store.listTodos()
            #expect(await store.todos.map(\.name) == ["Buy milk", "Buy eggs"])

            let renamed = try await store.renameTodo(created, to: "Buy rye bread")
            #expect(renamed.name == "Buy rye bread")
            try await store.deleteTodo(renamed)
            let me = try await store.whoAmI()
            #expect(me == "oidc-user")

            await store.cancelSubscription()
            try await Self.eventually { await store.events.last == "ended" }
            try await Self.eventually { server.realtimeStatistics.activeSubscriptions == 0 }
        }

        // The class interceptor ran for one request at a time, in order: every HTTP request carries
        // its own count. (It also authorizes each subscription start, which sends no HTTP request.)
        let counts = server.receivedRequests.compactMap { $0.headers["x-request-count"] }.compactMap(Int.init)
        #expect(counts == counts.sorted() && Set(counts).count == counts.count)
        #expect(counts.count >= 6)
        let listFilter = server.receivedRequests.compactMap { request -> JSONValue? in
            guard let body = try? JSONValue(parsing: Data(request.body)),
                body["query"]?.stringValue?.hasPrefix("query ListTodos") == true
            else { return nil }
            return body["variables"]
        }
        #expect(listFilter == [["filter": ["name": ["beginsWith": "Buy"]], "limit": 10]])
    }

    @Test func switchboardListNamesTheModelListWhereAnotherListIsInScope() {
        struct Screen {
            // Stands in for SwiftUI's `List`, which apps import beside Switchboard.
            struct List<Content> { let content: Content }

            func rows() -> Switchboard.List<Todo> { [Todo(name: "a"), Todo(name: "b")] }
            func view() -> List<[String]> { List(content: rows().map(\.name)) }
        }
        #expect(Screen().view().content == ["a", "b"])
    }

    private static func eventually(_ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("timed out")
    }
}
