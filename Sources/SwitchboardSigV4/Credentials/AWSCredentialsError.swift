import Foundation

/// Why credentials could not be provided. Descriptions name files, lines, profiles and variables,
/// never a secret.
public enum AWSCredentialsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// This source has no credentials (the next provider of a chain is tried).
    case notFound(source: String, reason: String)
    /// This source has some of the credentials but not all (a chain stops here: it is a mistake).
    case incomplete(source: String, reason: String)
    /// A shared credentials or config file cannot be parsed.
    case malformedFile(path: String, line: Int, problem: String)
    /// A file exists but cannot be read.
    case unreadableFile(path: String, reason: String)
    /// The newest credentials have already expired.
    case expired(source: String, expiration: Date)
    /// No provider of a chain had credentials; each one's reason, in order.
    case noProviderHadCredentials([String])

    /// Whether a chain should try its next provider after this error.
    package var allowsNextProvider: Bool {
        if case .notFound = self { return true }
        return false
    }

    /// What went wrong and where.
    public var description: String {
        switch self {
        case .notFound(let source, let reason):
            "No AWS credentials in \(source): \(reason)."
        case .incomplete(let source, let reason):
            "Incomplete AWS credentials in \(source): \(reason)."
        case .malformedFile(let path, let line, let problem):
            "\(path):\(line): \(problem)."
        case .unreadableFile(let path, let reason):
            "Cannot read \(path): \(reason)."
        case .expired(let source, let expiration):
            "The AWS credentials from \(source) expired at \(expiration)."
        case .noProviderHadCredentials(let reasons):
            "No AWS credentials found. Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or add a profile to "
                + "~/.aws/credentials. Tried: " + reasons.joined(separator: " ")
        }
    }
}
