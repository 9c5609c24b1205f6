import ModelTransform

/// The model files could not be generated: the schema has errors (the transform's diagnostics) or
/// declares names the generated Swift cannot use. Every diagnostic has the schema's file name, line
/// and column where one applies.
public struct ModelCodegenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The diagnostics; at least one is an error.
    public var diagnostics: [ModelDiagnostic]

    /// Creates a failure.
    public init(diagnostics: [ModelDiagnostic]) { self.diagnostics = diagnostics }

    /// The errors only.
    public var errors: [ModelDiagnostic] { diagnostics.filter { $0.severity == .error } }

    /// One diagnostic per line, in the `file:line:column: error: message` form.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
