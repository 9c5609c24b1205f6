import Foundation
import TestSupport

/// The Amplify schemas in `../shared/testdata/amplify-schemas`, read in place.
enum AmplifySchemaFiles {
    /// The folder, or `nil` (after printing why the caller skips) when it is absent.
    static func folder(caller: String = #function) -> URL? {
        SharedTestData.directory("amplify-schemas", caller: caller)
    }

    /// The text of `name` (e.g. `transformer-v2.graphql`), or `nil` when the folder is absent.
    static func text(_ name: String, caller: String = #function) throws -> String? {
        guard let folder = folder(caller: caller) else { return nil }
        return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// Every `.graphql` file of the folder, sorted by name.
    static func all(caller: String = #function) throws -> [(name: String, text: String)]? {
        guard let folder = folder(caller: caller) else { return nil }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".graphql") }.sorted()
        return try names.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// Transformer v1 schemas are named `transformer-v1-*`.
    static func isTransformerV1(_ name: String) -> Bool { name.hasPrefix("transformer-v1-") }
}
