/// How a field relates its model to another one.
///
/// `belongsTo` and `hasOne` with target names hold the foreign key in this model (written in
/// mutation inputs as the target-name fields); `hasMany` is loaded from the other side by
/// filtering on its foreign key.
public enum ModelAssociation: Sendable {
    /// A list of the other model, whose `associatedFieldNames` point back at this one.
    case hasMany(associatedFieldName: String?, associatedFieldNames: [String])
    /// One other model; with target names, this model holds its key.
    case hasOne(associatedFieldNames: [String], targetNames: [String])
    /// The owning side: this model holds the other's key in `targetNames`.
    case belongsTo(associatedFieldName: String?, targetNames: [String])

    /// A `hasMany` association pointing back through `associatedWith`.
    public static func hasMany(associatedWith: (any CodingKey)?) -> ModelAssociation {
        .hasMany(
            associatedFieldName: associatedWith?.stringValue,
            associatedFieldNames: associatedWith.map { [$0.stringValue] } ?? [])
    }

    /// A `hasMany` association pointing back through several fields (composite keys).
    public static func hasMany(associatedWith: (any CodingKey)?, associatedFields: [any CodingKey])
        -> ModelAssociation
    {
        .hasMany(
            associatedFieldName: associatedWith?.stringValue, associatedFieldNames: associatedFields.map(\.stringValue))
    }

    /// A `hasOne` association.
    public static func hasOne(associatedWith: (any CodingKey)?, targetNames: [String] = []) -> ModelAssociation {
        .hasOne(associatedFieldNames: associatedWith.map { [$0.stringValue] } ?? [], targetNames: targetNames)
    }

    /// A `belongsTo` association.
    public static func belongsTo(associatedWith: (any CodingKey)? = nil, targetNames: [String] = []) -> ModelAssociation
    {
        .belongsTo(associatedFieldName: associatedWith?.stringValue, targetNames: targetNames)
    }

    /// The foreign-key fields this model holds (`belongsTo`, `hasOne` with target names).
    public var targetNames: [String] {
        switch self {
        case .belongsTo(_, let names), .hasOne(_, let names): names
        case .hasMany: []
        }
    }

    /// The fields of the other model that point back at this one (`hasMany`, `hasOne`).
    public var associatedFieldNames: [String] {
        switch self {
        case .hasMany(let name, let names): names.isEmpty ? (name.map { [$0] } ?? []) : names
        case .hasOne(let names, _): names
        case .belongsTo(let name, _): name.map { [$0] } ?? []
        }
    }

    /// Whether this is a `hasMany`.
    public var isHasMany: Bool {
        if case .hasMany = self { return true }
        return false
    }
}
