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

    /// A new empty temporary folder.
    public static func temporaryDirectory(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sb-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
