import Switchboard

// The Relay.swift seed's fragment and query, as written there, plus the `ToDoList_user`
// fragment the query spreads. SwitchboardCodegen reads these literals and generates
// `ToDoList+GraphQL.swift`; at run time `graphql(_:)` returns the text unchanged. The seed's two
// literals keep its layout, which swift-format would re-indent.

// swift-format-ignore
private let todoFragment = graphql("""
fragment ToDoItem_todo on Todo {
id
text
complete
}
""")

private let listFragment = graphql(
    """
    fragment ToDoList_user on User {
      todos {
        id
        ...ToDoItem_todo
      }
    }
    """)

// swift-format-ignore
private let query = graphql("""
query UserToDoListQuery($id: ID!) {
user(id: $id) {
id
...ToDoList_user
}
}
""")
