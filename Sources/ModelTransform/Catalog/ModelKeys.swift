/// A model's primary key: the partition key field and the sort-key fields (`@primaryKey(sortKeyFields:)`),
/// stored as one `#`-joined attribute when there are several.
package struct ModelPrimaryKey: Sendable, Hashable {
    /// The partition key field (`id` unless `@primaryKey` says otherwise).
    package var partitionKey: String
    /// The sort-key fields, in order.
    package var sortKeyFields: [String]
    /// Whether the schema declared it with `@primaryKey` (which adds key arguments to `listX`).
    package var isExplicit: Bool

    /// Every key field, partition key first.
    package var fields: [String] { [partitionKey] + sortKeyFields }

    /// Creates a primary key.
    package init(partitionKey: String, sortKeyFields: [String] = [], isExplicit: Bool = false) {
        self.partitionKey = partitionKey
        self.sortKeyFields = sortKeyFields
        self.isExplicit = isExplicit
    }
}

/// A secondary index (`@index`, or the one an implicit `@hasMany` key needs).
package struct ModelIndex: Sendable, Hashable {
    /// The index name (`byCategory`, `gsi-Blog.posts`).
    package var name: String
    /// The partition key field.
    package var partitionKey: String
    /// The sort-key fields.
    package var sortKeyFields: [String]
    /// The query field that reads it (`postsByCategory`), or `nil` when none is generated.
    package var queryField: String?

    /// Every key field, partition key first.
    package var fields: [String] { [partitionKey] + sortKeyFields }

    /// Creates an index.
    package init(name: String, partitionKey: String, sortKeyFields: [String] = [], queryField: String? = nil) {
        self.name = name
        self.partitionKey = partitionKey
        self.sortKeyFields = sortKeyFields
        self.queryField = queryField
    }
}
