import Foundation
import SwitchboardAPI
import SwitchboardMock
import Testing

/// The Todo suite is generated with `"mutableData": true`: its data types have settable
/// properties and encode to the JSON a server would send (fragments' fields merged in, `nil` as
/// `null`), so the store can take typed updates and optimistic results.
@Suite struct MutableDataTests {
    typealias User = UserToDoListQuery.Data.User

    static func todo(_ id: String, _ text: String, complete: Bool = false) -> User.Todo {
        let item = ToDoItem_todo(data: .init(id: id, text: text, complete: complete))
        return User.Todo(id: id, text: text, complete: complete, fragments: .init(toDoItem_todo: item))
    }

    @Test func dataEncodesAsAResponseWould() throws {
        let added = AddTodoMutation.Data(
            addTodo: .init(
                id: "t3", text: "Ship it", complete: false,
                fragments: .init(toDoItem_todo: ToDoItem_todo(data: .init(id: "t3", text: "Ship it", complete: false))))
        )
        let json = try JSONValue(parsing: JSONEncoder().encode(added))
        #expect(
            json == [
                "addTodo": [
                    "__typename": "Todo", "id": "t3", "text": "Ship it", "complete": false, "dueAt": nil,
                    "priority": nil, "labelColor": nil, "tags": nil,
                ]
            ])
        // And decodes back to data that encodes the same (its fragment pointers then hold the
        // response object, where the ones made in code hold only the type name).
        let decoded = try JSONDecoder().decode(AddTodoMutation.Data.self, from: JSONEncoder().encode(added))
        #expect(try JSONValue(parsing: JSONEncoder().encode(decoded)) == json)
        #expect(decoded.addTodo?.fragments.toDoItem_todo.data == added.addTodo?.fragments.toDoItem_todo.data)
    }

    @Test func aTypedUpdateAppendsToAWatchedList() async throws {
        let store = RecordStore()
        let query = UserToDoListQuery(id: "u1")
        try await store.write(data: RelaySeedTests.user, for: query)
        var watched = try await store.watch(operation: query).makeAsyncIterator()
        #expect(try await watched.next()?.user?.todos.count == 2)

        try await store.withTransaction { store in
            try store.update(query) { data in
                data.user?.todos.append(Self.todo("t3", "Write the docs"))
                data.user?.todos[1].complete = true
            }
        }
        let user = try #require(try await watched.next()?.user)
        #expect(user.todos.map(\.id) == ["t1", "t2", "t3"])
        // The fragments read the new data too: each row reads only its own fragment.
        let rows = ToDoList_user(key: user).todos.map { ToDoItem_todo(key: $0) }
        #expect(rows.map(\.complete) == [true, true, false])
        #expect(rows.last?.text == "Write the docs")
    }

    @Test func anOptimisticMutationShowsItsItemUntilTheServersArrives() async throws {
        let created: JSONValue = [
            "addTodo": [
                "__typename": "Todo", "id": "t3", "text": "Ship it", "complete": false, "dueAt": nil, "priority": nil,
                "labelColor": nil, "tags": nil,
            ]
        ]
        let harness = try await MockHarness.start(["UserToDoListQuery": RelaySeedTests.user, "AddTodo": created])
        defer { Task { await harness.stop() } }
        var texts = harness.plugin.watch(operation: UserToDoListQuery(id: "u1"))
            .map { try $0.get().user?.todos.map(\.text) ?? [] }.makeAsyncIterator()
        #expect(try await texts.next() == ["Write the seed test", "Ship it"])

        let draft = ToDoItem_todo(data: .init(id: "pending", text: "Ship it (saving)", complete: false))
        let optimistic = AddTodoMutation.Data(
            addTodo: .init(
                id: "pending", text: "Ship it (saving)", complete: false, fragments: .init(toDoItem_todo: draft)))
        let result = try await harness.plugin.mutate(
            operation: AddTodoMutation(input: AddTodoInput(userId: "u1", text: "Ship it")), optimistic: optimistic
        ) { store, data in
            guard let added = data.addTodo else { return }
            try store.update(UserToDoListQuery(id: "u1")) { list in
                list.user?.todos.append(
                    User.Todo(
                        id: added.id, text: added.text, complete: added.complete,
                        fragments: .init(toDoItem_todo: added.fragments.toDoItem_todo)))
            }
        }
        #expect(try result.get().addTodo?.id == "t3")
        // The watcher ends with the server's item, and the optimistic one is gone.
        var last = try await texts.next()
        while last?.last == "Ship it (saving)" { last = try await texts.next() }
        #expect(last == ["Write the seed test", "Ship it", "Ship it"])
        #expect(try await harness.plugin.store().optimisticUpdateCount == 0)
    }
}
