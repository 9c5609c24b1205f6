/// Chooses the AppSync auth directives (`@aws_api_key @aws_iam @aws_oidc @aws_cognito_user_pools
/// @aws_lambda`) for a model's type and operations from its `@auth` rules, the way Amplify's auth
/// transformer does: a type or field with directives admits only those modes, so none are added
/// when every rule uses the default mode, and the default's directive joins the others otherwise.
struct AuthDirectives {
    let settings: AuthorizationSettings

    /// The modes of the rules that grant `operation` (every rule when `nil`), in rule order.
    func modes(of rules: [AuthRule], granting operation: AuthRule.Operation? = nil) -> [AuthorizationMode] {
        var modes: [AuthorizationMode] = []
        for rule in rules where operation.map(rule.grantedOperations.contains) ?? true {
            if !modes.contains(rule.provider.mode) { modes.append(rule.provider.mode) }
        }
        return modes
    }

    /// The directive names for `modes`; `includesDefault` adds the default mode's directive when
    /// other modes are present (operations do, types do not unless the default has rules).
    func directiveNames(for modes: [AuthorizationMode], includesDefault: Bool) -> [String] {
        guard !modes.isEmpty else { return [] }
        let defaultMode = settings.defaultMode
        let hasOthers = modes.contains { $0 != defaultMode }
        var names: [String] = []
        for mode in AuthorizationMode.allCases {
            let isOther = mode != defaultMode && modes.contains(mode)
            let isNeededDefault = mode == defaultMode && hasOthers && includesDefault
            if isOther || isNeededDefault { names.append(mode.directiveName) }
        }
        if modes.contains(defaultMode) && hasOthers && !names.contains(defaultMode.directiveName) {
            names.append(defaultMode.directiveName)
        }
        return names
    }

    /// The directives of an operation: the default mode counts when one of its rules grants it.
    func operationDirectiveNames(rules: [AuthRule], operation: AuthRule.Operation) -> [String] {
        let modes = modes(of: rules, granting: operation)
        return directiveNames(for: modes, includesDefault: modes.contains(settings.defaultMode))
    }

    /// The directives Amplify adds to a model without `@auth`: sandbox mode opens it to API keys,
    /// which needs `@aws_api_key` when API keys are not the default mode.
    var sandboxDirectiveNames: [String] {
        settings.isSandbox && settings.defaultMode != .apiKey ? [AuthorizationMode.apiKey.directiveName] : []
    }

    /// The owner fields subscriptions take as arguments: owner rules that grant `listen`, on a
    /// single-valued field.
    static func subscriptionOwnerArguments(for model: Model) -> [String] {
        var names: [String] = []
        for rule in model.authRules + model.fields.flatMap(\.authRules)
        where rule.strategy == .owner && rule.grantedOperations.contains(.listen) {
            guard let entity = rule.entityField, model.field(named: entity)?.isList != true,
                !names.contains(entity)
            else { continue }
            names.append(entity)
        }
        return names
    }
}
