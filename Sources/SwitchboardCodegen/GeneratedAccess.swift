/// The access level of generated declarations (`"access"` in `switchboard-codegen.json`,
/// `--access` on the command line).
package enum GeneratedAccess: String, Sendable, Hashable, CaseIterable {
    /// Visible in the target that generates them: the default for operations.
    case `internal`
    /// Visible to the modules that import the target: a library exporting its operations or
    /// models; the default for models, as Amplify generates them.
    case `public`

    /// The modifier with its trailing space (`"public "`), or nothing.
    package var modifier: String { self == .public ? "public " : "" }
}
