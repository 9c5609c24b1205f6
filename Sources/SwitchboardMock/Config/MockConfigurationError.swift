/// A problem in a mock configuration file: the file, the position, the key path and what is wrong.
public struct MockConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file name.
    public var file: String
    /// Where in the file, when known.
    public var mark: SourceMark?
    /// The key path, e.g. `graphQL[0].response.status`.
    public var path: String
    /// What is wrong and how to fix it.
    public var message: String

    /// Creates an error.
    public init(file: String, mark: SourceMark?, path: String, message: String) {
        self.file = file
        self.mark = mark
        self.path = path
        self.message = message
    }

    /// `file:line:column: path: message`.
    public var description: String {
        let position = mark.map { ":\($0.line):\($0.column)" } ?? ""
        return "\(file)\(position): \(path.isEmpty ? "" : "\(path): ")\(message)"
    }
}
