/// `updateX(input, condition)`: sets the fields the input gives, removes those given as `null`
/// (even non-null ones, as AppSync does), keeps the others, resets `updatedAt`; fails with
/// `ConditionalCheckFailedException` when the item does not exist or `condition` does not hold.
struct UpdateResolver: FieldResolver {
    let environment: ModelEnvironment

    func resolve(_ call: FieldCall<RequestContext>) async throws -> JSON {
        let identity = call.context.identity
        let model = environment.model
        let field = call.info.field.name
        let type = call.info.parentType
        let access = try environment.access(.update, identity, field: field, type: type)
        let input = call.arguments["input"]?.objectValue ?? JSONObject()
        let key = try environment.key(of: input)
        let keyFields = Set(environment.layout.primaryKey.fields)
        let condition = call.arguments["condition"]?.objectValue
        let compared = try environment.checkComparable(
            condition.map(ItemFilter.fields(in:)) ?? [], identity: identity)
        let environment = environment
        let now = call.context.now
        let result = try await environment.store.write(in: model.name, key: key) { existing in
            guard var item = existing else { throw AppSyncErrors.conditionalCheckFailed() }
            guard access.isDenied || environment.permits(item, access, identity) else {
                throw AppSyncErrors.unauthorized(field: field, type: type)
            }
            try environment.checkFieldAccess(
                input, operation: .update, access: access, identity: identity, item: item, field: field, type: type)
            try environment.check(condition: condition, comparing: compared, on: item, identity: identity)
            for (name, value) in input where !keyFields.contains(name) {
                item[name] = value.isNull ? nil : value
            }
            if let updatedAt = model.timestamps.updatedAt, input[updatedAt] == nil {
                item[updatedAt] = .string(now)
            }
            return .put(item)
        }
        return result.new.map(JSON.object) ?? .null
    }
}
