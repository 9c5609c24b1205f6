import ModelTransform

/// A `@model` type as its two Swift files present it: the fields Amplify's codegen keeps (in its
/// order), the key, the index attributes, the auth rules and the plural names.
struct SwiftModel {
    /// One `.index(fields:name:)` attribute; `name` is `nil` for the explicit primary key.
    struct Index {
        let name: String?
        let fields: [String]
    }

    /// Whether the primary key is the managed `id` (`ModelIdentifierFormat.Default`) or custom.
    enum IdentifierFormat {
        case `default`
        case custom
    }

    /// The type name.
    let name: String
    /// `listPluralName` and `syncPluralName`.
    let pluralName: String
    /// The fields, `id` first, then in schema order with the added timestamps and foreign keys.
    var fields: [SwiftField]
    /// The primary-key fields, partition key first.
    let primaryKey: [SwiftField]
    /// The identifier format.
    let identifierFormat: IdentifierFormat
    /// The `.index` attributes, before `.primaryKey`.
    let indexes: [Index]
    /// The indexes with a query field, which `ModelIndexQuery` properties describe.
    let indexQueries: [IndexQueryShape]
    /// The model's `@auth` rules.
    let authRules: [AuthRule]

    /// The local name of the keys in the schema closure (`let post = Post.keys`).
    var keysName: String { SwiftIdentifier.keysLocal(ofType: name) }

    /// The fields the initializers take: all but the read-only ones.
    var writableFields: [SwiftField] { fields.filter { !$0.isReadOnly } }

    /// Whether the model has read-only fields, which give it a second, internal initializer.
    var hasReadOnlyFields: Bool { fields.contains(where: \.isReadOnly) }

    /// Whether the model writes `init(from:)`/`encode(to:)`: it does when a field is stored under
    /// another name than its coding key (`_post`: a `LazyReference` in the lazy-load form, an
    /// `AssociatedModelBox` in the classic form).
    func needsCustomCoding(lazyLoad: Bool) -> Bool {
        fields.contains { lazyLoad ? $0.isSingleAssociation : $0.isBoxed }
    }
}

/// A non-model type, written as an `Embeddable` struct and its schema.
struct SwiftEmbeddable {
    let name: String
    let pluralName: String
    let fields: [SwiftField]

    /// The local name of the keys in the schema closure.
    var keysName: String { SwiftIdentifier.keysLocal(ofType: name) }
}

/// An enum, written as `public enum Name: String, EnumPersistable`.
struct SwiftEnum {
    let name: String
    /// The Swift case names and the GraphQL values, in schema order.
    let cases: [(name: String, value: String)]
}
