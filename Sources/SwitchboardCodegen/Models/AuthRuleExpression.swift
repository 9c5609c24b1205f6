import ModelTransform

/// `rule(allow: .owner, ownerField: "owner", identityClaim: "cognito:username", provider: .userPools,
/// operations: [.create, .update, .delete, .read])`: an `@auth` rule as Amplify's codegen writes it,
/// with the defaults it fills in (owner field `owner`, identity claim `cognito:username`, group
/// claim `cognito:groups`, groups field `groups`, every operation).
///
/// The catalog gives owner rules without `identityClaim` the claim Transformer v2 resolvers use,
/// `sub::username`; Amplify's model files name `cognito:username` for them, and so do these.
enum AuthRuleExpression {
    /// The claim the catalog fills in for owner rules that name none.
    static let transformerDefaultIdentityClaim = "sub::username"

    static func rule(_ rule: AuthRule) -> SwiftExpression {
        var arguments: [SwiftExpression.Argument] = [.init("allow", "." + rule.strategy.rawValue)]
        switch rule.strategy {
        case .owner:
            arguments.append(.init("ownerField", SwiftIdentifier.stringLiteral(rule.ownerField ?? "owner")))
            let claim = rule.identityClaim.flatMap { $0 == transformerDefaultIdentityClaim ? nil : $0 }
            arguments.append(.init("identityClaim", SwiftIdentifier.stringLiteral(claim ?? "cognito:username")))
        case .groups:
            arguments.append(.init("groupClaim", SwiftIdentifier.stringLiteral(rule.groupClaim ?? "cognito:groups")))
            if rule.groups.isEmpty {
                arguments.append(.init("groupsField", SwiftIdentifier.stringLiteral(rule.groupsField ?? "groups")))
            } else {
                arguments.append(.init("groups", .array(rule.groups.map { .text(SwiftIdentifier.stringLiteral($0)) })))
            }
        case .public, .private, .custom:
            break
        }
        arguments.append(.init("provider", "." + provider(rule.provider)))
        let operations = rule.operations ?? [.create, .update, .delete, .read]
        arguments.append(.init("operations", .array(operations.map { .text("." + $0.rawValue) })))
        return .call("rule", arguments)
    }

    /// The runtime's `AuthRuleProvider` case: Gen 2's `identityPool` is IAM.
    private static func provider(_ provider: AuthRule.Provider) -> String {
        switch provider {
        case .apiKey: return "apiKey"
        case .iam, .identityPool: return "iam"
        case .userPools: return "userPools"
        case .oidc: return "oidc"
        case .function: return "function"
        }
    }
}
