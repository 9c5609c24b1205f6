/// `onCreateX`/`onUpdateX`/`onDeleteX` when a client subscribes: checks that the caller may
/// listen (unless `@model(subscriptions: {level: public})`), that an `owner` argument names
/// the caller when only owner rules grant it, and that the `filter` and the arguments compare no
/// field the caller may not read. Events are shaped later from mutation results.
struct SubscriptionResolver: FieldResolver {
    let environment: ModelEnvironment

    func resolve(_ call: FieldCall<RequestContext>) async throws -> JSON {
        let identity = call.context.identity
        var compared = call.arguments["filter"]?.objectValue.map(ItemFilter.fields(in:)) ?? []
        compared += call.arguments.compactMap { name, value in name == "filter" || value.isNull ? nil : name }
        // Events are checked against the filter without looking at who may read what in them.
        // While subscriptions are on that is safe for a field a dynamic rule lets the caller read:
        // mutation results carry it as null unless its rules are the model's, whose owner check
        // then limits the events to the caller's items. Otherwise only a static grant is enough.
        _ = try environment.checkComparable(
            compared, identity: identity, staticOnly: environment.model.operations.subscriptionLevel != .on)
        guard environment.model.operations.subscriptionLevel == .on else { return .null }
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
