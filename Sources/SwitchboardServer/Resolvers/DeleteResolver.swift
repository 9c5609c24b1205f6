/// `deleteX(input, condition)`: removes the item with the input's key and returns it; fails
/// with `ConditionalCheckFailedException` when there is none or `condition` does not hold.
struct DeleteResolver: FieldResolver {
    let environment: ModelEnvironment

    func resolve(_ call: FieldCall<RequestContext>) async throws -> JSON {
        let identity = call.context.identity
        let field = call.info.field.name
        let type = call.info.parentType
        let access = try environment.access(.delete, identity, field: field, type: type)
        let key = try environment.key(of: call.arguments["input"]?.objectValue ?? JSONObject())
        let condition = call.arguments["condition"]?.objectValue
        let compared = try environment.checkComparable(
            condition.map(ItemFilter.fields(in:)) ?? [], identity: identity)
        let environment = environment
        let result = try await environment.store.write(in: environment.model.name, key: key) { existing in
            guard let item = existing else { throw AppSyncErrors.conditionalCheckFailed() }
            guard environment.permits(item, access, identity) else {
                throw AppSyncErrors.unauthorized(field: field, type: type)
            }
            try environment.check(condition: condition, comparing: compared, on: item, identity: identity)
            return .delete
        }
        return result.old.map(JSON.object) ?? .null
    }
}
