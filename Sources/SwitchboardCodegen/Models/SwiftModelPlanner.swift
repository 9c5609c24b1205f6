import GraphQLLanguage
import ModelTransform

/// Decides what the Swift files of a catalog declare, following Amplify's model codegen
/// (appsync-modelgen-plugin with custom primary keys, as Transformer v2 projects generate):
///
/// - `id` comes first; the added timestamps and foreign keys follow the declared fields;
/// - a `@belongsTo` replaces its foreign-key fields, implicit or named with `fields:` (fields named
///   with `references:` stay declared); the join model of a `@manyToMany` points to both sides with
///   `belongsTo`;
/// - `@hasMany` and `@hasOne` keep the foreign keys they add (`postCommentsId` on a child without a
///   `@belongsTo`, `projectTeamId` beside a `@hasOne`);
/// - the owner fields `@auth` adds are not declared (Amplify leaves them to the server);
/// - only `@index` indexes (and a join model's) become attributes, after the explicit primary key.
struct SwiftModelPlanner {
    let catalog: ModelCatalog
    let options: ModelCodegenOptions
    private(set) var warnings: [ModelDiagnostic] = []
    let fileName: String?

    init(catalog: ModelCatalog, options: ModelCodegenOptions, fileName: String?) {
        self.catalog = catalog
        self.options = options
        self.fileName = fileName
    }

    /// The indexes that relationships without `fields:` add to the related model (`gsi-Blog.posts`),
    /// by model name: Amplify writes no attribute for them.
    private var relationshipIndexes: [String: Set<String>] {
        var indexes: [String: Set<String>] = [:]
        for model in catalog.models {
            for field in model.fields {
                guard let relationship = field.relationship, let indexName = relationship.indexName else { continue }
                switch relationship.keySource {
                case .implicit, .references: indexes[relationship.relatedModel, default: []].insert(indexName)
                case .fields, .primaryKey: continue
                }
            }
        }
        return indexes
    }

    mutating func models() -> [SwiftModel] {
        let implicitIndexes = relationshipIndexes
        let models = catalog.models.map { model($0, implicitIndexes: implicitIndexes[$0.name] ?? []) }
        return options.isLazyLoad ? models : Self.boxingCycles(models)
    }

    /// The classic form stores `belongsTo`/`hasOne` models by value, so a field whose related model
    /// leads back to its own model (directly, through other such fields, or to itself) would make
    /// the structs contain each other: those fields are boxed.
    static func boxingCycles(_ models: [SwiftModel]) -> [SwiftModel] {
        var edges: [String: Set<String>] = [:]
        for model in models {
            for field in model.fields where field.isSingleAssociation {
                if let related = field.association?.related { edges[model.name, default: []].insert(related) }
            }
        }
        func reaches(_ start: String, _ target: String) -> Bool {
            var seen: Set<String> = []
            var pending = [start]
            while let name = pending.popLast() {
                if name == target { return true }
                guard seen.insert(name).inserted else { continue }
                pending += edges[name] ?? []
            }
            return false
        }
        return models.map { model in
            var model = model
            model.fields = model.fields.map { field in
                var field = field
                if field.isSingleAssociation, let related = field.association?.related {
                    field.isBoxed = reaches(related, model.name)
                }
                return field
            }
            return model
        }
    }

    private mutating func model(_ model: Model, implicitIndexes: Set<String>) -> SwiftModel {
        let keyFields = Set(model.primaryKey.fields)
        var replaced: Set<String> = []
        for field in model.fields {
            guard let relationship = field.relationship, case .belongsTo = association(of: field, in: model) else {
                continue
            }
            if case .references = relationship.keySource { continue }
            replaced.formUnion(relationship.foreignKeyFields)
        }
        var fields: [SwiftField] = []
        for field in model.fields {
            if field.origin == .authorization || (replaced.contains(field.name) && field.relationship == nil) {
                continue
            }
            if case .model(let related) = field.kind, field.relationship == nil {
                warn(
                    "\(model.name).\(field.name) has the @model type \(related) without a relational directive, so the "
                        + "Swift model leaves it out; add @hasOne, @hasMany or @belongsTo to load it",
                    at: field.location)
                continue
            }
            // The server sets the added timestamps; Amplify declares them optional and read-only.
            let type = field.origin == .timestamp ? field.type.nullable : field.type
            var swiftField = SwiftField(
                name: field.name, type: type, kind: field.kind, association: association(of: field, in: model),
                isPrimaryKey: keyFields.contains(field.name), isReadOnly: field.isReadOnly,
                defaultValue: field.defaultValue)
            if swiftField.association == nil {
                swiftField.graphQLTypeHint = SwiftField.graphQLTypeHint(
                    for: field.kind, isHashKey: field.name == model.primaryKey.partitionKey)
            }
            fields.append(swiftField)
        }
        if let id = fields.firstIndex(where: { $0.name == "id" }), id > 0 {
            fields.insert(fields.remove(at: id), at: 0)
        }
        var indexes: [SwiftModel.Index] = []
        if model.primaryKey.isExplicit { indexes.append(SwiftModel.Index(name: nil, fields: model.primaryKey.fields)) }
        for index in model.indexes where !implicitIndexes.contains(index.name) {
            indexes.append(SwiftModel.Index(name: index.name, fields: index.fields))
        }
        let primaryKey = model.primaryKey.fields.compactMap { name in fields.first { $0.name == name } }
        let isManagedID =
            model.primaryKey.fields == ["id"] && model.field(named: "id")?.kind == .scalar(.id)
        return SwiftModel(
            name: model.name, pluralName: model.pluralName, fields: fields, primaryKey: primaryKey,
            identifierFormat: isManagedID ? .default : .custom, indexes: indexes,
            indexQueries: model.indexes.compactMap { model.indexQueryShape($0) }, authRules: model.authRules)
    }

    /// The association Amplify's codegen gives a relational field.
    private func association(of field: ModelField, in model: Model) -> SwiftField.Association? {
        guard let relationship = field.relationship else { return nil }
        let related = relationship.relatedModel
        switch relationship.kind {
        case .hasMany, .manyToMany:
            let associated = relationship.associatedField.map { [$0] } ?? relationship.foreignKeyFields
            return .hasMany(related: related, associatedFields: associated)
        case .belongsTo:
            return .belongsTo(related: related, targetNames: relationship.foreignKeyFields)
        case .hasOne:
            let holdsKey = relationship.foreignKeyHolder == .thisModel
            // A join model's sides are written as `belongsTo`, as Amplify generates the join model.
            if model.isJoinModel && holdsKey {
                return .belongsTo(related: related, targetNames: relationship.foreignKeyFields)
            }
            let associatedWith =
                relationship.associatedField
                ?? (holdsKey
                    ? catalog.model(named: related)?.primaryKey.partitionKey ?? "id"
                    : relationship.foreignKeyFields.first ?? "id")
            return .hasOne(
                related: related, associatedWith: associatedWith,
                targetNames: holdsKey ? relationship.foreignKeyFields : [])
        }
    }

    func embeddables() -> [SwiftEmbeddable] {
        let pluralizer = Pluralizer()
        return catalog.nonModelTypes.map { type in
            SwiftEmbeddable(
                name: type.name, pluralName: pluralizer.plural(type.name),
                fields: type.fields.map { field in
                    SwiftField(
                        name: field.name, type: field.type, kind: field.kind, association: nil, isPrimaryKey: false,
                        isReadOnly: false, defaultValue: nil)
                })
        }
    }

    func enums() -> [SwiftEnum] {
        catalog.enums.map { enumeration in
            SwiftEnum(
                name: enumeration.name,
                cases: enumeration.values.map { (name: SwiftIdentifier.enumCase($0), value: $0) })
        }
    }

    private mutating func warn(_ message: String, at location: SourceLocation) {
        warnings.append(ModelDiagnostic(severity: .warning, message: message, location: location, fileName: fileName))
    }
}
