import Foundation
import Switchboard
import SwitchboardStore
import Testing

/// The Relay seed's fragments read, written and watched on the store's records.
@Suite struct RecordStoreFragmentTests {
    static let list: JSONValue = [
        "user": [
            "__typename": "User", "id": "u1",
            "todos": [
                ["__typename": "Todo", "id": "t1", "text": "Buy milk", "complete": false],
                ["__typename": "Todo", "id": "t2", "text": "Ship it", "complete": true],
            ],
        ]
    ]

    @Test func aFragmentReadsFromItsRecordAndAPointerFindsTheNewestData() async throws {
        let store = RecordStore()
        let query = UserToDoListQuery(id: "u1")
        try await store.write(data: Self.list, for: query)
        let item = try await store.read(fragment: ToDoItem_todo.self, from: "Todo:t2")
        #expect(item.text == "Ship it" && item.complete)

        let first = try #require(try await store.read(operation: query).user?.todos.first)
        let pointer = first.fragment_ToDoItem_todo
        #expect(await store.cacheKey(for: pointer) == "Todo:t1")
        // Another response changes the object; the pointer's own data is a snapshot, the store's is current.
        try await store.write(
            data: ["addTodo": ["__typename": "Todo", "id": "t1", "text": "Buy oat milk", "complete": false]],
            for: AddTodoMutation(input: AddTodoInput(userId: "u1", text: "x")))
        #expect(ToDoItem_todo(key: first).text == "Buy milk")
        #expect(try await store.read(fragment: ToDoItem_todo.self, at: pointer).text == "Buy oat milk")

        // A fragment that spreads another reads through the list's references.
        let user = try await store.read(fragment: ToDoList_user.self, from: "User:u1")
        #expect(user.todos.map { ToDoItem_todo(key: $0).text } == ["Buy oat milk", "Ship it"])
    }

    @Test func writingAFragmentUpdatesWatchersOfQueriesAndFragments() async throws {
        let store = RecordStore()
        let query = UserToDoListQuery(id: "u1")
        try await store.write(data: Self.list, for: query)
        let listWatcher = try await store.watch(operation: query)
        var lists = listWatcher.makeAsyncIterator()
        _ = try await lists.next()
        let itemWatcher = try await store.watch(fragment: ToDoItem_todo.self, from: "Todo:t1")
        var items = itemWatcher.makeAsyncIterator()
        #expect(try await items.next()?.complete == false)

        try await store.write(
            fragment: ToDoItem_todo.self,
            data: ["__typename": "Todo", "id": "t1", "text": "Buy milk", "complete": true], to: "Todo:t1")
        #expect(try await items.next()?.complete == true)
        let todos = try #require(try await lists.next()?.user?.todos)
        #expect(todos.map { ToDoItem_todo(key: $0).complete } == [true, true])
        listWatcher.cancel()
        itemWatcher.cancel()

        await #expect(throws: RecordStoreError.missingRecord("Todo:t9", path: "")) {
            try await store.read(fragment: ToDoItem_todo.self, from: "Todo:t9")
        }
    }
}

/// A fragment whose field arguments use the variables of the operation it is spread in.
@Suite struct RecordStoreFragmentVariablesTests {
    struct FirstTodos: GraphQLFragment {
        static let fragmentDefinition =
            "fragment FirstTodos on User { __typename id todos(first: $count) { __typename id text } }"
        struct Data: Decodable, Sendable, Equatable {
            let id: String
            let todos: [Todo]
            struct Todo: Decodable, Sendable, Equatable { let text: String }
        }
        let fragmentPointer: FragmentPointer
        let data: Data
    }

    struct FirstTodosQuery: GraphQLQuery {
        static let operationName = "FirstTodos"
        static let document =
            #"query FirstTodos($count: Int) { user(id: "u1") { __typename id todos(first: $count) { __typename id text } } }"#
        struct Variables: Encodable, Sendable { let count: Int }
        let variables: Variables
        typealias Data = JSONValue
    }

    static func user(_ texts: [String]) -> JSONValue {
        let todos = texts.enumerated().map { index, text -> JSONValue in
            ["__typename": "Todo", "id": .string("t\(index)"), "text": .string(text)]
        }
        return ["__typename": "User", "id": "u1", "todos": .array(todos)]
    }

    @Test func fragmentsReadWriteAndWatchWithTheOperationsVariables() async throws {
        let store = RecordStore()
        try await store.write(
            data: ["user": Self.user(["Buy milk", "Ship it"])], for: FirstTodosQuery(variables: .init(count: 2)))
        let two = try await store.read(fragment: FirstTodos.self, from: "User:u1", variables: ["count": 2])
        #expect(two.todos.map(\.text) == ["Buy milk", "Ship it"])
        // Without the variable the field is another one (`todos` with no arguments), not stored.
        await #expect(
            throws: RecordStoreError.missingField(record: "User:u1", field: "todos", path: "todos")
        ) {
            try await store.read(fragment: FirstTodos.self, from: "User:u1")
        }

        let watcher = try await store.watch(fragment: FirstTodos.self, from: "User:u1", variables: ["count": 1])
        var updates = watcher.makeAsyncIterator()
        try await store.write(
            fragment: FirstTodos.self, data: Self.user(["Only one"]), to: "User:u1", variables: ["count": 1])
        #expect(try await updates.next()?.todos.map(\.text) == ["Only one"])
        watcher.cancel()
        // The page of two is a field of its own, untouched by the page of one.
        #expect(
            try await store.read(fragment: FirstTodos.self, from: "User:u1", variables: ["count": 2]).todos.count == 2)
    }
}
