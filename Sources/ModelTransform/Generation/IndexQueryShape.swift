/// The arguments of one `@index` query field, as the transformed schema declares them: what the
/// schema generator prints and what generated Swift models describe to the request builders.
package struct IndexQueryShape: Sendable, Hashable {
    /// The index's name.
    package let indexName: String
    /// The query field (`postsByCategory`).
    package let queryField: String
    /// The partition key field and argument.
    package let partitionKey: String
    /// The partition key's named type (`String`, `ID`, …), declared non-null.
    package let partitionKeyType: String
    /// The sort key fields, in order.
    package let sortKeyFields: [String]
    /// The argument carrying a sort key condition and its input type; `nil` without sort key.
    package let sortKey: (argument: String, inputType: String)?

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.indexName == rhs.indexName && lhs.queryField == rhs.queryField && lhs.partitionKey == rhs.partitionKey
            && lhs.partitionKeyType == rhs.partitionKeyType && lhs.sortKeyFields == rhs.sortKeyFields
            && lhs.sortKey?.argument == rhs.sortKey?.argument && lhs.sortKey?.inputType == rhs.sortKey?.inputType
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(indexName)
        hasher.combine(queryField)
    }
}

extension Model {
    /// The shape of `index`'s query field, or `nil` when the index has none.
    package func indexQueryShape(_ index: ModelIndex) -> IndexQueryShape? {
        guard let queryField = index.queryField else { return nil }
        let sortKey = ModelShapes.sortKeyArgument(model: self, sortKeyFields: index.sortKeyFields, keyName: index.name)
        return IndexQueryShape(
            indexName: index.name, queryField: queryField, partitionKey: index.partitionKey,
            partitionKeyType: field(named: index.partitionKey)?.typeName ?? "ID", sortKeyFields: index.sortKeyFields,
            sortKey: sortKey.map { ($0.name, $0.type.namedType) })
    }
}
