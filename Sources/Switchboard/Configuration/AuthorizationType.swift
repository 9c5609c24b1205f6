/// How requests to an API are authorized: the six AppSync/Amplify authorization types, spelled in
/// configuration files exactly as their raw values.
public enum AuthorizationType: String, Sendable, Hashable, CaseIterable, Codable {
    /// No authorization header.
    case none = "NONE"
    /// An API key sent as `x-api-key`.
    case apiKey = "API_KEY"
    /// AWS Signature Version 4 with IAM credentials (service `appsync`).
    case awsIAM = "AWS_IAM"
    /// An OpenID Connect token sent as `authorization`.
    case openIDConnect = "OPENID_CONNECT"
    /// A Cognito User Pools token sent as `authorization`.
    case amazonCognitoUserPools = "AMAZON_COGNITO_USER_POOLS"
    /// A token checked by an AWS Lambda authorizer, sent as `authorization`.
    case awsLambda = "AWS_LAMBDA"

    /// Whether requests carry a token from an ``AuthTokenProvider``.
    public var usesTokenProvider: Bool {
        switch self {
        case .openIDConnect, .amazonCognitoUserPools, .awsLambda: true
        case .none, .apiKey, .awsIAM: false
        }
    }

    /// Amplify's name for ``awsLambda`` (`AWSAuthorizationType.function`).
    public static let function = AuthorizationType.awsLambda
}

/// Amplify's name for ``AuthorizationType``, so code moved from Amplify compiles unchanged.
public typealias AWSAuthorizationType = AuthorizationType

/// Supplies the bearer token for Cognito User Pools, OpenID Connect and Lambda authorization.
///
/// Called before every request (and real-time handshake), so return a cached token while it is
/// valid and refresh it when it is not.
public protocol AuthTokenProvider: Sendable {
    /// The `Authorization` value to send: the raw token for AppSync, `Bearer <token>` for servers that
    /// expect that (see `TokenProvider.bearer`).
    func latestToken() async throws -> String

    /// A token obtained anew, because the server answered `401` to the last one (or refused a
    /// subscription's `start` with `UnauthorizedException`): the operation, or the `start`, is
    /// retried once with it when it differs. By default, ``latestToken()`` again.
    func refreshedToken() async throws -> String
}

extension AuthTokenProvider {
    /// Asks ``latestToken()`` again.
    public func refreshedToken() async throws -> String { try await latestToken() }
}
