import GraphQLLanguage

/// A problem the transform found in a schema: an error (no output is produced) or a warning
/// (something was ignored), with the position it concerns.
package struct ModelDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious the problem is.
    package enum Severity: String, Sendable, Hashable {
        /// The schema cannot be transformed.
        case error
        /// Something was ignored; the output is produced without it.
        case warning
    }

    /// How serious the problem is.
    package var severity: Severity
    /// What is wrong and what to do about it.
    package var message: String
    /// Where (1-based line and column; `.unknown` when the problem has no single position).
    package var location: SourceLocation
    /// The schema file's path, when the caller gave one.
    package var fileName: String?

    /// Creates a diagnostic.
    package init(severity: Severity, message: String, location: SourceLocation, fileName: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.fileName = fileName
    }

    /// `file:line:column: error: message`, the form compilers and editors use.
    package var description: String {
        var prefix = fileName.map { "\($0):" } ?? ""
        if location != .unknown { prefix += "\(location.line):\(location.column):" }
        return (prefix.isEmpty ? "" : prefix + " ") + "\(severity.rawValue): \(message)"
    }
}

/// The schema could not be transformed: every error found (and any warnings), in source order.
package struct ModelTransformError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The diagnostics; at least one is an error.
    package var diagnostics: [ModelDiagnostic]

    /// Creates a failure.
    package init(diagnostics: [ModelDiagnostic]) { self.diagnostics = diagnostics }

    /// The errors only.
    package var errors: [ModelDiagnostic] { diagnostics.filter { $0.severity == .error } }

    /// One diagnostic per line.
    package var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
