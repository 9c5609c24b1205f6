import Foundation
import SwitchboardCore

/// The hub: register plugins, configure them from `amplifyconfiguration.json` (or Gen 2
/// `amplify_outputs.json`), then use a category such as ``API``.
///
/// ```swift
/// try Switchboard.add(plugin: APIPlugin())
/// try Switchboard.configure()
/// let result = try await Switchboard.API.query(request: request)
/// ```
public enum Switchboard {
    /// The API category: queries and mutations through the configured API plugin.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // Amplify's name, which apps moving off Amplify already call.
    public static let API = APICategory()

    /// The file names `configure()` looks for, in order.
    package static let configurationFileNames = ["amplifyconfiguration.json", "amplify_outputs.json"]

    /// Registers a plugin. Plugins are added before `configure`, once each.
    public static func add(plugin: any Plugin) throws(SwitchboardError) {
        try hub.withLock { state throws(SwitchboardError) in
            guard state.phase == .unconfigured else { throw .pluginAddedAfterConfigure(key: plugin.key) }
            guard !state.plugins.contains(where: { $0.key == plugin.key }) else {
                throw .duplicatePlugin(key: plugin.key)
            }
            state.plugins.append(plugin)
        }
    }

    /// Registers a plugin: Amplify's spelling of ``add(plugin:)``.
    public static func addPlugin(_ plugin: any Plugin) throws(SwitchboardError) {
        try add(plugin: plugin)
    }

    /// Configures every added plugin from `amplifyconfiguration.json` or `amplify_outputs.json`,
    /// found in the main bundle's resources, then in the current working directory.
    /// Synchronous, as in Amplify: call it once at startup.
    public static func configure() throws {
        do {
            try configure(from: ConfigurationFileLocator.locate(names: configurationFileNames))
        } catch let error as ConfigurationError {
            throw SwitchboardError.configuration(error)
        }
    }

    /// Configures every added plugin from a Gen 2 `amplify_outputs.json`, as Amplify Gen 2 apps
    /// do: `try Switchboard.configure(with: .amplifyOutputs)`.
    public static func configure(with outputs: AmplifyOutputs) throws {
        let configuration: SwitchboardConfiguration
        do {
            configuration = try outputs.load()
        } catch {
            throw SwitchboardError.configuration(error)
        }
        try configure(with: configuration)
    }

    /// Configures every added plugin from the configuration file at `url`.
    public static func configure(from url: URL) throws {
        let configuration: SwitchboardConfiguration
        do {
            configuration = try SwitchboardConfiguration.load(from: url)
        } catch {
            throw SwitchboardError.configuration(error)
        }
        try configure(with: configuration)
    }

    /// Configures every added plugin from configuration JSON.
    public static func configure(_ json: Data) throws {
        let configuration: SwitchboardConfiguration
        do {
            configuration = try SwitchboardConfiguration(data: json)
        } catch {
            throw SwitchboardError.configuration(error)
        }
        try configure(with: configuration)
    }

    /// Configures every added plugin from a parsed configuration.
    public static func configure(with configuration: SwitchboardConfiguration) throws {
        let plugins = try hub.withLock { state throws(SwitchboardError) in
            guard state.phase == .unconfigured else { throw .alreadyConfigured }
            state.phase = .configuring
            return state.plugins
        }
        do {
            for plugin in plugins {
                do {
                    try plugin.configure(using: configuration)
                } catch let error as ConfigurationError {
                    throw SwitchboardError.configuration(error)
                } catch let error as SwitchboardError {
                    throw error
                } catch {
                    throw SwitchboardError.pluginConfiguration(key: plugin.key, underlying: error)
                }
            }
        } catch {
            // A failed configure leaves the hub unconfigured so that the caller can fix and retry.
            hub.withLock { $0.phase = .unconfigured }
            throw error
        }
        hub.withLock { $0.phase = .configured }
    }

    /// Removes every plugin and configuration, and drops the API record stores, so that tests can
    /// configure again.
    public static func reset() async {
        let plugins = hub.withLock { state in
            defer { state = HubState() }
            return state.plugins
        }
        for plugin in plugins { await plugin.reset() }
    }

    /// Whether `configure` has completed.
    public static var isConfigured: Bool { hub.withLock { $0.phase == .configured } }

    /// The configured plugin serving `category`, for category facades.
    package static func plugin(for category: CategoryType) throws(SwitchboardError) -> any Plugin {
        try hub.withLock { state throws(SwitchboardError) in
            guard state.phase == .configured else { throw .notConfigured }
            guard let plugin = state.plugins.first(where: { $0.category == category }) else {
                throw .noPlugin(category: category)
            }
            return plugin
        }
    }

    private static let hub = Locked(HubState())
}

/// The hub's registry; guarded by the lock in ``Switchboard``.
private struct HubState: Sendable {
    enum Phase: Sendable { case unconfigured, configuring, configured }
    var plugins: [any Plugin] = []
    var phase: Phase = .unconfigured
}
