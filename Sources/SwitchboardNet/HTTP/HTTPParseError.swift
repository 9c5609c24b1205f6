/// Why bytes received on an HTTP connection are not a valid request; each maps to the status
/// the server answers with before closing the connection.
package struct HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The status code to answer with (400, 413, 431, 501 or 505).
    package let status: Int
    /// What is wrong, for the response body and logs.
    package let reason: String
    /// The byte offset in the connection's input where the problem was found.
    package let offset: Int

    /// Creates a parse error.
    package init(status: Int, reason: String, offset: Int) {
        self.status = status
        self.reason = reason
        self.offset = offset
    }

    /// The status, the reason and the byte offset.
    package var description: String { "HTTP \(status): \(reason) (at byte \(offset))" }
}
