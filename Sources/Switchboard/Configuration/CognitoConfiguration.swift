/// The Cognito user pool and identity pool an app signs in with, read from the `auth` category of
/// `amplifyconfiguration.json` (`auth.plugins.awsCognitoAuthPlugin`: `CognitoUserPool.Default`,
/// `CredentialsProvider.CognitoIdentity.Default`) or Gen 2's `amplify_outputs.json` (`auth`:
/// `user_pool_id`, `user_pool_client_id`, `identity_pool_id`, `aws_region`).
///
/// ```swift
/// let configuration = try SwitchboardConfiguration(data: Data(contentsOf: url))
/// guard let cognito = try configuration.cognito(), let pool = cognito.userPool else { return }
/// let userPool = CognitoUserPoolsTokenProvider(configuration: pool)
/// ```
///
/// Its `description` never shows the app client secret.
public struct CognitoConfiguration: Sendable, Hashable, CustomStringConvertible {
    /// A user pool and the app client that signs in to it.
    public struct UserPool: Sendable, Hashable, CustomStringConvertible {
        /// The pool (`us-east-1_Ab12cd34`).
        public let poolId: String
        /// The app client.
        public let appClientId: String
        /// The app client's secret, for clients created with one.
        public let appClientSecret: String?
        /// The pool's region.
        public let region: String
        /// How users sign in (`Auth.Default.authenticationFlowType`): SRP unless the file says otherwise.
        public let authenticationFlow: CognitoAuthenticationFlow

        /// A user pool configured in code.
        public init(
            poolId: String, appClientId: String, appClientSecret: String? = nil, region: String,
            authenticationFlow: CognitoAuthenticationFlow = .userSRP
        ) {
            self.poolId = poolId
            self.appClientId = appClientId
            self.appClientSecret = appClientSecret
            self.region = region
            self.authenticationFlow = authenticationFlow
        }

        /// Redacts the secret.
        public var description: String {
            "UserPool(poolId: \(poolId), appClientId: \(appClientId), region: \(region)"
                + (appClientSecret == nil ? ")" : ", appClientSecret: <redacted>)")
        }
    }

    /// An identity pool, which exchanges logins (or none, for guests) for AWS credentials.
    public struct IdentityPool: Sendable, Hashable, CustomStringConvertible {
        /// The pool (`us-east-1:1d2c…`).
        public let poolId: String
        /// The pool's region.
        public let region: String

        /// An identity pool configured in code.
        public init(poolId: String, region: String) {
            self.poolId = poolId
            self.region = region
        }

        /// The pool and region.
        public var description: String { "IdentityPool(poolId: \(poolId), region: \(region))" }
    }

    /// The user pool, when the file configures one.
    public let userPool: UserPool?
    /// The identity pool, when the file configures one.
    public let identityPool: IdentityPool?

    /// A configuration made in code.
    public init(userPool: UserPool?, identityPool: IdentityPool?) {
        self.userPool = userPool
        self.identityPool = identityPool
    }

    /// Both pools, secrets redacted.
    public var description: String {
        "CognitoConfiguration(userPool: \(userPool.map(\.description) ?? "nil"), "
            + "identityPool: \(identityPool.map(\.description) ?? "nil"))"
    }

    /// Reads `auth.plugins.awsCognitoAuthPlugin`.
    package init(pluginNode node: ConfigurationNode) throws(ConfigurationError) {
        var userPool: UserPool?
        if let pool = try node.optionalMember("CognitoUserPool")?.optionalMember("Default") {
            let flow = try node.optionalMember("Auth")?.optionalMember("Default")?
                .optionalMember("authenticationFlowType")?.enumeration(CognitoAuthenticationFlow.self)
            userPool = UserPool(
                poolId: try pool.member("PoolId").string(), appClientId: try pool.member("AppClientId").string(),
                appClientSecret: try pool.optionalMember("AppClientSecret")?.string(secret: true),
                region: try pool.member("Region").string(), authenticationFlow: flow ?? .userSRP)
        }
        var identityPool: IdentityPool?
        if let pool = try node.optionalMember("CredentialsProvider")?.optionalMember("CognitoIdentity")?
            .optionalMember("Default")
        {
            identityPool = IdentityPool(
                poolId: try pool.member("PoolId").string(), region: try pool.member("Region").string())
        }
        self.init(userPool: userPool, identityPool: identityPool)
    }

    /// Reads Gen 2's `auth` section.
    package init(gen2Auth node: ConfigurationNode) throws(ConfigurationError) {
        let region = try node.member("aws_region").string()
        var userPool: UserPool?
        if let poolId = try node.optionalMember("user_pool_id")?.string() {
            userPool = UserPool(
                poolId: poolId, appClientId: try node.member("user_pool_client_id").string(), region: region)
        }
        var identityPool: IdentityPool?
        if let poolId = try node.optionalMember("identity_pool_id")?.string() {
            identityPool = IdentityPool(poolId: poolId, region: region)
        }
        self.init(userPool: userPool, identityPool: identityPool)
    }
}

extension SwitchboardConfiguration {
    /// The Cognito pools of the file's `auth` category, or `nil` when it configures none. Errors
    /// name the file and the key.
    public func cognito() throws(ConfigurationError) -> CognitoConfiguration? {
        let root = ConfigurationNode(json, path: "")
        do {
            switch format {
            case .amplifyConfiguration:
                guard
                    let plugin = try root.optionalMember("auth")?.optionalMember("plugins")?
                        .optionalMember("awsCognitoAuthPlugin")
                else { return nil }
                let configuration = try CognitoConfiguration(pluginNode: plugin)
                return configuration.userPool == nil && configuration.identityPool == nil ? nil : configuration
            case .amplifyOutputs:
                guard let auth = try root.optionalMember("auth") else { return nil }
                return try CognitoConfiguration(gen2Auth: auth)
            }
        } catch {
            guard let source else { throw error }
            throw ConfigurationError(path: "\(source): \(error.path)", problem: error.problem)
        }
    }
}

/// How a user pool's users sign in.
public enum CognitoAuthenticationFlow: String, Sendable, Hashable, CaseIterable {
    /// `USER_SRP_AUTH`: the Secure Remote Password exchange; the password never leaves the device.
    /// Amplify's default.
    case userSRP = "USER_SRP_AUTH"
    /// `USER_PASSWORD_AUTH`: the password is sent to Cognito over TLS (the app client must allow it).
    case userPassword = "USER_PASSWORD_AUTH"
}
