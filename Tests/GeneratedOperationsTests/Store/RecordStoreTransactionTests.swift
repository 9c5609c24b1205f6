// swift-format-ignore-file: AlwaysUseLowerCamelCase

import Foundation
import Switchboard
import SwitchboardCore
import SwitchboardStore
import Testing

/// Transactions: typed updates on `Encodable` data, one watcher notification per transaction, a
/// rollback when the body throws, `nil` written as `null`, and optimistic updates made of a
/// transaction's changes.
@Suite struct RecordStoreTransactionTests {
    struct TodosQuery: GraphQLQuery {
        static let operationName = "Todos"
        static let document = "query Todos { todos { __typename id text done note } }"
        let variables = GraphQLNoVariables()
        struct Data: Codable, Sendable, Equatable {
            var todos: [Todo]
        }
        struct Todo: Codable, Sendable, Equatable {
            var __typename = "Todo"
            var id: String
            var text: String
            var done: Bool
            var note: String?
        }
    }

    struct TodoQuery: GraphQLQuery {
        static let operationName = "Todo"
        static let document = "query Todo($id: ID!) { getTodo(id: $id) { __typename id text done note } }"
        struct Variables: Encodable, Sendable { let id: String }
        let variables: Variables
        struct Data: Codable, Sendable, Equatable { var getTodo: TodosQuery.Todo? }
    }

    static func todo(_ id: Int, done: Bool = false, note: String? = nil) -> TodosQuery.Todo {
        TodosQuery.Todo(id: "\(id)", text: "Todo \(id)", done: done, note: note)
    }

    static func filled() async throws -> RecordStore {
        let store = RecordStore()
        try await store.write(TodosQuery.Data(todos: [todo(1, note: "first"), todo(2)]), for: TodosQuery())
        return store
    }

    @Test func aTransactionIsOneChangeForItsWatchers() async throws {
        let store = try await Self.filled()
        var watched = try await store.watch(operation: TodosQuery()).makeAsyncIterator()
        #expect(try await watched.next()?.todos.map(\.id) == ["1", "2"])
        let deliveries = Locked(0)
        _ = try await store.addWatcher(for: StoreOperation(TodosQuery())) { _ in deliveries.withLock { $0 += 1 } }
        #expect(deliveries.withLock { $0 } == 1)

        let reads = try await store.withTransaction { store in
            try store.update(TodosQuery()) { $0.todos.append(Self.todo(3)) }
            try store.update(TodosQuery()) { $0.todos[0].done = true }
            // Reads in the transaction see its writes.
            return try store.read(operation: TodosQuery()).todos.count
        }
        #expect(reads == 3)
        let after = try #require(try await watched.next())
        #expect(after.todos.map(\.id) == ["1", "2", "3"] && after.todos[0].done)
        // The object is shared: another query of it sees the change without a request.
        #expect(try await store.read(operation: TodoQuery(variables: .init(id: "1"))).getTodo?.done == true)
        // Two writes, one delivery.
        #expect(deliveries.withLock { $0 } == 2)
    }

    @Test func aThrowingBodyLeavesEverythingAsItWas() async throws {
        struct Refused: Error {}
        let store = try await Self.filled()
        let keys = await store.recordKeys
        let before = try await store.read(operation: TodosQuery())
        await #expect(throws: Refused.self) {
            try await store.withTransaction { store in
                try store.update(TodosQuery()) { $0.todos = [Self.todo(9)] }
                store.removeRecord(for: "Todo:2")
                throw Refused()
            }
        }
        #expect(try await store.read(operation: TodosQuery()) == before)
        #expect(await store.recordKeys == keys)
    }

    @Test func aNilWrittenFromSwiftClearsTheField() async throws {
        let store = try await Self.filled()
        try await store.update(TodosQuery()) { $0.todos[0].note = nil }
        #expect(try await store.read(operation: TodosQuery()).todos[0].note == nil)
    }

    @Test func aWatcherAddedInARolledBackTransactionEndsWithTheDataAsItWas() async throws {
        struct Refused: Error {}
        let store = try await Self.filled()
        let watcher = Locked<SwitchboardAsyncThrowingSequence<TodosQuery.Data>?>(nil)
        await #expect(throws: Refused.self) {
            try await store.withTransaction { store in
                try store.update(TodosQuery()) { $0.todos = [Self.todo(9)] }
                // Given the transaction's data at once.
                let watching = try store.watch(operation: TodosQuery())
                watcher.withLock { $0 = watching }
                throw Refused()
            }
        }
        var watched = try #require(watcher.withLock { $0 }).makeAsyncIterator()
        // The newest data waits for the consumer: the list as it was, not the rolled-back one.
        #expect(try await watched.next()?.todos.map(\.id) == ["1", "2"])
    }

    @Test func anOptimisticUpdateMadeOfATransactionIsALayer() async throws {
        let store = try await Self.filled()
        var watched = try await store.watch(operation: TodosQuery()).makeAsyncIterator()
        _ = try await watched.next()
        let shown = try await store.addOptimisticUpdate { store in
            try store.update(TodosQuery()) { $0.todos.append(Self.todo(3)) }
            try store.update(TodosQuery()) { $0.todos[1].done = true }
        }
        let optimistic = try #require(try await watched.next())
        #expect(optimistic.todos.map(\.id) == ["1", "2", "3"] && optimistic.todos[1].done)
        #expect(await store.optimisticUpdateCount == 1)

        await store.removeOptimisticUpdate(shown)
        let back = try #require(try await watched.next())
        #expect(back.todos.map(\.id) == ["1", "2"] && !back.todos[1].done)
        #expect(await store.record(for: "Todo:3") == nil)
    }

    @Test func aLaterLayerWritingTheStoredValueHidesAnEarlierLayers() async throws {
        let store = try await Self.filled()
        _ = try await store.addOptimisticUpdate { store in
            try store.update(TodosQuery()) { $0.todos[0].text = "Renamed" }
        }
        let back = try await store.addOptimisticUpdate { store in
            try store.update(TodosQuery()) { $0.todos[0].text = "Todo 1" }
        }
        #expect(try await store.read(operation: TodosQuery()).todos[0].text == "Todo 1")
        await store.removeOptimisticUpdate(back)
        #expect(try await store.read(operation: TodosQuery()).todos[0].text == "Renamed")
    }
}
