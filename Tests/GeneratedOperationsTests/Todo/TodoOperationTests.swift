import Foundation
import SwitchboardAPI
import SwitchboardMock
import Testing

/// The Todo suite's mutation and subscription: input objects with absent and null fields, an
/// enum that keeps unknown values, an AWS scalar and a custom scalar mapped by configuration.
@Suite struct TodoOperationTests {
    static let added: JSONValue = [
        "addTodo": [
            "__typename": "Todo", "id": "t9", "text": "{{variables.input.text}}", "complete": false,
            "dueAt": "2026-11-23T09:30:00.000Z", "priority": "URGENT", "labelColor": "#ff8800", "tags": ["home"],
        ]
    ]

    @Test func mutationSendsTheInputAndDecodesScalarsAndEnums() async throws {
        let harness = try await MockHarness.start(["AddTodo": Self.added])
        let due = try Temporal.DateTime(iso8601String: "2026-11-23T09:30:00.000Z")
        let input = AddTodoInput(
            userId: "u1", text: "Buy milk", dueAt: .value(due), priority: .null, labelColor: .value(HexColor("#ff8800"))
        )
        let data = try await harness.plugin.mutate(operation: AddTodoMutation(input: input)).get()
        let variables = harness.receivedBodies.first?["variables"]
        await harness.stop()

        let expected: JSONValue = [
            "input": [
                "userId": "u1", "text": "Buy milk", "dueAt": "2026-11-23T09:30:00.000Z", "priority": .null,
                "labelColor": "#ff8800",
            ]
        ]
        #expect(variables == expected)
        let todo = try #require(data.addTodo)
        #expect(todo.text == "Buy milk")
        #expect(todo.dueAt == due)
        #expect(todo.priority == .unknown("URGENT"))
        #expect(todo.labelColor == HexColor("#ff8800"))
        #expect(todo.tags == ["home"])
        #expect(ToDoItem_todo(key: todo).text == "Buy milk")
    }

    @Test func requiredFieldsAloneMakeAnInput() throws {
        let input = AddTodoInput(userId: "u1", text: "Call home")
        #expect(try JSONValue(encoding: input) == ["userId": "u1", "text": "Call home"])
        #expect(
            try JSONValue(encoding: AddTodoInput(userId: "u", text: "t", priority: .value(.wontDo)))["priority"]
                == "WONT_DO")
    }

    @Test func subscriptionDeliversTypedEvents() async throws {
        let event: JSONValue = ["onAddTodo": ["__typename": "Todo", "id": "t1", "text": "New", "priority": "HIGH"]]
        let harness = try await MockHarness.start(
            [:], subscriptions: [SubscriptionEndpoint(.operations("OnAddTodo"), events: [.data(event)])])
        let subscription = harness.plugin.subscribe(operation: OnAddTodoSubscription(userId: "u1"))
        var received: [OnAddTodoSubscription.Data] = []
        for try await event in subscription {
            if case .data(let result) = event {
                received.append(try result.get())
                subscription.cancel()
            }
        }
        await harness.stop()
        #expect(received.map { $0.onAddTodo?.priority } == [.high])
        // A subscription's root selection set gets no __typename: the spec allows one root field.
        #expect(OnAddTodoSubscription.document.hasPrefix("subscription OnAddTodo($userId: ID!) {\n  onAddTodo("))
    }
}
