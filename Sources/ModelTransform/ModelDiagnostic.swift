import GraphQLLanguage

/// A problem the transform found in a schema: an error (no output is produced) or a warning
/// (something was ignored), with the position it concerns.
public struct ModelDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious the problem is.
    public enum Severity: String, Sendable, Hashable {
        /// The schema cannot be transformed.
        case error
        /// Something was ignored; the output is produced without it.
        case warning
    }

    /// How serious the problem is.
    public var severity: Severity
    /// What is wrong and what to do about it.
    public var message: String
    /// Where (1-based line and column; `.unknown` when the problem has no single position).
    public var location: SourceLocation
    /// The schema file's path, when the caller gave one.
    public var fileName: String?

    /// Creates a diagnostic.
    public init(severity: Severity, message: String, location: SourceLocation, fileName: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.fileName = fileName
    }

    /// `file:line:column: error: message`, the form compilers and editors use.
    public var description: String {
        var prefix = fileName.map { "\($0):" } ?? ""
        if location != .unknown { prefix += "\(location.line):\(location.column):" }
        return (prefix.isEmpty ? "" : prefix + " ") + "\(severity.rawValue): \(message)"
    }
}

/// The schema could not be transformed: every error found (and any warnings), in source order.
public struct ModelTransformError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The diagnostics; at least one is an error.
    public var diagnostics: [ModelDiagnostic]

    /// Creates a failure.
    public init(diagnostics: [ModelDiagnostic]) { self.diagnostics = diagnostics }

    /// The errors only.
    public var errors: [ModelDiagnostic] { diagnostics.filter { $0.severity == .error } }

    /// One diagnostic per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
