import Switchboard

/// An operation as the store reads and writes it: the document and the operation to run in it,
/// the variables' values and the object types of each type condition. Typed operations and the
/// API's cache stage both reach the store through it.
package struct StoreOperation: Sendable {
    /// The document: the operation and the fragments it spreads.
    package let document: String
    /// The operation to run, when the document holds several.
    package let operationName: String?
    /// The variables' values; the document's defaults fill in the others.
    package let variables: [String: JSONValue]
    /// The object types that satisfy each type condition; empty when unknown.
    package let possibleTypes: [String: Set<String>]

    /// An operation from its parts.
    package init(
        document: String, operationName: String?, variables: [String: JSONValue],
        possibleTypes: [String: Set<String>]
    ) {
        self.document = document
        self.operationName = operationName
        self.variables = variables
        self.possibleTypes = possibleTypes
    }

    /// A typed operation; throws when its variables cannot be encoded.
    package init<Operation: GraphQLOperation>(_ operation: Operation) throws {
        let request = GraphQLRequest(operation: operation)
        if let error = request.variablesError { throw error }
        self.init(
            document: Operation.document, operationName: Operation.operationName, variables: request.variables ?? [:],
            possibleTypes: Operation.possibleTypes)
    }

    /// The name errors use for it.
    var displayName: String { operationName ?? "the operation" }
}
