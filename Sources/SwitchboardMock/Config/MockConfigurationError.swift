/// A problem in a mock configuration file: the file, the position, the key path and what is wrong.
public struct MockConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file name.
    public var file: String
    /// The 1-based line in the file, when known.
    public var line: Int?
    /// The 1-based column in the line, when known.
    public var column: Int?
    /// The key path, e.g. `graphQL[0].response.status`.
    public var path: String
    /// What is wrong and how to fix it.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int? = nil, column: Int? = nil, path: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// An error at `mark`.
    init(file: String, mark: SourceMark?, path: String, message: String) {
        self.init(file: file, line: mark?.line, column: mark?.column, path: path, message: message)
    }

    /// `file:line:column: path: message`.
    public var description: String {
        let position = line.map { ":\($0)" + (column.map { ":\($0)" } ?? "") } ?? ""
        return "\(file)\(position): \(path.isEmpty ? "" : "\(path): ")\(message)"
    }
}
