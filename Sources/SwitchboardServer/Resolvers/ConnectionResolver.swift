import ModelTransform

/// A `@hasMany` (or `@manyToMany`, through its join model) field: the related items whose
/// foreign key holds this item's key, read from the related model's index in sort-key order,
/// with the field's own `filter`, `sortDirection`, `limit` (the relationship's, default 100)
/// and `nextToken`.
struct ConnectionResolver: FieldResolver {
    let environment: ModelEnvironment
    let relationship: ModelRelationship

    func resolve(_ call: FieldCall<RequestContext>) async throws -> JSON {
        guard case .object(let source) = call.source, let related = environment.related(relationship.relatedModel),
            let key = related.layout.keySchema(index: relationship.indexName)
        else { return .null }
        let identity = call.context.identity
        let access = try related.access(.list, identity, field: call.info.field.name, type: call.info.parentType)
        let values = Self.keyValues(of: source, for: relationship, in: environment)
        guard let partition = values.first ?? nil else { return ["items": [], "nextToken": nil] }
        var condition: SortKeyCondition?
        // Key values from this item are the relationship's; only a condition the caller gives is compared.
        var comparedKeyFields: [String] = []
        let fixed = values.dropFirst().prefix(key.sortFields.count).compactMap { $0 }
        if !fixed.isEmpty {
            let joined = fixed.map(KeyOrder.keyText).joined(separator: "#")
            if fixed.count >= key.sortFields.count {
                condition = key.sortFields.count == 1 ? .eq(fixed[0]) : .eq(.string(joined))
            } else {
                condition = .beginsWith(joined + "#")
            }
        } else if let sortArgument = PageReader.sortConditionArgument(of: call.info.field) {
            condition = try KeyConditionArgument.condition(
                call.arguments[sortArgument], sortFields: key.sortFields, argument: sortArgument)
            if condition != nil { comparedKeyFields = key.sortFields }
        }
        let query = KeyQuery(
            table: related.model.name, index: relationship.indexName, partition: partition, sortCondition: condition,
            ascending: PageReader.ascending(call.arguments), limit: relationship.limit)
        return try await PageReader(environment: related).read(
            query, arguments: call.arguments, defaultLimit: relationship.limit, access: access, identity: identity,
            keyFields: comparedKeyFields)
    }

    /// The values this item gives the related key: its own key (implicit, `references:` and
    /// `indexName:`-only relationships) or the `fields:` it names.
    static func keyValues(of source: JSONObject, for relationship: ModelRelationship, in environment: ModelEnvironment)
        -> [JSON?]
    {
        let fields: [String]
        switch relationship.keySource {
        case .implicit, .references, .primaryKey: fields = environment.layout.primaryKey.fields
        case .fields(let names): fields = names
        }
        return fields.map { source[$0].flatMap { $0.isNull ? nil : $0 } }
    }
}
