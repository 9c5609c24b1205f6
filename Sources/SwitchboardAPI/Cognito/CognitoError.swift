/// Why a Cognito call failed. Descriptions name the operation and Cognito's answer; they never
/// hold a password, a token or credentials.
public enum CognitoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Cognito answered with an error: its type (`NotAuthorizedException`,
    /// `ResourceNotFoundException`, `UserNotFoundException`, …), its message and the HTTP status.
    case service(operation: String, type: String, message: String, statusCode: Int)
    /// A user-pool token was asked for before anyone signed in (or after signing out).
    case notSignedIn
    /// Cognito asked for a challenge this client does not answer yet (`NEW_PASSWORD_REQUIRED`,
    /// `SMS_MFA`, `SOFTWARE_TOKEN_MFA`, …).
    case challengeNotSupported(String)
    /// Cognito's answer lacked what the operation returns.
    case invalidResponse(operation: String, reason: String)

    /// What happened, for logs and error messages.
    public var description: String {
        switch self {
        case .service(let operation, let type, let message, let statusCode):
            return "Cognito \(operation) failed: \(type) (HTTP \(statusCode)): \(message)"
        case .notSignedIn:
            return "No user is signed in to the Cognito user pool; call signIn(username:password:) first"
        case .challengeNotSupported(let challenge):
            return "Cognito asked for the \(challenge) challenge, which this client does not answer"
        case .invalidResponse(let operation, let reason):
            return "Cognito \(operation) answered with something unexpected: \(reason)"
        }
    }

    /// The service's error type, when Cognito answered with one.
    public var serviceErrorType: String? {
        if case .service(_, let type, _, _) = self { return type }
        return nil
    }
}
