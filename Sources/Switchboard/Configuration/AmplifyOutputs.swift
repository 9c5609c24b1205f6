import Foundation

/// Where a Gen 2 `amplify_outputs.json` comes from, for ``Switchboard/configure(with:)-(AmplifyOutputs)``:
/// Amplify Gen 2's `configure(with: .amplifyOutputs)`, ported by renaming.
///
/// ```swift
/// try Switchboard.add(plugin: APIPlugin())
/// try Switchboard.configure(with: .amplifyOutputs)        // amplify_outputs.json
/// try Switchboard.configure(with: .resource(named: "staging_outputs.json"))
/// try Switchboard.configure(with: .data(outputsJSON))
/// ```
public struct AmplifyOutputs: Sendable {
    let load: @Sendable () throws(ConfigurationError) -> SwitchboardConfiguration

    /// `amplify_outputs.json` from the main bundle's resources, else the working directory.
    public static let amplifyOutputs = resource(named: "amplify_outputs.json")

    /// The named file from the main bundle's resources, else the working directory (or an
    /// absolute path).
    public static func resource(named name: String) -> AmplifyOutputs {
        AmplifyOutputs { () throws(ConfigurationError) in
            try SwitchboardConfiguration.load(from: ConfigurationFileLocator.locate(names: [name]))
        }
    }

    /// The outputs JSON itself.
    public static func data(_ data: Data) -> AmplifyOutputs {
        AmplifyOutputs { () throws(ConfigurationError) in
            try SwitchboardConfiguration(data: data, source: "amplify_outputs.json")
        }
    }
}
