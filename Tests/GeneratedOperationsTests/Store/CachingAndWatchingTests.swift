import Foundation
import SwitchboardAPI
import SwitchboardCore
import SwitchboardMock
import TestSupport
import Testing

/// Cache policies, watchers, optimistic mutations and subscription events through
/// `Switchboard.API`, against the mock server over loopback.
@Suite(.serialized) struct CachingAndWatchingTests {
    static func todoList(_ text: String) -> JSONValue {
        [
            "user": [
                "__typename": "User", "id": "u1",
                "todos": [["__typename": "Todo", "id": "t1", "text": .string(text), "complete": false]],
            ]
        ]
    }

    static func added(_ text: String) -> JSONValue {
        [
            "addTodo": [
                "__typename": "Todo", "id": "t1", "text": .string(text), "complete": false, "dueAt": .null,
                "priority": .null, "labelColor": .null, "tags": .null,
            ]
        ]
    }

    static func server(mutation: MockResponse = .graphQL(data: added("Buy oat milk"))) async throws -> MockServer {
        try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .operations("UserToDoListQuery"), response: .graphQL(data: todoList("Buy milk"))),
            GraphQLEndpoint(.POST, .operations("AddTodo"), response: mutation),
            SubscriptionEndpoint(.operations("OnAddTodo")),
        ])
    }

    static func requests(_ server: MockServer, named name: String) -> Int {
        server.receivedRequests.filter { String(decoding: $0.body, as: UTF8.self).contains("\"\(name)\"") }.count
    }

    @Test func cachePoliciesChooseBetweenTheStoreAndTheServer() async throws {
        let server = try await Self.server()
        try await AsyncGateHub.run(with: server) {
            let query = UserToDoListQuery(id: "u1")
            let missing = await #expect(throws: RecordStoreError.self) {
                try await Switchboard.API.query(operation: query, cachePolicy: .returnCacheDataDontFetch)
            }
            #expect(missing?.isCacheMiss == true)

            let fetched = try await Switchboard.API.query(operation: query, cachePolicy: .returnCacheDataElseFetch)
                .get()
            let cached = try await Switchboard.API.query(operation: query, cachePolicy: .returnCacheDataElseFetch).get()
            #expect(cached == fetched)
            #expect(Self.requests(server, named: "UserToDoListQuery") == 1)
            #expect(ToDoItem_todo(key: try #require(cached.user?.todos.first)).text == "Buy milk")

            _ = try await Switchboard.API.query(operation: query, cachePolicy: .fetchIgnoringCacheData)
            #expect(Self.requests(server, named: "UserToDoListQuery") == 2)

            await (try Switchboard.API.store()).removeAll()
            _ = try await Switchboard.API.query(operation: query, cachePolicy: .fetchIgnoringCacheCompletely)
            #expect(Self.requests(server, named: "UserToDoListQuery") == 3)
            #expect(await (try Switchboard.API.store()).recordKeys.isEmpty)

            // Without a policy a query always asks the server, and keeps the result.
            _ = try await Switchboard.API.query(operation: query)
            #expect(Self.requests(server, named: "UserToDoListQuery") == 4)
            #expect(await (try Switchboard.API.store()).recordKeys == ["QUERY_ROOT", "Todo:t1", "User:u1"])

            var sources: [CachedQueryResult<UserToDoListQuery.Data>.Source] = []
            for try await result in Switchboard.API.query(operation: query, cachePolicy: .returnCacheDataAndFetch) {
                sources.append(result.source)
                #expect(try result.response.get() == fetched)
            }
            #expect(sources == [.cache, .server])
            #expect(Self.requests(server, named: "UserToDoListQuery") == 5)
        }
        await server.stop()
    }

    @Test func aMutationResponseUpdatesEveryWatcherShowingTheObject() async throws {
        let server = try await Self.server()
        try await AsyncGateHub.run(with: server) {
            let first = Switchboard.API.watch(operation: UserToDoListQuery(id: "u1"))
            var firstResults = first.makeAsyncIterator()
            #expect(try await firstResults.next()?.get().user?.todos.first?.text == "Buy milk")
            let second = Switchboard.API.watch(operation: UserToDoListQuery(id: "u1"))
            var secondResults = second.makeAsyncIterator()
            #expect(try await secondResults.next()?.get().user?.todos.first?.text == "Buy milk")
            // The second watcher found everything in the store.
            #expect(Self.requests(server, named: "UserToDoListQuery") == 1)

            _ = try await Switchboard.API.mutate(
                operation: AddTodoMutation(input: AddTodoInput(userId: "u1", text: "x"))
            ).get()
            #expect(try await firstResults.next()?.get().user?.todos.first?.text == "Buy oat milk")
            #expect(try await secondResults.next()?.get().user?.todos.first?.text == "Buy oat milk")
            first.cancel()
            second.cancel()
        }
        await server.stop()
    }

    @Test func aSubscriptionEventUpdatesWatchers() async throws {
        let server = try await Self.server()
        try await AsyncGateHub.run(with: server) {
            let watcher = Switchboard.API.watch(operation: UserToDoListQuery(id: "u1"))
            var results = watcher.makeAsyncIterator()
            #expect(try await results.next()?.get().user?.todos.first?.text == "Buy milk")

            let subscription = Switchboard.API.subscribe(operation: OnAddTodoSubscription(userId: "u1"))
            var events = subscription.makeAsyncIterator()
            while let event = try await events.next() {
                if case .connection(.connected) = event { break }
            }
            let event: JSONValue = [
                "onAddTodo": ["__typename": "Todo", "id": "t1", "text": "Buy almond milk", "priority": .null]
            ]
            #expect(await server.publish(event, toSubscriptionsOf: "OnAddTodo") == 1)
            // The event is in the store before the subscriber sees it.
            if case .data(let result)? = try await events.next() {
                #expect(try result.get().onAddTodo?.text == "Buy almond milk")
            } else {
                Issue.record("the subscription ended without its event")
            }
            #expect(try await results.next()?.get().user?.todos.first?.text == "Buy almond milk")
            subscription.cancel()
            watcher.cancel()
        }
        await server.stop()
    }

    @Test func anOptimisticMutationRollsBackWhenTheServerFails() async throws {
        let failure = MockResponse.graphQL(
            errors: [["message": "Not allowed", "errorType": "Unauthorized"]], delay: .milliseconds(50))
        let (texts, response) = try await Self.watchOptimisticMutation(answeredWith: failure)
        #expect(texts == ["Buy milk", "Guess", "Buy milk"])
        #expect(response.failureErrors?.first?.message == "Not allowed")
    }

    @Test func anOptimisticMutationGivesWayToTheServersData() async throws {
        let success = MockResponse.graphQL(data: Self.added("Server text"), delay: .milliseconds(50))
        let (texts, response) = try await Self.watchOptimisticMutation(answeredWith: success)
        #expect(texts == ["Buy milk", "Guess", "Server text"])
        #expect(try response.get().addTodo?.text == "Server text")
    }

    /// What a watcher of the list sees while `AddTodo` runs with optimistic data ("Guess") and the
    /// server answers with `answer` (after a delay, so that the guess is seen first).
    static func watchOptimisticMutation(answeredWith answer: MockResponse) async throws
        -> ([String], GraphQLResponse<AddTodoMutation.Data>)
    {
        let server = try await Self.server(mutation: answer)
        let outcome = Locked<([String], GraphQLResponse<AddTodoMutation.Data>?)>(([], nil))
        try await AsyncGateHub.run(with: server) {
            let watcher = Switchboard.API.watch(operation: UserToDoListQuery(id: "u1"))
            var results = watcher.makeAsyncIterator()
            func nextText() async throws -> String? { try await results.next()?.get().user?.todos.first?.text }
            var texts = [try await nextText() ?? "-"]
            let mutation = Task {
                try await Switchboard.API.mutate(
                    operation: AddTodoMutation(input: AddTodoInput(userId: "u1", text: "Guess")),
                    optimisticData: Self.added("Guess"))
            }
            texts.append(try await nextText() ?? "-")
            texts.append(try await nextText() ?? "-")
            let response = try await mutation.value
            #expect(await (try Switchboard.API.store()).optimisticUpdateCount == 0)
            watcher.cancel()
            outcome.withLock { [texts] in $0 = (texts, response) }
        }
        await server.stop()
        let (texts, response) = outcome.withLock { $0 }
        return (texts, try #require(response))
    }

    @Test func aWatcherFetchesAgainWhenItsRecordsAreRemoved() async throws {
        let server = try await Self.server()
        try await AsyncGateHub.run(with: server) {
            let watcher = Switchboard.API.watch(operation: UserToDoListQuery(id: "u1"))
            var results = watcher.makeAsyncIterator()
            #expect(try await results.next()?.get().user?.todos.first?.text == "Buy milk")
            await (try Switchboard.API.store()).removeRecord(for: "Todo:t1")
            #expect(try await results.next()?.get().user?.todos.first?.text == "Buy milk")
            #expect(Self.requests(server, named: "UserToDoListQuery") == 2)
            watcher.cancel()

            let cacheOnly = Switchboard.API.watch(operation: HeroNameQuery(), cachePolicy: .returnCacheDataDontFetch)
            let completely = Switchboard.API.watch(
                operation: HeroNameQuery(), cachePolicy: .fetchIgnoringCacheCompletely)
            var failed = false
            do {
                for try await _ in completely {}
            } catch is APIError {
                failed = true
            }
            #expect(failed)
            cacheOnly.cancel()
        }
        await server.stop()
    }
}

extension Result where Failure == GraphQLResponseError<AddTodoMutation.Data> {
    /// The GraphQL errors of a failed response.
    var failureErrors: [GraphQLError]? {
        if case .failure(let error) = self { return error.graphQLErrors }
        return nil
    }
}
