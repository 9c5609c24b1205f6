/// One Swift file written by ``ModelCodeGenerator``: its file name (`Post.swift`, `Post+Schema.swift`)
/// and its complete text, which ends with a newline.
package struct GeneratedModelFile: Sendable, Hashable {
    /// The file name, without a directory.
    package var name: String
    /// The Swift source.
    package var contents: String

    /// Creates a file.
    package init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}
