import Foundation

/// A source of AWS credentials: fixed values, the environment, the shared files or a chain of them.
public protocol AWSCredentialsProvider: Sendable {
    /// Current credentials; throws ``AWSCredentialsError`` when this source has none.
    func credentials() async throws -> AWSCredentials
}

/// Always returns the same credentials (tests, or keys obtained elsewhere).
public struct StaticCredentialsProvider: AWSCredentialsProvider {
    private let value: AWSCredentials

    /// Provides `credentials`.
    public init(_ credentials: AWSCredentials) {
        value = credentials
    }

    /// The credentials given at creation.
    public func credentials() async throws -> AWSCredentials { value }
}

/// Reads `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and the optional `AWS_SESSION_TOKEN`.
public struct EnvironmentCredentialsProvider: AWSCredentialsProvider {
    private let environment: [String: String]?

    /// Reads the process environment at each call, or `environment` when given (for tests).
    public init(environment: [String: String]? = nil) {
        self.environment = environment
    }

    /// The credentials in the environment; ``AWSCredentialsError/notFound(source:reason:)`` when
    /// the key id or secret is missing or empty.
    public func credentials() async throws -> AWSCredentials {
        let environment = environment ?? ProcessInfo.processInfo.environment
        let source = "environment variables"
        guard let accessKeyId = environment["AWS_ACCESS_KEY_ID"], !accessKeyId.isEmpty else {
            throw AWSCredentialsError.notFound(source: source, reason: "AWS_ACCESS_KEY_ID is not set")
        }
        guard let secret = environment["AWS_SECRET_ACCESS_KEY"], !secret.isEmpty else {
            throw AWSCredentialsError.incomplete(
                source: source, reason: "AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not")
        }
        let token = environment["AWS_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        return AWSCredentials(accessKeyId: accessKeyId, secretAccessKey: secret, sessionToken: token)
    }
}
