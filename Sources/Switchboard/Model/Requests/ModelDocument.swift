import GraphQLLanguage

/// Builds and prints the documents of model-based requests through `GraphQLLanguage`'s AST and
/// canonical printer.
enum ModelDocument {
    /// One operation with one root field.
    static func print(
        operation: OperationType,
        name: String,
        variables: [(name: String, type: TypeReference)],
        field: String,
        arguments: [String],
        selectionSet: SelectionSet
    ) -> String {
        let root = Field(
            name: field,
            arguments: arguments.map { Argument(name: $0, value: .variable($0)) },
            selectionSet: selectionSet)
        let definition = OperationDefinition(
            operation: operation,
            name: name,
            variableDefinitions: variables.map { VariableDefinition(name: $0.name, type: $0.type) },
            selectionSet: SelectionSet(selections: [.field(root)]))
        return Printer.print(Document(definitions: [.operation(definition)]))
    }
}
