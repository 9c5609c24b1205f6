import Foundation
import SwitchboardAPI
import SwitchboardMock

/// `switchboard demo`: starts the bundled mock API in-process on 127.0.0.1 and drives it
/// through `Switchboard.configure` and the real query/mutate pipeline, printing each step.
struct DemoCommand: CLICommand {
    static let name = "demo"
    static let summary = "run the end-to-end demo against an in-process mock server"
    static let usage = """
        switchboard demo
          Starts a mock Todo/Post/Comment API on 127.0.0.1 (a free port), configures Switchboard for it,
          and runs a query, a subscription fed by a scripted event and by a mutation, a two-operation
          request, model-based requests with a lazily loaded list, and an intercepted request.
        """
    static let options: Set<String> = []
    static let flags: Set<String> = []

    struct Todo: Codable, Sendable {
        let id: String
        let name: String
        let priority: Int
        let done: Bool
    }

    struct CreateTodoInput: Encodable, Sendable {
        let name: String
        let priority: Int
    }

    /// Adds the header the mock's `me` endpoint requires.
    struct DemoClientHeader: RequestInterceptor {
        func intercept(_ request: URLRequest) async throws -> URLRequest {
            var request = request
            request.setValue("switchboard-demo", forHTTPHeaderField: "x-demo-client")
            return request
        }
    }

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        guard arguments.positional.isEmpty else { throw UsageError("demo takes no arguments") }
        let endpoints = try MockConfiguration.parse(
            DemoMockConfiguration.yaml, file: "demo-mock.yaml", baseDirectory: URL(fileURLWithPath: "."))
        let server = try await MockServer(endpoints: endpoints)
        step("Started the mock API (\(endpoints.count) endpoints) at \(server.graphQLURL.absoluteString)")

        let configuration = """
            {"api": {"plugins": {"awsAPIPlugin": {"demo": {"endpointType": "GraphQL",
              "endpoint": "\(server.graphQLURL.absoluteString)", "region": "us-east-1",
              "authorizationType": "API_KEY", "apiKey": "da2-demo-not-a-secret"}}}}}
            """
        try Switchboard.add(plugin: APIPlugin())
        try Switchboard.configure(Data(configuration.utf8))
        step("Configured Switchboard from amplifyconfiguration JSON (API \"demo\", API_KEY auth)")

        let get = GraphQLRequest(
            document: "query getTodo($id: ID!) { getTodo(id: $id) { id name priority done } }",
            variables: ["id": "todo-1"], responseType: Todo.self, decodePath: "getTodo")
        let todo = try await Switchboard.API.query(request: get).get()
        step(
            "query getTodo (decodePath \"getTodo\") → Todo(id: \(todo.id), name: \"\(todo.name)\", priority: \(todo.priority))"
        )

        try await subscriptionSteps()
        await waitForSubscriptionsToStop(on: server)

        let both = GraphQLRequest(
            document: """
                query listPosts { listPosts { items { id title } } }
                query listComments { listComments { items { id postID content } } }
                """,
            responseType: JSONValue.self, operationName: "listPosts")
        let feed = try await Switchboard.API.query(request: both).get()
        let titles = feed.value(at: "listPosts.items")?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
        step("two-operation document as JSONValue → posts: \(titles.joined(separator: ", "))")

        try await modelSteps()

        let me = GraphQLRequest(
            document: "query me { me { id client } }", responseType: JSONValue.self, decodePath: "me")
        do {
            _ = try await Switchboard.API.query(request: me).get()
            step("query me without the header unexpectedly succeeded")
            return ExitCode.failure
        } catch APIError.httpStatusError(let status, _) {
            step("query me without the x-demo-client header → HTTP \(status) from the mock (it requires the header)")
        }
        try Switchboard.API.add(interceptor: DemoClientHeader(), for: "demo")
        let identity = try await Switchboard.API.query(request: me).get()
        step("added an interceptor for x-demo-client → me = \(identity.jsonText)")

        await server.stop()
        step("Stopped the mock API.")
        return ExitCode.success
    }

    /// Lists posts with the model builder, then lets a post's comments load on first iteration.
    private static func modelSteps() async throws {
        let posts = try await Switchboard.API.query(request: .list(DemoModels.Post.self, limit: 2)).get()
        step(
            "model request .list(Post.self, limit: 2) → \(posts.map(\.title).joined(separator: ", ")); "
                + "more pages: \(posts.hasNextPage() ? "yes" : "no")")
        guard let post = posts.first, let comments = post.comments else {
            throw APIError.unknown("The mock's listPosts returned no post.", "Check DemoMockConfiguration.")
        }
        step("  \(post.id).comments left out of the response → \(comments.isLoaded ? "loaded" : "not loaded")")
        var contents: [String] = []
        for try await comment in comments.allElements { contents.append(comment.content) }
        step(
            "  for try await comment in post.comments.allElements → one listComments query filtered by postId: \(contents)"
        )
    }

    /// Subscribes to `onCreateTodo`, receives the mock's scripted event, then creates a todo
    /// through the mutation pipeline and receives the event the mutation triggers.
    private static func subscriptionSteps() async throws {
        let onCreate = GraphQLRequest(
            document: "subscription onCreateTodo { onCreateTodo { id name priority done } }",
            responseType: Todo.self, decodePath: "onCreateTodo")
        var events = Switchboard.API.subscribe(request: onCreate).makeAsyncIterator()
        var states: [String] = []
        while let event = try await events.next() {
            guard case .connection(let state) = event else { continue }
            states.append(state.rawValue)
            if state == .connected { break }
        }
        step("subscription onCreateTodo over the AppSync real-time protocol → \(states.joined(separator: " → "))")
        let scripted = try await nextTodo(&events)
        step("  event: Todo(id: \(scripted.id), name: \"\(scripted.name)\") (scripted by the mock)")

        let create = GraphQLRequest(
            document: """
                mutation createTodo($input: CreateTodoInput!) { createTodo(input: $input) { id name priority done } }
                """,
            variables: ["input": CreateTodoInput(name: "Try Switchboard", priority: 1)],
            responseType: Todo.self, decodePath: "createTodo")
        let created = try await Switchboard.API.mutate(request: create).get()
        step("mutation createTodo (Encodable input) → Todo(id: \(created.id), name: \"\(created.name)\")")
        let triggered = try await nextTodo(&events)
        step("  event: Todo(id: \(triggered.id), name: \"\(triggered.name)\") (sent by the mutation)")
    }

    private static func nextTodo(
        _ events: inout SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<Todo>>.AsyncIterator
    ) async throws -> Todo {
        while let event = try await events.next() {
            if case .data(let result) = event { return try result.get() }
        }
        throw SubscriptionError.protocolViolation("the subscription ended before an event arrived")
    }

    /// Ending the iteration stops the subscription; the last one closes the socket.
    private static func waitForSubscriptionsToStop(on server: MockServer) async {
        for _ in 0..<200 where await server.realtimeStatistics.openConnections > 0 {
            try? await Task.sleep(for: .milliseconds(10))
        }
        let statistics = await server.realtimeStatistics
        step(
            "ended the subscription → \(statistics.activeSubscriptions) active, "
                + "\(statistics.openConnections) WebSocket connections open on the mock")
    }

    private static func step(_ text: String) {
        print("• \(text)")
        fflush(nil)  // all streams: output may be a pipe, and the next line can take a while
    }
}
