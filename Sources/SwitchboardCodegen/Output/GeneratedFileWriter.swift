import Foundation

/// Writes generated files so that builds stay incremental: a file whose bytes would not change
/// is left alone (its modification time too), so the compiler does not rebuild it.
package enum GeneratedFileWriter {
    /// Writes `text` to `url` (creating its directory) unless the file already holds exactly
    /// these bytes; returns whether it wrote.
    @discardableResult
    package static func write(_ text: String, to url: URL) throws -> Bool {
        let bytes = Data(text.utf8)
        if let existing = FileManager.default.contents(atPath: url.path), existing == bytes { return false }
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: url, options: .atomic)
        return true
    }

    /// Whether the file at `url` starts with the header every generated file has.
    package static func isGenerated(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let marker = Data(GeneratedFileLayout.marker.utf8)
        return (try? handle.read(upToCount: marker.count)) == marker
    }
}
