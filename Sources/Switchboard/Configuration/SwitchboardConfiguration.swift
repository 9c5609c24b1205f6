import Foundation
import SwitchboardCore

/// A parsed configuration file: Amplify's `amplifyconfiguration.json` (categories with plugin
/// sections) or a Gen 2 `amplify_outputs.json` (snake_case sections such as `data`).
public struct SwitchboardConfiguration: Sendable {
    /// Which file format the configuration came from.
    public enum Format: Sendable, Equatable {
        /// `amplifyconfiguration.json`: `{"api": {"plugins": {"awsAPIPlugin": {...}}}}`.
        case amplifyConfiguration
        /// Gen 2 `amplify_outputs.json`: `{"version": "1", "data": {...}}`.
        case amplifyOutputs
    }

    /// The detected format.
    public let format: Format
    /// The whole file as JSON.
    public let json: JSONValue
    /// The file the configuration was read from, named in every error; `nil` for in-memory JSON.
    public let source: String?

    /// Parses configuration text, detecting its format. `source` names the file in errors.
    ///
    /// The text must be strict JSON: trailing commas and comments are errors with their line and
    /// column, on every platform.
    public init(data: Data, source: String? = nil) throws(ConfigurationError) {
        // Editors on Windows may start the file with a UTF-8 byte order mark, which JSON allows
        // parsers to ignore.
        let data = data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : data
        if let syntaxError = JSONScanner.syntaxErrorDescription(in: data) {
            throw ConfigurationError(path: source ?? "", problem: .notJSON(reason: syntaxError))
        }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: data)
        } catch {
            throw ConfigurationError(path: source ?? "", problem: .notJSON(reason: "\(error)"))
        }
        try self.init(json: json, source: source)
    }

    /// Wraps an already parsed configuration, detecting its format.
    public init(json: JSONValue, source: String? = nil) throws(ConfigurationError) {
        self.source = source
        guard case .object(let root) = json else {
            throw ConfigurationError(
                path: "", problem: .wrongType(expected: "an object", found: "an \(json.kindDescription)"))
        }
        if root["api"] != nil || root["UserAgent"] != nil || root["Version"] != nil {
            format = .amplifyConfiguration
        } else if root["data"] != nil || root["version"] != nil {
            format = .amplifyOutputs
        } else {
            // Neither marker: treat as the classic format so that the error names `api`.
            format = .amplifyConfiguration
        }
        self.json = json
    }

    /// The configuration of the `api` category for the plugin with `pluginKey`, or `nil` when the
    /// file has no section for it.
    public func apiCategory(pluginKey: String) throws(ConfigurationError) -> APICategoryConfiguration? {
        do {
            return try readAPICategory(pluginKey: pluginKey)
        } catch {
            guard let source else { throw error }
            throw ConfigurationError(
                path: error.path.isEmpty ? source : "\(source): \(error.path)", problem: error.problem)
        }
    }

    private func readAPICategory(pluginKey: String) throws(ConfigurationError) -> APICategoryConfiguration? {
        let root = ConfigurationNode(json, path: "")
        switch format {
        case .amplifyConfiguration:
            guard let api = try root.optionalMember("api") else { return nil }
            guard let plugins = try api.optionalMember("plugins") else {
                throw ConfigurationError(path: "api.plugins", problem: .missingKey)
            }
            guard let section = try plugins.optionalMember(pluginKey) else { return nil }
            return try APICategoryConfiguration(pluginNode: section)
        case .amplifyOutputs:
            var endpoints: [APIEndpointConfiguration] = []
            if let data = try root.optionalMember("data") {
                endpoints.append(try APIEndpointConfiguration(gen2Data: data))
            }
            // REST APIs, which Gen 2 leaves to the app's backend to add as custom outputs.
            if let custom = try root.optionalMember("custom"), let apis = try custom.optionalMember("API") {
                for (name, entry) in try apis.members() {
                    endpoints.append(try APIEndpointConfiguration(gen2REST: name, node: entry))
                }
            }
            return endpoints.isEmpty ? nil : APICategoryConfiguration(endpoints: endpoints)
        }
    }

    /// Reads and parses a configuration file.
    package static func load(from url: URL) throws(ConfigurationError) -> SwitchboardConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ConfigurationError(path: url.path, problem: .unreadableFile(reason: error.localizedDescription))
        }
        return try SwitchboardConfiguration(data: data, source: url.lastPathComponent)
    }
}
