/// Who an `@auth` rule allows.
public enum AuthStrategy: Sendable, Equatable {
    /// The record's owner.
    case owner
    /// Members of groups.
    case groups
    /// Any signed-in user.
    case `private`
    /// Anyone (API key or IAM guest).
    case `public`
    /// A Lambda authorizer.
    case custom
}

/// An operation an `@auth` rule applies to.
public enum ModelOperation: Sendable, Equatable {
    /// Create.
    case create
    /// Update.
    case update
    /// Delete.
    case delete
    /// Every read.
    case read
    /// Get by key.
    case get
    /// List.
    case list
    /// DataStore sync.
    case sync
    /// Subscriptions.
    case listen
    /// Search.
    case search
}

/// The authorization provider of an `@auth` rule.
public enum AuthRuleProvider: Sendable, Equatable {
    /// API key.
    case apiKey
    /// OpenID Connect.
    case oidc
    /// AWS IAM.
    case iam
    /// Cognito User Pools.
    case userPools
    /// AWS Lambda.
    case function
}

/// A list of `@auth` rules.
public typealias AuthRules = [AuthRule]

/// One `@auth` rule of a model or field, as generated files declare it.
public struct AuthRule: Sendable, Equatable {
    /// Who is allowed.
    public let allow: AuthStrategy
    /// The owner field for owner rules.
    public let ownerField: String?
    /// The identity claim for owner rules.
    public let identityClaim: String?
    /// The group claim for group rules.
    public let groupClaim: String?
    /// Static groups.
    public let groups: [String]
    /// The field holding dynamic groups.
    public let groupsField: String?
    /// The operations the rule allows; empty means all.
    public let operations: [ModelOperation]
    /// The provider.
    public let provider: AuthRuleProvider?

    /// Creates a rule.
    public init(
        allow: AuthStrategy,
        ownerField: String? = nil,
        identityClaim: String? = nil,
        groupClaim: String? = nil,
        groups: [String] = [],
        groupsField: String? = nil,
        provider: AuthRuleProvider? = nil,
        operations: [ModelOperation] = []
    ) {
        self.allow = allow
        self.ownerField = ownerField
        self.identityClaim = identityClaim
        self.groupClaim = groupClaim
        self.groups = groups
        self.groupsField = groupsField
        self.provider = provider
        self.operations = operations
    }
}

/// Builds an `@auth` rule, as generated schemas write them: `rule(allow: .owner, ownerField: "owner")`.
public func rule(
    allow: AuthStrategy,
    ownerField: String? = nil,
    identityClaim: String? = nil,
    groupClaim: String? = nil,
    groups: [String] = [],
    groupsField: String? = nil,
    provider: AuthRuleProvider? = nil,
    operations: [ModelOperation] = []
) -> AuthRule {
    AuthRule(
        allow: allow, ownerField: ownerField, identityClaim: identityClaim, groupClaim: groupClaim, groups: groups,
        groupsField: groupsField, provider: provider, operations: operations)
}
