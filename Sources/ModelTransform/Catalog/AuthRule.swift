import GraphQLLanguage

/// One `@auth` rule: who (`allow`), through which authorization provider, for which operations.
package struct AuthRule: Sendable, Hashable {
    /// `allow:`.
    package enum Strategy: String, Sendable, Hashable, CaseIterable {
        /// Anyone with the provider's credentials (an API key, the unauthenticated IAM role).
        case `public`
        /// Any signed-in user.
        case `private`
        /// The user whose identity claim is stored in the item's owner field.
        case owner
        /// Members of listed groups, or of the groups stored in the item.
        case groups
        /// A Lambda authorizer decides.
        case custom
    }

    /// `provider:`.
    package enum Provider: String, Sendable, Hashable, CaseIterable {
        /// API keys.
        case apiKey
        /// AWS IAM (SigV4).
        case iam
        /// IAM through a Cognito identity pool (Gen 2's name for the same mode).
        case identityPool
        /// Cognito user pools.
        case userPools
        /// OpenID Connect.
        case oidc
        /// A Lambda authorizer.
        case function

        /// The AppSync authorization mode behind the provider.
        package var mode: AuthorizationMode {
            switch self {
            case .apiKey: return .apiKey
            case .iam, .identityPool: return .iam
            case .userPools: return .userPools
            case .oidc: return .oidc
            case .function: return .lambda
            }
        }
    }

    /// What a rule grants (`operations:`); `read` stands for every read operation.
    package enum Operation: String, Sendable, Hashable, CaseIterable {
        /// `createX`.
        case create
        /// `updateX`.
        case update
        /// `deleteX`.
        case delete
        /// `getX`, `listX`, index queries, `searchX`, `syncX` and subscriptions.
        case read
        /// `getX`.
        case get
        /// `listX` and index queries.
        case list
        /// `onCreateX`, `onUpdateX`, `onDeleteX`.
        case listen
        /// `searchX`.
        case search
        /// `syncX`.
        case sync

        /// The operations `read` expands to.
        package static let readOperations: [Operation] = [.get, .list, .search, .sync, .listen]
    }

    /// `allow:`.
    package var strategy: Strategy
    /// `provider:`, or the strategy's default (`apiKey` for public, `userPools` for the others, `function` for custom).
    package var provider: Provider
    /// The item field holding the owner (owner rules; default `owner`).
    package var ownerField: String?
    /// The token claim compared with the owner field (default `sub::username`).
    package var identityClaim: String?
    /// The token claim listing the user's groups (group rules; default `cognito:groups`).
    package var groupClaim: String?
    /// Static groups (`groups: ["Admins"]`).
    package var groups: [String]
    /// The item field listing groups that may access it (dynamic group rules; default `groups`).
    package var groupsField: String?
    /// The operations as written, or `nil` when the rule grants everything.
    package var operations: [Operation]?
    /// Where the rule is written.
    package var location: SourceLocation

    /// The operations the rule grants, with `read` expanded and the default (everything) applied.
    package var grantedOperations: Set<Operation> {
        let written = operations ?? [.create, .update, .delete, .read]
        var granted = Set(written.filter { $0 != .read })
        if written.contains(.read) { granted.formUnion(Operation.readOperations) }
        return granted
    }

    /// Whether the rule decides per item (owner rules and groups stored in the item).
    package var isDynamic: Bool {
        strategy == .owner || (strategy == .groups && groups.isEmpty)
    }

    /// The item field a dynamic rule reads (`owner`, a custom `ownerField`, or `groupsField`).
    package var entityField: String? {
        switch strategy {
        case .owner: return ownerField ?? "owner"
        case .groups where groups.isEmpty: return groupsField ?? "groups"
        default: return nil
        }
    }

    /// Creates a rule.
    package init(
        strategy: Strategy, provider: Provider, ownerField: String? = nil, identityClaim: String? = nil,
        groupClaim: String? = nil, groups: [String] = [], groupsField: String? = nil,
        operations: [Operation]? = nil, location: SourceLocation = .unknown
    ) {
        self.strategy = strategy
        self.provider = provider
        self.ownerField = ownerField
        self.identityClaim = identityClaim
        self.groupClaim = groupClaim
        self.groups = groups
        self.groupsField = groupsField
        self.operations = operations
        self.location = location
    }
}

/// AppSync's authorization modes (the API's default mode and its additional ones).
package enum AuthorizationMode: String, Sendable, Hashable, CaseIterable {
    /// `API_KEY`.
    case apiKey = "API_KEY"
    /// `AWS_IAM`.
    case iam = "AWS_IAM"
    /// `OPENID_CONNECT`.
    case oidc = "OPENID_CONNECT"
    /// `AMAZON_COGNITO_USER_POOLS`.
    case userPools = "AMAZON_COGNITO_USER_POOLS"
    /// `AWS_LAMBDA`.
    case lambda = "AWS_LAMBDA"

    /// The AppSync directive that admits the mode on a type or field (`aws_api_key`, …).
    package var directiveName: String {
        switch self {
        case .apiKey: return "aws_api_key"
        case .iam: return "aws_iam"
        case .oidc: return "aws_oidc"
        case .userPools: return "aws_cognito_user_pools"
        case .lambda: return "aws_lambda"
        }
    }
}
