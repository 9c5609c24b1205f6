import GraphQLLanguage

extension CatalogBuilder {
    /// The rules of an `@auth(rules: [...])`, with providers defaulted and checked against the
    /// strategy and the API's configured authorization modes.
    mutating func readAuthRules(_ directive: Directive, onField: Bool) -> [AuthRule] {
        guard let written = directive.argument("rules")?.value else { return [] }
        let items: [Value]
        if case .list(let list) = written { items = list } else { items = [written] }
        var rules: [AuthRule] = []
        for item in items {
            guard let entries = item.objectFields else { continue }
            if let rule = readAuthRule(entries, at: directive.location, onField: onField) { rules.append(rule) }
        }
        return rules
    }

    private mutating func readAuthRule(_ entries: [ObjectField], at location: SourceLocation, onField: Bool)
        -> AuthRule?
    {
        var strategy: AuthRule.Strategy?
        var provider: AuthRule.Provider?
        var rule = AuthRule(strategy: .public, provider: .apiKey, location: entries.first?.location ?? location)
        var valid = true
        for entry in entries {
            switch entry.name {
            case "allow":
                strategy = entry.value.enumOrStringValue.flatMap(AuthRule.Strategy.init)
                if strategy == nil {
                    log.error("@auth rule: allow must be public, private, owner, groups or custom", at: entry.location)
                    valid = false
                }
            case "provider":
                provider = entry.value.enumOrStringValue.flatMap(AuthRule.Provider.init)
                if provider == nil {
                    log.error(
                        "@auth rule: provider must be apiKey, iam, identityPool, userPools, oidc or function",
                        at: entry.location)
                    valid = false
                }
            case "ownerField": rule.ownerField = readRuleFieldName(entry, &valid)
            case "identityClaim": rule.identityClaim = readRuleString(entry, &valid)
            case "groupClaim": rule.groupClaim = readRuleString(entry, &valid)
            case "groupsField": rule.groupsField = readRuleFieldName(entry, &valid)
            case "groups":
                if let groups = entry.value.stringListValue {
                    rule.groups = groups
                } else {
                    log.error("@auth rule: groups expects a list of group names", at: entry.location)
                    valid = false
                }
            case "operations":
                rule.operations = readOperations(entry, onField: onField, valid: &valid)
            case "queries", "mutations":
                log.error(
                    "@auth rule: \(entry.name) is Transformer v1; in Transformer v2 list what the rule grants in "
                        + "operations: [create, read, update, delete]",
                    at: entry.location)
                valid = false
            default:
                log.error(
                    "Unknown key \"\(entry.name)\" in an @auth rule; rules take allow, provider, ownerField, "
                        + "identityClaim, groupClaim, groups, groupsField and operations",
                    at: entry.location)
                valid = false
            }
        }
        guard valid else { return nil }
        guard let strategy else {
            log.error("@auth rule needs allow:", at: rule.location)
            return nil
        }
        rule.strategy = strategy
        rule.provider = provider ?? Self.defaultProvider(for: strategy)
        guard checkProvider(rule) else { return nil }
        switch strategy {
        case .owner:
            rule.ownerField = rule.ownerField ?? "owner"
            rule.identityClaim = rule.identityClaim ?? "sub::username"
        case .groups:
            rule.groupClaim = rule.groupClaim ?? "cognito:groups"
            if rule.groups.isEmpty { rule.groupsField = rule.groupsField ?? "groups" }
        default:
            break
        }
        return rule
    }

    private mutating func readRuleString(_ entry: ObjectField, _ valid: inout Bool) -> String? {
        guard let text = entry.value.stringValue else {
            log.error("@auth rule: \(entry.name) expects a string", at: entry.location)
            valid = false
            return nil
        }
        return text
    }

    private mutating func readRuleFieldName(_ entry: ObjectField, _ valid: inout Bool) -> String? {
        guard let name = readRuleString(entry, &valid) else { return nil }
        if !checkName(name, role: "@auth rule \(entry.name)", at: entry.location) { valid = false }
        return name
    }

    private mutating func readOperations(_ entry: ObjectField, onField: Bool, valid: inout Bool)
        -> [AuthRule.Operation]?
    {
        guard case .list(let items) = entry.value else {
            log.error("@auth rule: operations expects a list such as [create, read]", at: entry.location)
            valid = false
            return nil
        }
        var operations: [AuthRule.Operation] = []
        for item in items {
            guard let operation = item.enumOrStringValue.flatMap(AuthRule.Operation.init) else {
                log.error(
                    "@auth rule: unknown operation \(item.shortDescription); use create, read, update, delete, get, "
                        + "list, listen, search or sync",
                    at: entry.location)
                valid = false
                continue
            }
            operations.append(operation)
        }
        let readParts = operations.filter { AuthRule.Operation.readOperations.contains($0) }
        if operations.contains(.read) && !readParts.isEmpty {
            log.error(
                "@auth rule lists \(readParts.map(\.rawValue).joined(separator: ", ")) in addition to read, which "
                    + "already grants them",
                at: entry.location)
            valid = false
        }
        if onField && !readParts.isEmpty {
            log.error(
                "@auth rule on a field: '\(readParts.map(\.rawValue).joined(separator: ","))' operation is not "
                    + "allowed at the field level; use read",
                at: entry.location)
            valid = false
        }
        return operations
    }

    static func defaultProvider(for strategy: AuthRule.Strategy) -> AuthRule.Provider {
        switch strategy {
        case .public: return .apiKey
        case .private, .owner, .groups: return .userPools
        case .custom: return .function
        }
    }

    /// Which providers each strategy accepts, and whether the API is configured for the provider.
    private mutating func checkProvider(_ rule: AuthRule) -> Bool {
        let allowed: [AuthRule.Provider]
        switch rule.strategy {
        case .public: allowed = [.apiKey, .iam, .identityPool]
        case .private: allowed = [.userPools, .oidc, .iam, .identityPool]
        case .owner, .groups: allowed = [.userPools, .oidc]
        case .custom: allowed = [.function]
        }
        guard allowed.contains(rule.provider) else {
            log.error(
                "@auth rule { allow: \(rule.strategy.rawValue) } cannot use provider \(rule.provider.rawValue); it takes "
                    + allowed.map(\.rawValue).joined(separator: ", "),
                at: rule.location)
            return false
        }
        if let additional = options.additionalAuthorizationModes {
            let configured = [options.defaultAuthorizationMode] + additional
            if !configured.contains(rule.provider.mode) {
                log.error(
                    "@auth rule uses provider \(rule.provider.rawValue), but the API has no \(rule.provider.mode.rawValue) "
                        + "authorization mode; add it to the API or change the rule",
                    at: rule.location)
                return false
            }
        }
        return true
    }
}
