import Foundation
import Observation
import SwitchboardAPI
import SwitchboardMock
import Testing

/// `ObservableQuery` and `ObservableFragment` driving a test "view" through observation
/// tracking, as SwiftUI does: each render reads the model, and a change to what it read renders
/// again. Against the mock over sockets, with the Relay seed's query and fragment.
@MainActor @Suite struct ObservableModelTests {
    static let user = RelaySeedTests.user

    static let completedT2: JSONValue = [
        "addTodo": [
            "__typename": "Todo", "id": "t2", "text": "Ship it", "complete": true, "dueAt": nil, "priority": nil,
            "labelColor": nil, "tags": nil,
        ]
    ]

    /// Renders `body` now and again after each change to the observable state it read.
    @MainActor final class TestView {
        private(set) var renders: [String] = []
        private let body: @MainActor () -> String

        init(_ body: @escaping @MainActor () -> String) {
            self.body = body
            render()
        }

        private func render() {
            let text = withObservationTracking {
                body()
            } onChange: {
                Task { @MainActor [weak self] in self?.render() }
            }
            // A change that renders the same text (a flag set to what it was) is not a new frame.
            if renders.last != text { renders.append(text) }
        }
    }

    static func eventually(_ what: String, _ condition: @MainActor () -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out waiting for \(what)")
                return
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    static func lines(_ data: UserToDoListQuery.Data) -> String {
        guard let user = data.user else { return "no user" }
        return ToDoList_user(key: user).todos.map { todo in
            let item = ToDoItem_todo(key: todo)
            return (item.complete ? "[x] " : "[ ] ") + item.text
        }.joined(separator: ", ")
    }

    @Test func aQueryModelGoesThroughLoadingDataUpdateAndError() async throws {
        let harness = try await MockHarness.start(["UserToDoListQuery": Self.user, "AddTodo": Self.completedT2])
        let model = ObservableQuery(operation: UserToDoListQuery(id: "u1"), plugin: harness.plugin)
        let view = TestView {
            if let error = model.error { return "error: \(type(of: error))" + (model.data == nil ? "" : ", data kept") }
            if model.isLoading { return "loading" }
            return model.data.map(Self.lines) ?? "nothing"
        }
        #expect(view.renders == ["loading"])
        await Self.eventually("the data") { view.renders.count == 2 }
        #expect(view.renders.last == "[x] Write the seed test, [ ] Ship it")

        // A mutation's response carries t2, complete: the store changes, and the view with it.
        _ = try await harness.plugin.mutate(
            operation: AddTodoMutation(input: AddTodoInput(userId: "u1", text: "Ship it"))
        )
        .get()
        await Self.eventually("the update") { view.renders.count == 3 }
        #expect(view.renders.last == "[x] Write the seed test, [x] Ship it")

        // Refetching with the server gone: the error shows, and the data stays.
        await harness.stop()
        model.refetch()
        await Self.eventually("the error") { view.renders.last?.hasPrefix("error") == true }
        #expect(view.renders.last == "error: APIError, data kept")
        #expect(model.data.map(Self.lines) == "[x] Write the seed test, [x] Ship it")
        #expect(!model.isLoading)
        #expect(harness.server.receivedRequests.count == 2)
    }

    @Test func aRequestModelAndAFragmentModelFollowTheStore() async throws {
        let harness = try await MockHarness.start(["UserToDoListQuery": Self.user, "AddTodo": Self.completedT2])
        defer { Task { await harness.stop() } }
        let data = try await harness.plugin.query(operation: UserToDoListQuery(id: "u1")).get()
        let second = try #require(data.user?.todos[1])
        let row = ObservableFragment(ToDoItem_todo(key: second), plugin: harness.plugin)
        // A raw request of the same document shares the typed query's records.
        let ids = ObservableQuery(
            request: GraphQLRequest<String>(
                document: UserToDoListQuery.document, variables: ["id": "u1"], responseType: String.self,
                decodePath: "user.id"),
            cachePolicy: .returnCacheDataDontFetch, plugin: harness.plugin)
        let view = TestView { "\(row.fragment.complete ? "[x]" : "[ ]") \(row.fragment.text) | \(ids.data ?? "-")" }
        await Self.eventually("the request's data") { ids.data != nil }
        #expect(view.renders.last == #"[ ] Ship it | "u1""#)

        _ = try await harness.plugin.mutate(
            operation: AddTodoMutation(input: AddTodoInput(userId: "u1", text: "Ship it"))
        )
        .get()
        await Self.eventually("the fragment's update") { row.fragment.complete }
        await Self.eventually("the render") { view.renders.last == #"[x] Ship it | "u1""# }
        #expect(row.error == nil && ids.error == nil)
        // One query, one mutation: the models read the store.
        #expect(harness.server.receivedRequests.count == 2)
    }
}
