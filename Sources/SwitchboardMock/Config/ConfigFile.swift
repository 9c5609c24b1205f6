import Foundation

/// One configuration file being read: the name errors give it, the directory its relative paths
/// resolve against, and the chain of includes that led to it.
struct ConfigFile {
    /// One link of an include chain: the file holding an include item, and the item's position.
    struct Inclusion {
        let file: String
        let identity: String
        let mark: SourceMark
    }

    /// Why a file's text cannot be had.
    struct ReadProblem: Error {
        let message: String
    }

    /// Included files nest at most this deep.
    static let maximumIncludeDepth = 32

    /// The name used in errors: the root file's name as given, included files relative to its directory.
    let name: String
    /// Relative `file:` bodies and includes resolve against this directory.
    let directory: URL
    /// The resolved absolute path, which identifies the file in cycle checks.
    let identity: String
    /// The directory included files are named relative to.
    let rootDirectory: URL
    /// The include items that led here, outermost first (empty for the root file).
    let includers: [Inclusion]

    /// The root file `name`, whose relative paths resolve against `directory`.
    init(root name: String, directory: URL) {
        self.name = name
        self.directory = directory
        self.identity = Self.identity(of: directory.appendingPathComponent(name))
        self.rootDirectory = directory
        self.includers = []
    }

    private init(name: String, url: URL, rootDirectory: URL, includers: [Inclusion]) {
        self.name = name
        self.directory = url.deletingLastPathComponent()
        self.identity = Self.identity(of: url)
        self.rootDirectory = rootDirectory
        self.includers = includers
    }

    /// The file that the include item `node` (a path relative to this file) names, and its text;
    /// a cycle, a missing or unreadable file, or too deep a nesting is an error at `node`.
    func include(_ node: ConfigNode) throws(MockConfigurationError) -> (file: ConfigFile, text: String) {
        let path = try node.string()
        guard !path.isEmpty else { throw node.error("expected an endpoint mapping or the path of a file to include") }
        let url = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path))
            .standardizedFileURL
        let child = ConfigFile(
            name: displayName(of: url), url: url, rootDirectory: rootDirectory,
            includers: includers + [Inclusion(file: name, identity: identity, mark: node.node.mark)])
        let chain = (includers.map(\.file) + [name, child.name]).joined(separator: " → ")
        if child.identity == identity || includers.contains(where: { $0.identity == child.identity }) {
            throw node.error("include cycle: \(chain)")
        }
        guard includers.count < Self.maximumIncludeDepth else {
            throw node.error("includes nest deeper than \(Self.maximumIncludeDepth) files: \(chain)")
        }
        switch Self.readText(at: url) {
        case .success(let text): return (child, text)
        case .failure(let problem):
            throw node.error("the included file \"\(path)\" \(problem.message) (\(url.path)); include chain: \(chain)")
        }
    }

    /// ` (included from b.yaml:2:3 ← a.yaml:5:3)`, added to errors found in an included file.
    var inclusionNote: String {
        guard !includers.isEmpty else { return "" }
        return " (included from \(includers.reversed().map { "\($0.file):\($0.mark)" }.joined(separator: " ← ")))"
    }

    /// The text of the file at `url`, or why it cannot be read.
    static func readText(at url: URL) -> Result<String, ReadProblem> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            return .failure(ReadProblem(message: "does not exist"))
        }
        guard !isDirectory.boolValue else { return .failure(ReadProblem(message: "is a directory, not a file")) }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return .failure(ReadProblem(message: "cannot be read"))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(ReadProblem(message: "is not UTF-8 text"))
        }
        return .success(text)
    }

    private static func identity(of url: URL) -> String {
        url.standardizedFileURL.resolvingSymlinksInPath().path
    }

    private func displayName(of url: URL) -> String {
        let root = rootDirectory.standardizedFileURL.path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return url.path.hasPrefix(prefix) ? String(url.path.dropFirst(prefix.count)) : url.path
    }
}
