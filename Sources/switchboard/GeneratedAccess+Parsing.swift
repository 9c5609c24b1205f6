import SwitchboardCodegen

extension GeneratedAccess {
    /// The level `--access` names, or a usage error listing the two.
    static func parse(_ text: String) throws(UsageError) -> GeneratedAccess {
        guard let access = GeneratedAccess(rawValue: text) else {
            throw UsageError("--access must be internal or public, not \"\(text)\"")
        }
        return access
    }
}
