import Foundation

/// An AWS access key pair, with the session token and expiration of temporary credentials.
///
/// Its `description` names the access key id only; the secret and the token never appear in
/// descriptions, errors or logs.
public struct AWSCredentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The access key id (`AKIA…`/`ASIA…`), which is not secret.
    public var accessKeyId: String
    /// The secret access key.
    public var secretAccessKey: String
    /// The session token of temporary credentials.
    public var sessionToken: String?
    /// When temporary credentials stop working.
    public var expiration: Date?

    /// Creates credentials.
    public init(accessKeyId: String, secretAccessKey: String, sessionToken: String? = nil, expiration: Date? = nil) {
        self.accessKeyId = accessKeyId
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
        self.expiration = expiration
    }

    /// Whether the credentials expire within `margin` seconds of `date` (never, without an expiration).
    public func expires(within margin: TimeInterval, of date: Date = Date()) -> Bool {
        guard let expiration else { return false }
        return expiration.timeIntervalSince(date) <= margin
    }

    /// The access key id and which secrets are present, never their values.
    public var description: String {
        var parts = ["accessKeyId: \(accessKeyId)", "secretAccessKey: <redacted>"]
        parts.append(sessionToken == nil ? "sessionToken: none" : "sessionToken: <redacted>")
        if let expiration { parts.append("expiration: \(expiration)") }
        return "AWSCredentials(\(parts.joined(separator: ", ")))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }
}
