/// `getX(key…)`: the item with the key the arguments give, `null` when there is none.
struct GetResolver: FieldResolver {
    let environment: ModelEnvironment

    func resolve(_ call: FieldCall<RequestContext>) async throws -> JSON {
        let identity = call.context.identity
        let access = try environment.access(.get, identity, field: call.info.field.name, type: call.info.parentType)
        let key = try environment.key(of: call.arguments)
        guard let item = try await environment.store.item(in: environment.model.name, key: key) else { return .null }
        guard environment.permits(item, access, identity) else {
            throw AppSyncErrors.unauthorized(field: call.info.field.name, type: call.info.parentType)
        }
        return .object(item)
    }
}
