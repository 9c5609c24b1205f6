/// Creates the items the read benchmarks fetch: `todo-0` … `todo-(count-1)` through the
/// server's own `createTodo` mutation, so both servers hold the same data.
struct TodoSeeder: Sendable {
    let endpoint: BenchEndpoint
    let headers: [(String, String)]
    let count: Int

    func run() async throws {
        let connections = min(8, max(count, 1))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<connections {
                group.addTask {
                    let client = try await HTTPPostClient.connect(to: endpoint, headers: headers)
                    for index in stride(from: lane, to: count, by: connections) {
                        let reply = try await client.exchange(client.request(body: Self.body(index: index)))
                        guard reply.status == 200 && !reply.hasGraphQLErrors else {
                            let text = String(decoding: reply.body.prefix(300), as: UTF8.self)
                            throw HTTPPostClientError(
                                description: "seeding todo-\(index): HTTP \(reply.status) \(text)")
                        }
                    }
                    await client.close()
                }
            }
            try await group.waitForAll()
        }
    }

    private static func body(index: Int) -> String {
        #"{"query":"mutation Seed($input: CreateTodoInput!) { createTodo(input: $input) { id } }","#
            + #""variables":{"input":{"id":"todo-\#(index)","name":"todo \#(index)","priority":\#(index % 5)}}}"#
    }
}
