import GraphQLLanguage

/// One `@model` type: its fields (declared and added), keys, indexes, relationships, authorization
/// rules and the names of the operations AppSync serves for it.
package struct Model: Sendable, Hashable {
    /// The type name (`Post`).
    package var name: String
    /// The plural Amplify uses in `listPosts` (`Posts`, `Companies`, `People`).
    package var pluralName: String
    /// Every field in schema order: declared fields, then the added `id`, timestamps, foreign keys
    /// and owner fields.
    package var fields: [ModelField]
    /// The primary key.
    package var primaryKey: ModelPrimaryKey
    /// Secondary indexes: `@index` ones and those implicit `@hasMany` keys need.
    package var indexes: [ModelIndex]
    /// The model's `@auth` rules (empty when it has none).
    package var authRules: [AuthRule]
    /// The names of the generated queries, mutations and subscriptions (`nil` when switched off).
    package var operations: ModelOperations
    /// The timestamp fields the server maintains.
    package var timestamps: ModelTimestamps
    /// Whether the transform generated this model for a `@manyToMany` relation.
    package var isJoinModel: Bool
    /// The type's description from the schema.
    package var description: String?
    /// Where the type is declared (`.unknown` for join models).
    package var location: SourceLocation

    /// The field called `name`, if any.
    package func field(named name: String) -> ModelField? { fields.first { $0.name == name } }

    /// Creates a model.
    package init(
        name: String, pluralName: String, fields: [ModelField], primaryKey: ModelPrimaryKey,
        indexes: [ModelIndex] = [], authRules: [AuthRule] = [], operations: ModelOperations,
        timestamps: ModelTimestamps = ModelTimestamps(), isJoinModel: Bool = false, description: String? = nil,
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.pluralName = pluralName
        self.fields = fields
        self.primaryKey = primaryKey
        self.indexes = indexes
        self.authRules = authRules
        self.operations = operations
        self.timestamps = timestamps
        self.isJoinModel = isJoinModel
        self.description = description
        self.location = location
    }
}

/// The root fields generated for a model, as `@model(queries:mutations:subscriptions:)` leaves them.
package struct ModelOperations: Sendable, Hashable {
    /// How subscriptions are generated (`@model(subscriptions: {level:})`).
    package enum SubscriptionLevel: String, Sendable, Hashable {
        /// Generated and authorized like reads.
        case on
        /// Generated without authorization checks.
        case `public`
        /// Not generated.
        case off
    }

    /// `getX`, or `nil`.
    package var get: String?
    /// `listXs`, or `nil`.
    package var list: String?
    /// `createX`, or `nil`.
    package var create: String?
    /// `updateX`, or `nil`.
    package var update: String?
    /// `deleteX`, or `nil`.
    package var delete: String?
    /// `onCreateX` subscriptions (empty when off or when `create` is off).
    package var onCreate: [String]
    /// `onUpdateX` subscriptions.
    package var onUpdate: [String]
    /// `onDeleteX` subscriptions.
    package var onDelete: [String]
    /// The subscription level.
    package var subscriptionLevel: SubscriptionLevel

    /// Creates operation names.
    package init(
        get: String?, list: String?, create: String?, update: String?, delete: String?, onCreate: [String],
        onUpdate: [String], onDelete: [String], subscriptionLevel: SubscriptionLevel = .on
    ) {
        self.get = get
        self.list = list
        self.create = create
        self.update = update
        self.delete = delete
        self.onCreate = onCreate
        self.onUpdate = onUpdate
        self.onDelete = onDelete
        self.subscriptionLevel = subscriptionLevel
    }
}

/// The fields that record when an item was created and last updated (`nil` when switched off).
package struct ModelTimestamps: Sendable, Hashable {
    /// The creation time field (default `createdAt`).
    package var createdAt: String?
    /// The update time field (default `updatedAt`).
    package var updatedAt: String?

    /// Creates timestamp settings.
    package init(createdAt: String? = "createdAt", updatedAt: String? = "updatedAt") {
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
