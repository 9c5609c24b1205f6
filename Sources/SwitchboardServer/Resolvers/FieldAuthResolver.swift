import ModelTransform

/// Reads a field with `@auth` rules of its own (see ``FieldAuthorization``): `null` in mutation
/// results when Amplify redacts it for subscribers, AppSync's Unauthorized error when the caller's
/// rules do not grant reading it on this item, else the value (from `inner` for relationship
/// fields, or the parent item's member).
struct FieldAuthResolver: FieldResolver {
    let environment: ModelEnvironment
    let inner: (any FieldResolver<RequestContext>)?

    func resolve(_ call: FieldCall<RequestContext>) async throws -> JSON {
        let name = call.info.field.name
        let item = call.source.objectValue ?? JSONObject()
        let authorization = environment.fieldAuthorization
        if call.info.operation == .mutation && authorization.redactedInMutations.contains(name) { return .null }
        guard authorization.mayRead(name, identity: call.context.identity, item: item) else {
            throw AppSyncErrors.unauthorized(field: name, type: call.info.parentType)
        }
        if let inner { return try await inner.resolve(call) }
        return item[name] ?? .null
    }
}
