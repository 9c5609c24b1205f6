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
            variableDefinitions: variables.map { variableDefinition(name: $0.name, type: $0.type) },
            selectionSet: SelectionSet(selections: [.field(root)]))
        return Printer.print(Document(definitions: [.operation(definition)]))
    }

    /// `VariableDefinition` has no public initializer; its properties are public and mutable, so
    /// each definition is a copy of one parsed once from a constant and renamed.
    private static func variableDefinition(name: String, type: TypeReference) -> VariableDefinition {
        var definition = template
        definition.name = name
        definition.type = type
        return definition
    }

    private static let template: VariableDefinition = {
        guard case .operation(let operation)? = try? Parser.parse("query($v: Int) { a }").definitions.first,
            let variable = operation.variableDefinitions.first
        else { preconditionFailure("GraphQLLanguage cannot parse a constant variable definition") }
        return variable
    }()
}
