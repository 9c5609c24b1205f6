/// How a relational field connects its model to another: the directive, the related model, and
/// which fields hold the foreign key and on which side.
package struct ModelRelationship: Sendable, Hashable {
    /// The relational directive.
    package enum Kind: String, Sendable, Hashable {
        /// `@hasMany`: a list of related items that point back with a foreign key.
        case hasMany
        /// `@hasOne`: one related item this model points to.
        case hasOne
        /// `@belongsTo`: the item this model points to, paired with a `@hasMany` or `@hasOne`.
        case belongsTo
        /// `@manyToMany`: a list of join-model items (the transform's generated join model).
        case manyToMany
    }

    /// Where the relationship's key fields come from.
    package enum KeySource: Sendable, Hashable {
        /// The transform added foreign keys (`blogPostsId`).
        case implicit
        /// `fields:` named fields of the model that declares the relationship.
        case fields([String])
        /// `references:` named fields of the model holding the foreign key.
        case references([String])
        /// `@hasMany(indexName:)` without `fields:`: this model's primary key is the value queried
        /// on the related model's named index (the implicit keys are added but not read).
        case primaryKey
    }

    /// Which model stores the foreign-key fields.
    package enum ForeignKeyHolder: String, Sendable, Hashable {
        /// The model that declares the relational field (`@hasOne`, `@belongsTo`).
        case thisModel
        /// The related model (`@hasMany`, `@manyToMany`'s join model, `references:` on `@hasOne`).
        case relatedModel
    }

    /// The directive.
    package var kind: Kind
    /// The related model; for `@manyToMany` the generated join model.
    package var relatedModel: String
    /// For `@manyToMany`, the model on the other side of the join model.
    package var manyToManyTarget: String?
    /// Which side stores the foreign key.
    package var foreignKeyHolder: ForeignKeyHolder
    /// The foreign-key fields, partition key first: implicit ones (`blogPostsId`), `fields:` or `references:`.
    package var foreignKeyFields: [String]
    /// The related model's index the relationship queries (`@hasMany(indexName:)`, `gsi-Blog.posts`
    /// for implicit keys, `byPost` for join models); `nil` when it reads by primary key.
    package var indexName: String?
    /// The field on the related model that points back (the `@belongsTo` of a `@hasMany`, …), if any.
    package var associatedField: String?
    /// Where the key fields come from.
    package var keySource: KeySource
    /// `@hasMany(limit:)`: how many related items one read returns by default (100).
    package var limit: Int

    /// Creates a relationship.
    package init(
        kind: Kind, relatedModel: String, manyToManyTarget: String? = nil, foreignKeyHolder: ForeignKeyHolder,
        foreignKeyFields: [String], indexName: String? = nil, associatedField: String? = nil,
        keySource: KeySource = .implicit, limit: Int = 100
    ) {
        self.kind = kind
        self.relatedModel = relatedModel
        self.manyToManyTarget = manyToManyTarget
        self.foreignKeyHolder = foreignKeyHolder
        self.foreignKeyFields = foreignKeyFields
        self.indexName = indexName
        self.associatedField = associatedField
        self.keySource = keySource
        self.limit = limit
    }
}
