extension Document {
    /// The document's operations in source order.
    package var operations: [OperationDefinition] {
        definitions.compactMap { definition in
            if case .operation(let operation) = definition { return operation }
            return nil
        }
    }

    /// The document's fragment definitions in source order.
    package var fragments: [FragmentDefinition] {
        definitions.compactMap { definition in
            if case .fragment(let fragment) = definition { return fragment }
            return nil
        }
    }

    /// The names of the document's named operations, in source order (anonymous ones are left out).
    package var operationNames: [String] { operations.compactMap(\.name) }

    /// The fragment definition called `name`, if the document has one.
    package func fragment(named name: String) -> FragmentDefinition? {
        for definition in definitions {
            if case .fragment(let fragment) = definition, fragment.name == name { return fragment }
        }
        return nil
    }

    /// The operation a request names, following GraphQL's rule: with a name, the operation of
    /// that name; without one, the document's only operation. `nil` when there is no such operation.
    package func operation(named name: String?) -> OperationDefinition? {
        let all = operations
        guard let name else { return all.count == 1 ? all[0] : nil }
        return all.first { $0.name == name }
    }
}
