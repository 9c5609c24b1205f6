/// A configuration file or value that Switchboard cannot use. The description names the JSON path
/// (for example `api.plugins.awsAPIPlugin.todo.authorizationType`) and the bad value, never a secret.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Sendable, Equatable {
        /// The text is not JSON; the reason comes from the JSON parser.
        case notJSON(reason: String)
        /// A required key is absent.
        case missingKey
        /// The value has the wrong JSON type.
        case wrongType(expected: String, found: String)
        /// The value is not one of the allowed values.
        case unknownValue(String, allowed: [String])
        /// The value is not a usable URL.
        case invalidURL(String, reason: String)
        /// The value is present but empty.
        case empty
        /// A rule that ties several keys together is broken.
        case inconsistent(String)
        /// No configuration file was found in any of the searched places.
        case fileNotFound(searched: [String])
        /// The file exists but cannot be read.
        case unreadableFile(reason: String)
    }

    /// The JSON path of the offending key, or the file path for file-level problems.
    public let path: String
    /// What is wrong at that path.
    public let problem: Problem

    /// Creates an error at `path`.
    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// One line naming the path and the problem, e.g.
    /// `api.plugins.awsAPIPlugin.todo.authorizationType: unknown value "APIKEY" (expected one of …)`.
    public var description: String {
        let detail: String
        switch problem {
        case .notJSON(let reason): detail = "not valid JSON: \(reason)"
        case .missingKey: detail = "required key is missing"
        case .wrongType(let expected, let found): detail = "expected \(expected), found \(found)"
        case .unknownValue(let value, let allowed):
            detail = "unknown value \"\(value)\" (expected one of \(allowed.joined(separator: ", ")))"
        case .invalidURL(let value, let reason): detail = "invalid URL \"\(value)\": \(reason)"
        case .empty: detail = "must not be empty"
        case .inconsistent(let rule): detail = rule
        case .fileNotFound(let searched):
            detail = "no configuration file found; searched \(searched.joined(separator: ", "))"
        case .unreadableFile(let reason): detail = "cannot read the file: \(reason)"
        }
        return path.isEmpty ? detail : "\(path): \(detail)"
    }
}
