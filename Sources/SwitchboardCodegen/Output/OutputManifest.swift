import Foundation

/// The list of files `switchboard codegen operations` wrote into an output directory, kept in the
/// directory as `.switchboard-codegen-manifest`, so the next run removes the ones it no longer
/// writes — and only those: a file is removed only when the manifest lists it and it still starts
/// with the generated header.
package struct OutputManifest {
    /// The manifest's file name in the output directory.
    package static let fileName = ".switchboard-codegen-manifest"

    /// The output directory.
    package let directory: URL

    /// A manifest for `directory`.
    package init(directory: URL) {
        self.directory = directory
    }

    /// The file names the previous run wrote (none when there is no manifest).
    package func previousFiles() -> [String] {
        guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter(Self.isPlainName)
    }

    /// Removes the files of the previous run that are not in `current`; returns their names.
    package func removeStale(keeping current: Set<String>) throws -> [String] {
        var removed: [String] = []
        for name in previousFiles() where !current.contains(name) {
            let file = directory.appendingPathComponent(name)
            guard GeneratedFileWriter.isGenerated(file) else { continue }
            try FileManager.default.removeItem(at: file)
            removed.append(name)
        }
        return removed
    }

    /// Records `names` as this run's files.
    package func record(_ names: Set<String>) throws {
        try GeneratedFileWriter.write(names.sorted().map { $0 + "\n" }.joined(), to: url)
    }

    private var url: URL { directory.appendingPathComponent(Self.fileName) }

    /// A manifest entry names a file directly in the directory, never a path elsewhere.
    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.contains("\\") && name != "." && name != ".."
    }
}
