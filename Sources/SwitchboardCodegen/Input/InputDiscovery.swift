import Foundation

/// Finds the operation sources under the paths given to `switchboard codegen operations`.
package enum InputDiscovery {
    /// A source file and the path its generated file is named after.
    package struct Found: Sendable, Equatable {
        /// The file.
        package var url: URL
        /// Its path relative to the directory it was found in (its name for a file given directly).
        package var relativeName: String
    }

    /// `.graphql`, `.gql` and `.swift` files: `path` itself, or every such file below the directory
    /// `path`, in a stable order. Hidden directories, `.build` and `excluded` (the output
    /// directory) are skipped, and so are files that are themselves generated.
    package static func sources(at path: String, excluding excluded: URL) throws -> [Found] {
        let root = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        guard isDirectory.boolValue else { return [Found(url: root, relativeName: root.lastPathComponent)] }
        let excludedPath = excluded.standardizedFileURL.path
        var found: [Found] = []
        var pending = [(root, "")]
        while let (directory, prefix) = pending.popLast() {
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            for name in names where !name.hasPrefix(".") {
                let url = directory.appendingPathComponent(name)
                var childIsDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &childIsDirectory) else { continue }
                if childIsDirectory.boolValue {
                    if url.standardizedFileURL.path != excludedPath { pending.append((url, prefix + name + "/")) }
                } else if isSource(name) && !GeneratedFileWriter.isGenerated(url) {
                    found.append(Found(url: url, relativeName: prefix + name))
                }
            }
        }
        return found.sorted { $0.relativeName < $1.relativeName }
    }

    /// Whether a file name is an operation source.
    package static func isSource(_ name: String) -> Bool {
        name.hasSuffix(".graphql") || name.hasSuffix(".gql") || name.hasSuffix(".swift")
    }
}
