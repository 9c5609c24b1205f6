/// A problem found while generating code, in the form compilers and editors read:
/// `path:line:column: error: message`.
package struct CodegenDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious the diagnostic is.
    package enum Severity: String, Sendable {
        /// Generation fails.
        case error
        /// More about the preceding error (another location it involves).
        case note
    }

    /// The file, as the user named it.
    package var path: String
    /// Where in the file, when known.
    package var line: Int?
    /// The 1-based column (in Unicode scalars), when known.
    package var column: Int?
    /// How serious it is.
    package var severity: Severity
    /// What is wrong.
    package var message: String

    /// Creates a diagnostic.
    package init(path: String, line: Int? = nil, column: Int? = nil, severity: Severity = .error, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    init(path: String, position: SourcePosition, severity: Severity = .error, message: String) {
        self.init(path: path, line: position.line, column: position.column, severity: severity, message: message)
    }

    /// `path:line:column: error: message`, or `path: error: message` without a position.
    package var description: String {
        var location = path
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): \(severity.rawValue): \(message)"
    }
}

/// Generation failed; the diagnostics say where and why, in file order.
package struct CodegenFailure: Error, Sendable, CustomStringConvertible {
    /// Every problem found.
    package var diagnostics: [CodegenDiagnostic]

    /// Creates a failure.
    package init(_ diagnostics: [CodegenDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One diagnostic per line.
    package var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
