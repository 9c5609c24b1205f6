import ModelTransform

/// The model files could not be generated: the schema has errors (the transform's diagnostics) or
/// declares names the generated Swift cannot use. Every diagnostic has the schema's file name, line
/// and column where one applies.
package struct ModelCodegenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The diagnostics; at least one is an error.
    package var diagnostics: [ModelDiagnostic]

    /// Creates a failure.
    package init(diagnostics: [ModelDiagnostic]) { self.diagnostics = diagnostics }

    /// The errors only.
    package var errors: [ModelDiagnostic] { diagnostics.filter { $0.severity == .error } }

    /// One diagnostic per line, in the `file:line:column: error: message` form.
    package var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
