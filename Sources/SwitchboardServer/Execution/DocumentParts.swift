import GraphQLLanguage

/// What choosing an operation needs from a document, read out of its definitions once: its
/// operations in document order and its fragments by name (the first of each name). A cached
/// document's requests take them from here instead of filtering every definition again.
struct DocumentParts: Sendable {
    let operations: [OperationDefinition]
    let fragments: [String: FragmentDefinition]

    init(_ document: Document) {
        operations = document.operations
        var fragments: [String: FragmentDefinition] = [:]
        for fragment in document.fragments where fragments[fragment.name] == nil {
            fragments[fragment.name] = fragment
        }
        self.fragments = fragments
    }
}
