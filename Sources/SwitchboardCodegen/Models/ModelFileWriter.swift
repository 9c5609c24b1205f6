import Foundation

/// Writes generated model files into a directory: a file whose bytes are unchanged is left alone,
/// files this generator wrote before and no longer writes are removed (they are recognised by their
/// header), and nothing else in the directory is touched — a file of the same name that the
/// generator did not write is an error, before anything is written.
package enum ModelFileWriter {
    /// What one write did, by file name.
    package struct Summary: Sendable, Hashable {
        /// Files created or rewritten.
        package var written: [String] = []
        /// Files whose contents were already the generated ones.
        package var unchanged: [String] = []
        /// Generated files of an earlier run that the schema no longer produces.
        package var removed: [String] = []
    }

    /// Writes `files` into `directory` (created when missing) and removes stale generated files.
    package static func write(_ files: [GeneratedModelFile], to directory: URL) throws(ModelFileWriteError)
        -> Summary
    {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw ModelFileWriteError(path: directory.path, reason: "it exists and is not a directory")
            }
        } else {
            do {
                try manager.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw ModelFileWriteError(
                    path: directory.path, reason: "cannot create it: \(error.localizedDescription)")
            }
        }
        var existing: [String: Data] = [:]
        for file in files {
            let url = directory.appendingPathComponent(file.name)
            guard let data = manager.contents(atPath: url.path) else { continue }
            guard isGenerated(data) else {
                throw ModelFileWriteError(
                    path: url.path,
                    reason:
                        "it exists and was not written by switchboard codegen models; move it or choose another output directory"
                )
            }
            existing[file.name] = data
        }
        var summary = Summary()
        for file in files {
            let url = directory.appendingPathComponent(file.name)
            let data = Data(file.contents.utf8)
            if existing[file.name] == data {
                summary.unchanged.append(file.name)
                continue
            }
            do {
                try data.write(to: url, options: .atomic)
            } catch {
                throw ModelFileWriteError(path: url.path, reason: "cannot write it: \(error.localizedDescription)")
            }
            summary.written.append(file.name)
        }
        let names = Set(files.map(\.name))
        for name in try staleCandidates(in: directory).sorted() where !names.contains(name) {
            let url = directory.appendingPathComponent(name)
            guard let data = manager.contents(atPath: url.path), isGenerated(data) else { continue }
            do {
                try manager.removeItem(at: url)
            } catch {
                throw ModelFileWriteError(path: url.path, reason: "cannot remove it: \(error.localizedDescription)")
            }
            summary.removed.append(name)
        }
        return summary
    }

    /// The `.swift` files directly in `directory`.
    private static func staleCandidates(in directory: URL) throws(ModelFileWriteError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
        } catch {
            throw ModelFileWriteError(path: directory.path, reason: "cannot list it: \(error.localizedDescription)")
        }
    }

    /// Whether `data` starts with the generated-file header.
    static func isGenerated(_ data: Data) -> Bool {
        GeneratedFileHeader.isGenerated(
            Substring(decoding: data.prefix(GeneratedFileHeader.marker.utf8.count), as: UTF8.self))
    }
}

/// A generated file could not be written, or the output directory holds a file the generator must
/// not replace.
package struct ModelFileWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file or directory concerned.
    package var path: String
    /// What went wrong.
    package var reason: String

    /// Creates an error.
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    package var description: String { "\(path): \(reason)" }
}
