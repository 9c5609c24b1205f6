/// Creates the items the read benchmarks fetch through the server's own create mutation, so
/// that every server measured holds the same data: `todo-0` … for `Todo`, ``Tickets``' ids,
/// titles, statuses and priorities for `Ticket`.
struct ItemSeeder: Sendable {
    enum Model: String, Sendable {
        case todo = "Todo"
        case ticket = "Ticket"
    }

    let endpoint: BenchEndpoint
    let headers: [(String, String)]
    let model: Model
    let count: Int

    func run() async throws {
        let connections = min(8, max(count, 1))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<connections {
                group.addTask {
                    let client = try await HTTPPostClient.connect(to: endpoint, headers: headers)
                    for index in stride(from: lane, to: count, by: connections) {
                        let reply = try await client.exchange(client.request(body: body(index: index)))
                        guard reply.status == 200 && !reply.hasGraphQLErrors else {
                            let text = String(decoding: reply.body.prefix(300), as: UTF8.self)
                            throw HTTPPostClientError(
                                description: "seeding \(model.rawValue) \(index): HTTP \(reply.status) \(text)")
                        }
                    }
                    await client.close()
                }
            }
            try await group.waitForAll()
        }
    }

    private func body(index: Int) -> String {
        switch model {
        case .todo:
            #"{"query":"mutation Seed($input: CreateTodoInput!) { createTodo(input: $input) { id } }","#
                + #""variables":{"input":{"id":"todo-\#(index)","name":"todo \#(index)","priority":\#(index % 5)}}}"#
        case .ticket:
            #"{"query":"mutation Seed($input: CreateTicketInput!) { createTicket(input: $input) { id } }","#
                + #""variables":{"input":{"id":"\#(Tickets.id(index))","title":"ticket \#(index)","#
                + #""status":"\#(Tickets.statuses[index % 3])","priority":\#(Tickets.priority(index))}}}"#
        }
    }
}
