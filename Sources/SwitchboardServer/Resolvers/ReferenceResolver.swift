import ModelTransform

/// A `@belongsTo` or `@hasOne` field: the related item whose key this item's foreign-key fields
/// hold, or — for `@hasOne(references:)` — the first related item pointing back at this one.
struct ReferenceResolver: FieldResolver {
    let environment: ModelEnvironment
    let relationship: ModelRelationship

    func resolve(_ call: FieldCall<RequestContext>) async throws -> JSON {
        guard case .object(let source) = call.source, let related = environment.related(relationship.relatedModel)
        else { return .null }
        let identity = call.context.identity
        let item: JSONObject?
        switch relationship.foreignKeyHolder {
        case .thisModel:
            let access = try related.access(.get, identity, field: call.info.field.name, type: call.info.parentType)
            var keyObject = JSONObject()
            for (field, target) in zip(relationship.foreignKeyFields, related.layout.primaryKey.fields) {
                guard let value = source[field], !value.isNull else { return .null }
                keyObject[target] = value
            }
            guard let key = related.layout.primaryKey.key(of: keyObject),
                let found = try await related.store.item(in: related.model.name, key: key)
            else { return .null }
            guard related.permits(found, access, identity) else {
                throw AppSyncErrors.unauthorized(field: call.info.field.name, type: call.info.parentType)
            }
            item = found
        case .relatedModel:
            let access = try related.access(.list, identity, field: call.info.field.name, type: call.info.parentType)
            let values = ConnectionResolver.keyValues(of: source, for: relationship, in: environment)
            guard let partition = values.first ?? nil else { return .null }
            let page = try await related.store.query(
                KeyQuery(table: related.model.name, index: relationship.indexName, partition: partition, limit: 100))
            item = page.items.first { related.permits($0, access, identity) }
        }
        return item.map(JSON.object) ?? .null
    }
}
