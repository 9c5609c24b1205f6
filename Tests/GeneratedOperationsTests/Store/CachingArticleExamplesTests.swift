import Foundation
import SwitchboardAPI
import SwitchboardMock
import Testing

/// The view models of the "Caching and watching" article, as written there, run against the mock.

/// The Relay seed's list screen: shows the user's to-dos, and follows every change to them.
@MainActor
final class ToDoListModel {
    private(set) var lines: [String] = []
    var onChange: (@MainActor ([String]) -> Void)?
    private var watcher: SwitchboardAsyncThrowingSequence<GraphQLResponse<UserToDoListQuery.Data>>?

    func show(userID: String) async throws {
        let watcher = Switchboard.API.watch(operation: UserToDoListQuery(id: userID))
        self.watcher = watcher
        for try await result in watcher {
            guard let user = try result.get().user else { continue }
            // The list reads its own fragment; each row reads only `ToDoItem_todo`.
            lines = ToDoList_user(key: user).todos.map { todo in
                let item = ToDoItem_todo(key: todo)
                return (item.complete ? "[x] " : "[ ] ") + item.text
            }
            onChange?(lines)
        }
    }

    func stop() { watcher?.cancel() }
}

/// The Apollo seed's hero screen: the store's data when it has all of it, else the server's.
@MainActor
final class HeroModel {
    private(set) var title = ""

    func load() async throws {
        let query = ApolloSeedInline.HeroAsDroidQuery()
        let hero = try await Switchboard.API.query(operation: query, cachePolicy: .returnCacheDataElseFetch).get().hero
        title = hero.asDroid.map { "\(hero.name), \($0.primaryFunction)" } ?? hero.name
    }
}

@Suite(.serialized) struct CachingArticleExamplesTests {
    @Test @MainActor func theListModelFollowsAMutation() async throws {
        let server = try await CachingAndWatchingTests.server()
        try await AsyncGateHub.run(with: server) { @MainActor in
            let model = ToDoListModel()
            let (changes, changed) = AsyncStream<[String]>.makeStream()
            model.onChange = { changed.yield($0) }
            let showing = Task { try await model.show(userID: "u1") }
            var updates = changes.makeAsyncIterator()
            #expect(await updates.next() == ["[ ] Buy milk"])

            let input = AddTodoInput(userId: "u1", text: "Buy oat milk")
            _ = try await Switchboard.API.mutate(operation: AddTodoMutation(input: input)).get()
            #expect(await updates.next() == ["[ ] Buy oat milk"])
            model.stop()
            try await showing.value
        }
        await server.stop()
    }

    @Test @MainActor func theHeroModelAsksTheServerOnce() async throws {
        let hero: JSONValue = ["hero": ["__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"]]
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .operations("HeroAsDroid"), response: .graphQL(data: hero))
        ])
        try await AsyncGateHub.run(with: server) { @MainActor in
            let first = HeroModel()
            try await first.load()
            let second = HeroModel()
            try await second.load()
            #expect(first.title == "R2-D2, Astromech" && second.title == first.title)
            #expect(server.receivedRequests.count == 1)
        }
        await server.stop()
    }
}
