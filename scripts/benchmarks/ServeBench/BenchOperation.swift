/// The requests measured, in the shape Amplify's @model transform gives `type Todo @model`
/// (the Strawberry baseline serves the same shape): one item by id, a page of 100, one create.
enum BenchOperation: String, CaseIterable, Sendable {
    case getTodo
    case listTodos
    case createTodo

    /// The JSON request body. `getTodo` fetches an item ``TodoSeeder`` created.
    var body: String {
        switch self {
        case .getTodo:
            #"{"query":"query Get($id: ID!) { getTodo(id: $id) { id name priority } }","variables":{"id":"todo-7"}}"#
        case .listTodos:
            #"{"query":"query List($limit: Int) { listTodos(limit: $limit) { items { id name priority } nextToken } }","#
                + #""variables":{"limit":100}}"#
        case .createTodo:
            #"{"query":"mutation Create($input: CreateTodoInput!) { createTodo(input: $input) { id name priority } }","#
                + #""variables":{"input":{"name":"bench","priority":3}}}"#
        }
    }
}
