/// A model's primary key: the partition key field and the sort-key fields (`@primaryKey(sortKeyFields:)`),
/// stored as one `#`-joined attribute when there are several.
public struct ModelPrimaryKey: Sendable, Hashable {
    /// The partition key field (`id` unless `@primaryKey` says otherwise).
    public var partitionKey: String
    /// The sort-key fields, in order.
    public var sortKeyFields: [String]
    /// Whether the schema declared it with `@primaryKey` (which adds key arguments to `listX`).
    public var isExplicit: Bool

    /// Every key field, partition key first.
    public var fields: [String] { [partitionKey] + sortKeyFields }

    /// Creates a primary key.
    public init(partitionKey: String, sortKeyFields: [String] = [], isExplicit: Bool = false) {
        self.partitionKey = partitionKey
        self.sortKeyFields = sortKeyFields
        self.isExplicit = isExplicit
    }
}

/// A secondary index (`@index`, or the one an implicit `@hasMany` key needs).
public struct ModelIndex: Sendable, Hashable {
    /// The index name (`byCategory`, `gsi-Blog.posts`).
    public var name: String
    /// The partition key field.
    public var partitionKey: String
    /// The sort-key fields.
    public var sortKeyFields: [String]
    /// The query field that reads it (`postsByCategory`), or `nil` when none is generated.
    public var queryField: String?

    /// Every key field, partition key first.
    public var fields: [String] { [partitionKey] + sortKeyFields }

    /// Creates an index.
    public init(name: String, partitionKey: String, sortKeyFields: [String] = [], queryField: String? = nil) {
        self.name = name
        self.partitionKey = partitionKey
        self.sortKeyFields = sortKeyFields
        self.queryField = queryField
    }
}
