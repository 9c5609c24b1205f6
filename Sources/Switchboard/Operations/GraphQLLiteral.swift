/// Marks a GraphQL document written in Swift source for code generation, and returns it unchanged.
///
/// The SwitchboardCodegen build-tool plugin (and `switchboard codegen operations`) reads the
/// string literal passed here and generates a typed operation or fragment for each definition in
/// it; at run time the call is the identity, so the text can also be sent as it is.
///
/// ```swift
/// private let todoFragment = graphql("""
///     fragment ToDoItem_todo on Todo {
///       id
///       text
///       complete
///     }
///     """)
/// ```
///
/// The argument must be one string literal without interpolation: the generator reads it from
/// the source file, not from a running program.
public func graphql(_ document: String) -> String {
    document
}
