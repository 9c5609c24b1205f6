import Testing

@testable import SwitchboardAPI

/// The operation name a context and the logs carry when a request gives none: the first named
/// operation of the document, found without parsing it.
@Suite struct OperationNameTests {
    @Test(
        arguments: [
            ("query GetTodo($id: ID!) { getTodo(id: $id) { id } }", "GetTodo"),
            ("  mutation\n\tAddTodo { createTodo { id } }", "AddTodo"),
            ("subscription OnCreateTodo { onCreateTodo { id } }", "OnCreateTodo"),
            ("{ listTodos { items { id } } }", nil),
            ("query { a }", nil),
            ("query($id: ID) { a(id: $id) }", nil),
            ("query @live { a }", nil),
            ("# query Commented\nquery Real { a }", "Real"),
            ("query { a(text: \"query Inside\") } mutation Second { b }", "Second"),
            ("query { a(text: \"\"\"block \" query Inside\"\"\") }", nil),
            ("fragment F on Todo { id } query UsesF { getTodo { ...F } }", "UsesF"),
            ("query { query { b } } mutation M_2 { c }", "M_2"),
            ("", nil),
        ] as [(String, String?)])
    func theFirstNamedOperationOfTheDocument(document: String, name: String?) {
        #expect(GraphQLOperationRequest<Int>.firstOperationName(in: document) == name)
    }

    @Test func theRequestsOwnNameWins() {
        let request = GraphQLRequest(
            document: "query A { a } query B { b }", responseType: Int.self, operationName: "B")
        #expect(GraphQLOperationRequest(request, operationType: .query).operationName == "B")
    }
}
