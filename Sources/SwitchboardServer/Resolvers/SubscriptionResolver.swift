/// `onCreateX`/`onUpdateX`/`onDeleteX` when a client subscribes: checks that the caller may
/// listen (unless `@model(subscriptions: {level: public})`), and that an `owner` argument names
/// the caller when only owner rules grant it. Events are shaped later from mutation results.
struct SubscriptionResolver: FieldResolver {
    let environment: ModelEnvironment

    func resolve(_ call: FieldCall<RequestContext>) async throws -> JSON {
        guard environment.model.operations.subscriptionLevel == .on else { return .null }
        let identity = call.context.identity
        let access = try environment.access(.listen, identity, field: call.info.field.name, type: call.info.parentType)
        guard !access.isGranted else { return .null }
        for rule in access.dynamicRules where rule.strategy == .owner {
            guard let field = rule.entityField, case .string(let value)? = call.arguments[field] else { continue }
            if !identity.ownerValues(identityClaim: rule.identityClaim).contains(value) {
                throw AppSyncErrors.unauthorized(field: call.info.field.name, type: call.info.parentType)
            }
        }
        return .null
    }
}
