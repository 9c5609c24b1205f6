import Foundation

/// Locates the public test vectors in `../shared/testdata` (next to the repository), which are
/// read in place and never copied into the repository.
///
/// The folder is found from `SWITCHBOARD_SHARED_TESTDATA` when set, else relative to this source
/// file. Tests that need it call ``SharedTestData/directory(_:)`` and skip, printing the reason,
/// when it is absent (for example on a clean clone without `../shared`).
public enum SharedTestData {
    /// The repository root, derived from this file's location at compile time.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The shared test-data root, if it exists on this machine.
    public static var root: URL? {
        let candidates: [URL] = [
            ProcessInfo.processInfo.environment["SWITCHBOARD_SHARED_TESTDATA"].map { URL(fileURLWithPath: $0) },
            repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/testdata"),
        ].compactMap { $0 }
        return candidates.first { isDirectory($0) }
    }

    /// The named sub-folder of the shared test data (e.g. `"graphql"`), or `nil` after printing
    /// why the caller's test is skipped.
    public static func directory(_ name: String, caller: String = #function) -> URL? {
        guard let root, case let folder = root.appendingPathComponent(name), isDirectory(folder) else {
            print("skipping \(caller): ../shared/testdata/\(name) is not present on this machine")
            return nil
        }
        return folder
    }

    /// Whether the named sub-folder of the shared test data exists (for ``Testing/Trait/requiresSharedTestData(_:)``).
    public static func isPresent(_ name: String) -> Bool {
        guard let root else { return false }
        return isDirectory(root.appendingPathComponent(name))
    }

    /// A folder under the repository's own committed fixtures (`Tests/Fixtures/<name>`).
    public static func fixture(_ relativePath: String) -> URL {
        repositoryRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(relativePath)
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
