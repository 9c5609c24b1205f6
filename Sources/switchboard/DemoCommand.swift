import Foundation
import SwitchboardAPI
import SwitchboardServer
import SwitchboardSigV4

/// `switchboard demo`: starts the local AppSync-compatible server in-process on 127.0.0.1 with a
/// small `@model` schema and drives it with the Switchboard client, configured from the file the
/// server writes, printing each step.
struct DemoCommand: CLICommand {
    static let definition = CommandDefinition(
        name: "demo",
        abstract: "Run the end-to-end demo against an in-process local AppSync server.",
        discussion: """
            Starts the local AppSync-compatible server (switchboard serve) in this process on 127.0.0.1 (a free \
            port, in memory) with a Todo/Comment @model schema, configures Switchboard from the \
            amplifyconfiguration.json it writes, and runs a filtered subscription, model-based creates, a \
            filtered list read page by page, a failed condition, API-key and IAM-signed requests and a lazily \
            loaded hasMany list.
            """)

    typealias Todo = DemoModels.Todo
    typealias Comment = DemoModels.Comment

    /// The demo's IAM principal: the server accepts SigV4 signatures made with these.
    static let credentials = AWSCredentials(
        accessKeyId: "AKIDSWITCHBOARDDEMO", secretAccessKey: "demo-only/\(UUID().uuidString)")

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        let server = try await LocalServer.start(
            schema: DemoSchema.sdl, fileName: "demo.graphql",
            configuration: .init(iamPrincipals: [.init(credentials: credentials, role: .authenticated)]))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "switchboard-demo-\(UUID().uuidString)")
        do {
            try await story(server: server, directory: directory)
        } catch {
            await server.stop()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        await server.stop()
        try? FileManager.default.removeItem(at: directory)
        step("Stopped the local server.")
        return ExitCode.success
    }

    private static func story(server: LocalServer, directory: URL) async throws {
        step("Started the local AppSync server (in memory) at \(server.graphQLEndpoint.absoluteString)")
        step("  real-time: \(server.realtimeEndpoint.absoluteString); models: Todo, Comment")

        try FileAccess.createDirectory(directory.path)
        let file = directory.appendingPathComponent("amplifyconfiguration.json")
        try FileAccess.write(Data(server.amplifyConfiguration(apiName: "demo").utf8), to: file.path)
        try Switchboard.add(
            plugin: APIPlugin(
                iamSigner: SigV4RequestSigner(credentialsProvider: StaticCredentialsProvider(credentials))))
        try Switchboard.configure(from: file)
        step("Wrote amplifyconfiguration.json and configured Switchboard from it (API \"demo\", API_KEY auth)")

        var subscription = try await subscribeToUrgentTodos()
        let todos = [
            Todo(id: "todo-1", name: "Read the docs", priority: 1),
            Todo(id: "todo-2", name: "Write the schema", priority: 3),
            Todo(id: "todo-3", name: "Water the plants", priority: 1),
            Todo(id: "todo-4", name: "Ship the app", priority: 2),
            Todo(id: "todo-5", name: "Fix the bug", priority: 2),
        ]
        for todo in todos {
            let created = try await Switchboard.API.mutate(request: .create(todo)).get()
            step(
                "model request .create(Todo) → \(describe(created)), createdAt \(created.createdAt == nil ? "missing" : "set")"
            )
        }
        let urgent = todos.filter { $0.priority >= 2 }.count
        for _ in 0..<urgent {
            let todo = try await subscription.next()
            step("  subscription event: \(describe(todo))")
        }
        subscription.cancel()

        try await listSteps()
        try await conditionStep(todos[0])
        try await authorizationSteps(todo: todos[1])
    }

    /// `onCreateTodo` with an enhanced subscription filter, from a model predicate: only todos of
    /// priority 2 and above reach the client.
    private static func subscribeToUrgentTodos() async throws -> DemoSubscription<Todo> {
        let request = GraphQLRequest<Todo>.subscription(of: Todo.self, type: .onCreate, where: Todo.keys.priority >= 2)
        var subscription = DemoSubscription(Switchboard.API.subscribe(request: request))
        let states = try await subscription.connected()
        step(
            "model request .subscription(of: Todo.self, type: .onCreate, where: priority >= 2) over the AppSync "
                + "real-time protocol, filtered by the server → " + states.joined(separator: " → "))
        return subscription
    }

    /// A filtered list, two items per page, read with `hasNextPage()`/`getNextPage()`.
    private static func listSteps() async throws {
        var page = try await Switchboard.API.query(
            request: .list(Todo.self, where: Todo.keys.priority >= 2, limit: 2)
        ).get()
        var number = 1
        step(
            "model request .list(Todo.self, where: priority >= 2, limit: 2) → page 1: \(names(page)); "
                + "nextToken: \(page.hasNextPage() ? "yes" : "no")")
        while page.hasNextPage() {
            page = try await page.getNextPage()
            number += 1
            step("  getNextPage() → page \(number): \(names(page)); nextToken: \(page.hasNextPage() ? "yes" : "no")")
        }
    }

    /// An update guarded by a condition that does not hold.
    private static func conditionStep(_ todo: Todo) async throws {
        var finished = todo
        finished.name = "Read the docs twice"
        let result = try await Switchboard.API.mutate(request: .update(finished, where: Todo.keys.done == true))
        guard case .failure(.error(let errors)) = result, let error = errors.first else {
            throw DemoFailure("the update with a false condition succeeded")
        }
        let type = error.extensions?["errorType"]?.stringValue ?? "no errorType"
        step("model request .update(todo-1, where: done == true) → \(type): \(error.message)")
    }

    /// Comments: the API key may read them but not write them; IAM-signed requests may.
    private static func authorizationSteps(todo: Todo) async throws {
        let comment = Comment(id: "comment-1", content: "Started on it", todo: todo)
        guard case .failure(.error(let errors)) = try await Switchboard.API.mutate(request: .create(comment)),
            let error = errors.first
        else { throw DemoFailure("the API key created a comment") }
        step(
            "model request .create(Comment) with the API key → "
                + "\(error.extensions?["errorType"]?.stringValue ?? "?"): \(error.message)")
        let signed = try await Switchboard.API.mutate(request: .create(comment, authMode: .awsIAM)).get()
        step(
            "model request .create(Comment, authMode: .awsIAM), SigV4-signed as \(credentials.accessKeyId) → "
                + "Comment(id: \(signed.id), content: \"\(signed.content)\")")

        guard let loaded = try await Switchboard.API.query(request: .get(Todo.self, byId: todo.id)).get(),
            let comments = loaded.comments
        else { throw DemoFailure("getTodo(id: \(todo.id)) returned nothing") }
        step(
            "model request .get(Todo.self, byId: \(todo.id)) → comments \(comments.isLoaded ? "loaded" : "not loaded")")
        var contents: [String] = []
        for try await comment in comments.allElements { contents.append(comment.content) }
        step("  for try await comment in todo.comments.allElements (API key, read allowed) → \(contents)")
    }

    private static func describe(_ todo: Todo) -> String {
        "Todo(id: \(todo.id), name: \"\(todo.name)\", priority: \(todo.priority))"
    }

    private static func names(_ todos: List<Todo>) -> String {
        todos.isEmpty ? "(empty)" : todos.map(\.name).joined(separator: ", ")
    }

    private static func step(_ text: String) {
        print("• \(text)")
        fflush(nil)  // all streams: output may be a pipe, and the next line can take a while
    }
}

/// A step of the demo that did not go as the story says.
struct DemoFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
