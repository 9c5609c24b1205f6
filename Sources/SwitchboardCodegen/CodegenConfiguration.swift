import Foundation

/// The choices of a generation run, read from `switchboard-codegen.json` (or `--config`):
///
/// ```json
/// {
///   "schema": "schema.graphqls",
///   "namespace": "StarWarsAPI",
///   "scalars": { "DateTime": "Date" },
///   "imports": ["Foundation"]
/// }
/// ```
package struct CodegenConfiguration: Sendable, Equatable {
    /// The schema file, relative to the configuration file (the build plugin reads it; the CLI
    /// takes `--schema`).
    package var schema: String?
    /// An enum that every generated type is nested in, so that two APIs' types never collide.
    package var namespace: String?
    /// Swift types for custom scalars, over the built-in table (`ID` and AWS scalars).
    package var scalars: [String: String]
    /// Modules the generated files import besides `Switchboard` (those declaring mapped scalars).
    package var imports: [String]
    /// The form of the Swift models generated from an `@model` schema (`"classic"`, the default,
    /// or `"lazyLoad"`).
    package var modelForm: ModelCodegenOptions.Form = .classic

    /// Creates a configuration; by default nothing is set.
    package init(
        schema: String? = nil, namespace: String? = nil, scalars: [String: String] = [:], imports: [String] = []
    ) {
        self.schema = schema
        self.namespace = namespace
        self.scalars = scalars
        self.imports = imports
    }

    private static let keys = ["schema", "namespace", "scalars", "imports", "models"]

    /// Reads a configuration file's JSON; problems name the file and the key.
    package init(json data: Data, path: String) throws(CodegenFailure) {
        func failure(_ message: String) -> CodegenFailure {
            CodegenFailure([CodegenDiagnostic(path: path, message: message)])
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw failure("the configuration is not JSON: \(error.localizedDescription)")
        }
        guard let members = object as? [String: Any] else {
            throw failure("the configuration must be a JSON object with the keys \(Self.keys.joined(separator: ", "))")
        }
        for key in members.keys.sorted() where !Self.keys.contains(key) {
            throw failure("unknown key \"\(key)\"; the keys are \(Self.keys.joined(separator: ", "))")
        }
        self.init()
        if let value = members["schema"] {
            guard let text = value as? String, !text.isEmpty else { throw failure("\"schema\" must be a file path") }
            schema = text
        }
        if let value = members["namespace"] {
            guard let text = value as? String, Self.isIdentifier(text) else {
                throw failure("\"namespace\" must be a Swift type name such as \"StarWarsAPI\"")
            }
            namespace = text
        }
        if let value = members["scalars"] {
            guard let table = value as? [String: Any] else {
                throw failure("\"scalars\" must map GraphQL scalar names to Swift type names")
            }
            for (name, swiftType) in table {
                guard let text = swiftType as? String, !text.isEmpty else {
                    throw failure("\"scalars\".\"\(name)\" must be a Swift type name")
                }
                scalars[name] = text
            }
        }
        if let value = members["imports"] {
            guard let modules = value as? [String], modules.allSatisfy(Self.isModuleName) else {
                throw failure("\"imports\" must be a list of module names")
            }
            imports = modules
        }
        if let value = members["models"] {
            switch value as? String {
            case "classic": modelForm = .classic
            case "lazyLoad": modelForm = .lazyLoad
            default: throw failure("\"models\" must be \"classic\" or \"lazyLoad\" (the form of the generated models)")
            }
        }
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    private static func isModuleName(_ text: String) -> Bool {
        text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { isIdentifier(String($0)) }
    }
}
