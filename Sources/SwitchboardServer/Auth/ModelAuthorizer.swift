import ModelTransform

/// A model's `@auth` rules as Amplify's resolvers apply them for one operation and caller:
/// static rules (`public`, `private`, static `groups`) grant the whole operation; dynamic rules
/// (`owner`, groups stored in the item) grant it item by item.
struct ModelAuthorizer: Sendable {
    /// What a caller may do for one operation.
    struct Access: Sendable {
        /// A static rule grants the operation.
        var isGranted: Bool
        /// Dynamic rules that grant it for matching items.
        var dynamicRules: [AuthRule]

        /// Nothing grants the operation.
        var isDenied: Bool { !isGranted && dynamicRules.isEmpty }
    }

    let modelName: String
    let rules: [AuthRule]
    let defaultMode: AuthorizationMode

    init(model: Model, settings: AuthorizationSettings) {
        self.init(modelName: model.name, rules: model.authRules, defaultMode: settings.defaultMode)
    }

    /// An authorizer for `rules` alone (a field's own `@auth` rules replace its model's).
    init(modelName: String, rules: [AuthRule], defaultMode: AuthorizationMode) {
        self.modelName = modelName
        self.rules = rules
        self.defaultMode = defaultMode
    }

    /// The access `identity` has for `operation`.
    func access(_ operation: AuthRule.Operation, identity: RequestIdentity) -> Access {
        if identity.iamRole == .admin { return Access(isGranted: true, dynamicRules: []) }
        // A model without rules is open to the API's default mode (the AppSync directives
        // already keep the other modes out).
        guard !rules.isEmpty else { return Access(isGranted: identity.mode == defaultMode, dynamicRules: []) }
        var access = Access(isGranted: false, dynamicRules: [])
        for rule in rules where rule.grantedOperations.contains(operation) && rule.provider.mode == identity.mode {
            switch rule.strategy {
            case .public:
                if identity.mode == .apiKey || identity.iamRole == .unauthenticated { access.isGranted = true }
            case .private:
                if identity.mode != .iam || identity.iamRole == .authenticated { access.isGranted = true }
            case .groups where !rule.groups.isEmpty:
                let groups = identity.groups(claim: rule.groupClaim)
                if rule.groups.contains(where: groups.contains) { access.isGranted = true }
            case .owner, .groups:
                access.dynamicRules.append(rule)
            case .custom:
                break
            }
        }
        return access
    }

    /// Whether `identity` may perform `operation` on `item`: a static rule grants it, or a dynamic
    /// rule matches the item.
    func allows(_ operation: AuthRule.Operation, identity: RequestIdentity, item: JSONObject) -> Bool {
        let access = access(operation, identity: identity)
        return access.isGranted || self.item(item, matches: access.dynamicRules, identity: identity)
    }

    /// Whether one of `rules` grants `identity` access to `item`.
    func item(_ item: JSONObject, matches rules: [AuthRule], identity: RequestIdentity) -> Bool {
        rules.contains { rule in
            guard let field = rule.entityField, let stored = item[field] else { return false }
            let candidates: [String] =
                rule.strategy == .owner
                ? identity.ownerValues(identityClaim: rule.identityClaim)
                : identity.groups(claim: rule.groupClaim)
            switch stored {
            case .string(let value): return candidates.contains(value)
            case .array(let values): return values.contains { $0.stringValue.map(candidates.contains) ?? false }
            default: return false
            }
        }
    }

    /// Fills the owner fields a create leaves out with the caller's identity (Amplify stores
    /// `<sub>::<username>`; list-valued owner fields get a one-element list).
    func fillingOwners(_ item: JSONObject, rules: [AuthRule], identity: RequestIdentity, model: Model) -> JSONObject {
        var item = item
        for rule in rules where rule.strategy == .owner {
            guard let field = rule.entityField, item[field] == nil,
                let value = identity.ownerValues(identityClaim: rule.identityClaim).first
            else { continue }
            item[field] = model.field(named: field)?.isList == true ? .array([.string(value)]) : .string(value)
        }
        return item
    }
}
