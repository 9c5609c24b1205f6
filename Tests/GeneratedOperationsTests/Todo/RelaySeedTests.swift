import Foundation
import SwitchboardAPI
import Testing

/// The Relay.swift seed's to-do fragments and query (written as `graphql("…")` literals in
/// `ToDoList.swift`), generated and run against the mock: fragments are read through their
/// `_Key` protocols as the seed describes.
@Suite struct RelaySeedTests {
    static let user: JSONValue = [
        "user": [
            "__typename": "User", "id": "u1",
            "todos": [
                ["__typename": "Todo", "id": "t1", "text": "Write the seed test", "complete": true],
                ["__typename": "Todo", "id": "t2", "text": "Ship it", "complete": false],
            ],
        ]
    ]

    /// A view that needs only `ToDoItem_todo`, as in the seed: it takes any `ToDoItem_todo_Key`.
    struct ToDoItem {
        let todo: ToDoItem_todo

        init(todo key: some ToDoItem_todo_Key) {
            todo = ToDoItem_todo(key: key)
        }

        var line: String { (todo.complete ? "[x] " : "[ ] ") + todo.text }
    }

    @Test func queryFragmentsAndKeysWorkAsTheSeedDescribes() async throws {
        let harness = try await MockHarness.start(["UserToDoListQuery": Self.user])
        let data = try await harness.plugin.query(operation: UserToDoListQuery(id: "u1")).get()
        let variables = harness.receivedBodies.first?["variables"]
        await harness.stop()

        #expect(variables == ["id": "u1"])
        let user = try #require(data.user)
        let list = ToDoList_user(key: user)
        let items = list.todos.map { ToDoItem(todo: $0) }
        #expect(items.map(\.line) == ["[x] Write the seed test", "[ ] Ship it"])

        let pointer: FragmentPointer = list.todos[0].fragment_ToDoItem_todo
        let data0: ToDoItem_todo.Data = ToDoItem_todo(key: list.todos[0]).data
        #expect(data0 == ToDoItem_todo.Data(__typename: "Todo", id: "t1", text: "Write the seed test", complete: true))
        #expect(pointer == user.todos[0].fragment_ToDoItem_todo)
        #expect(user.fragments.toDoList_user == list)
    }

    @Test func literalsAreTheDocumentsAtRunTime() {
        #expect(
            UserToDoListQuery.document.hasPrefix("query UserToDoListQuery($id: ID!) {\n  user(id: $id) {\n    id\n"))
        #expect(UserToDoListQuery.document.contains("fragment ToDoItem_todo on Todo {"))
        #expect(UserToDoListQuery.document.contains("fragment ToDoList_user on User {"))
    }
}
