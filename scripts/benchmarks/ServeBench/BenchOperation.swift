/// The requests measured, in the shape Amplify's @model transform gives `type Todo @model`
/// (scripts/bench serve: the Strawberry baseline serves the same shape) and
/// `type Ticket @model { id: ID! title: String! status: String priority: Int }` (scripts/bench
/// serve-peers: graphql-go and graphql-js serve the same shape). `typename` is the cheapest
/// request there is, for measuring this load generator's own ceiling against a static server.
enum BenchOperation: String, CaseIterable, Sendable {
    case getTodo
    case listTodos
    case createTodo
    case getTicket
    case listTickets
    case createTicket
    case typename

    /// The JSON request body of the operations that send the same request every time.
    var fixedBody: String? {
        switch self {
        case .getTodo:
            #"{"query":"query Get($id: ID!) { getTodo(id: $id) { id name priority } }","variables":{"id":"todo-7"}}"#
        case .listTodos:
            #"{"query":"query List($limit: Int) { listTodos(limit: $limit) { items { id name priority } nextToken } }","#
                + #""variables":{"limit":100}}"#
        case .createTodo:
            #"{"query":"mutation Create($input: CreateTodoInput!) { createTodo(input: $input) { id name priority } }","#
                + #""variables":{"input":{"name":"bench","priority":3}}}"#
        case .createTicket:
            #"{"query":"mutation Create($input: CreateTicketInput!) { createTicket(input: $input) { \#(Tickets.fields) } }","#
                + #""variables":{"input":{"title":"bench","status":"open","priority":3}}}"#
        case .typename:
            #"{"query":"{ __typename }"}"#
        case .getTicket, .listTickets:
            nil
        }
    }
}

/// The tickets ``ItemSeeder`` creates, so that a reader knows what every reply must hold:
/// ids zero-padded so that their byte order (the order a list scans) is their index order.
enum Tickets {
    /// Every field of a Ticket, in the order each server must answer them.
    static let fields = "id title status priority createdAt updatedAt"
    static let statuses = ["open", "closed", "blocked"]

    static func id(_ index: Int) -> String {
        let digits = String(index)
        return "ticket-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    static func priority(_ index: Int) -> Int { index % 5 }

    /// How many of the tickets with index in `range` have `priority >= minimum`.
    static func matching(_ range: Range<Int>, minimumPriority minimum: Int) -> Int {
        range.count(where: { priority($0) >= minimum })
    }
}
