import Foundation

/// The Swift toolchain that built the tests, for tests that compile or format generated files:
/// its executables (from `PATH`) and the folder of the built modules (found next to the test
/// bundle, so that generated files can import `Switchboard`).
public enum Toolchain {
    /// The executable `name` on `PATH`, or `nil`.
    public static func executable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let url = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// The folder holding `Switchboard.swiftmodule`: `Modules` beside the test bundle (SwiftPM 5.9
    /// and later) or the bundle's folder itself (older layouts); `nil` when neither has it.
    public static var modulesDirectory: URL? {
        var bundleDirectories: [URL] = []
        if let first = CommandLine.arguments.first {
            bundleDirectories.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            bundleDirectories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        bundleDirectories.append(Bundle.main.bundleURL)
        for directory in bundleDirectories {
            // A bundle's executable may sit deeper (`X.xctest/Contents/MacOS`): walk up a few levels.
            var candidate = directory
            for _ in 0..<4 {
                for folder in [candidate.appendingPathComponent("Modules"), candidate] {
                    let module = folder.appendingPathComponent("Switchboard.swiftmodule")
                    if FileManager.default.fileExists(atPath: module.path) { return folder }
                }
                candidate.deleteLastPathComponent()
            }
        }
        return nil
    }

    /// The object files SwiftPM compiled for `targets`, read from each target's
    /// `output-file-map.json` beside the modules folder (not a folder listing, which may hold
    /// objects of deleted sources), so that a test can link a small program against the built
    /// modules; `nil` when a target's map is missing (another build layout).
    public static func objectFiles(ofTargets targets: [String]) -> [String]? {
        guard let modules = modulesDirectory else { return nil }
        let buildDirectory = modules.lastPathComponent == "Modules" ? modules.deletingLastPathComponent() : modules
        var objects: [String] = []
        for target in targets {
            let map = buildDirectory.appendingPathComponent("\(target).build/output-file-map.json")
            guard let data = FileManager.default.contents(atPath: map.path),
                let entries = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            else { return nil }
            for case let entry as [String: Any] in entries.values {
                if let object = entry["object"] as? String { objects.append(object) }
            }
        }
        return objects.sorted()
    }

    /// A new empty temporary folder.
    public static func temporaryDirectory(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sb-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
