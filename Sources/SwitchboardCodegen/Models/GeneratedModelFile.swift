/// One Swift file written by ``ModelCodeGenerator``: its file name (`Post.swift`, `Post+Schema.swift`)
/// and its complete text, which ends with a newline.
public struct GeneratedModelFile: Sendable, Hashable {
    /// The file name, without a directory.
    public var name: String
    /// The Swift source.
    public var contents: String

    /// Creates a file.
    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}
