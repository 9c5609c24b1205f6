/// Misuse of the `Switchboard` hub: configuring twice, using a category before configuring,
/// adding a plugin twice, or a configuration file problem.
public enum SwitchboardError: Error, Sendable, CustomStringConvertible {
    /// `configure` was called after a successful `configure`.
    case alreadyConfigured
    /// A category was used before `configure`.
    case notConfigured
    /// A plugin with the same key was already added.
    case duplicatePlugin(key: String)
    /// `add(plugin:)` was called after `configure`.
    case pluginAddedAfterConfigure(key: String)
    /// A category was used but no plugin for it was added.
    case noPlugin(category: CategoryType)
    /// The configuration file is missing or invalid.
    case configuration(ConfigurationError)
    /// A plugin rejected its configuration.
    case pluginConfiguration(key: String, underlying: any Error)
    /// The configured plugin does not offer the operation.
    case unsupported(String)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .alreadyConfigured:
            "Switchboard is already configured; configure it once at startup (tests can call Switchboard.reset())."
        case .notConfigured:
            "Switchboard is not configured; call Switchboard.configure() after adding plugins and before using a category."
        case .duplicatePlugin(let key):
            "a plugin with key \"\(key)\" was already added; add each plugin once."
        case .pluginAddedAfterConfigure(let key):
            "the plugin \"\(key)\" was added after Switchboard.configure(); add plugins before configuring."
        case .noPlugin(let category):
            "no plugin for the \(category.rawValue) category was added; call Switchboard.add(plugin: APIPlugin()) before configuring."
        case .configuration(let error):
            "invalid configuration: \(error)"
        case .pluginConfiguration(let key, let underlying):
            "the plugin \"\(key)\" rejected its configuration: \(underlying)"
        case .unsupported(let detail):
            detail
        }
    }
}
