import Foundation

/// Reads a profile from the shared files `~/.aws/credentials` and `~/.aws/config` (paths from
/// `AWS_SHARED_CREDENTIALS_FILE` and `AWS_CONFIG_FILE`; profile from `AWS_PROFILE`, else
/// `default`). The credentials file wins over the config file for the same profile.
public struct SharedFileCredentialsProvider: AWSCredentialsProvider {
    private let profile: String?
    private let environment: [String: String]?

    /// Reads `profile` (or `AWS_PROFILE`, or `default`); `environment` replaces the process
    /// environment for the variables above and `HOME` (for tests).
    public init(profile: String? = nil, environment: [String: String]? = nil) {
        self.profile = profile
        self.environment = environment
    }

    /// The profile's `aws_access_key_id`, `aws_secret_access_key` and `aws_session_token`.
    public func credentials() async throws -> AWSCredentials {
        let environment = environment ?? ProcessInfo.processInfo.environment
        let home = environment["HOME"] ?? NSHomeDirectory()
        let credentialsPath =
            environment["AWS_SHARED_CREDENTIALS_FILE"].map(Self.expandingTilde(home: home))
            ?? "\(home)/.aws/credentials"
        let configPath = environment["AWS_CONFIG_FILE"].map(Self.expandingTilde(home: home)) ?? "\(home)/.aws/config"
        let profileName = profile ?? environment["AWS_PROFILE"].flatMap { $0.isEmpty ? nil : $0 } ?? "default"

        let credentialsFile = try AWSProfileFile.load(path: credentialsPath, kind: .credentials)
        let configFile = try AWSProfileFile.load(path: configPath, kind: .config)
        var properties = configFile?.profiles[profileName] ?? [:]
        properties.merge(credentialsFile?.profiles[profileName] ?? [:]) { _, fromCredentials in fromCredentials }
        let source = "profile \"\(profileName)\" of \(credentialsPath) and \(configPath)"
        guard credentialsFile != nil || configFile != nil else {
            throw AWSCredentialsError.notFound(
                source: "the shared files", reason: "neither \(credentialsPath) nor \(configPath) exists")
        }
        guard let accessKeyId = properties["aws_access_key_id"], !accessKeyId.isEmpty else {
            throw AWSCredentialsError.notFound(source: source, reason: "the profile has no aws_access_key_id")
        }
        guard let secret = properties["aws_secret_access_key"], !secret.isEmpty else {
            throw AWSCredentialsError.incomplete(
                source: source, reason: "the profile has aws_access_key_id but no aws_secret_access_key")
        }
        let token = properties["aws_session_token"].flatMap { $0.isEmpty ? nil : $0 }
        return AWSCredentials(accessKeyId: accessKeyId, secretAccessKey: secret, sessionToken: token)
    }

    private static func expandingTilde(home: String) -> (String) -> String {
        { path in path.hasPrefix("~/") ? home + path.dropFirst() : path }
    }
}
