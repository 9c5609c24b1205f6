/// Why bytes received on an HTTP connection are not a valid request; each maps to the status
/// the server answers with before closing the connection.
public struct HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The status code to answer with (400, 413, 431, 501 or 505).
    public let status: Int
    /// What is wrong, for the response body and logs.
    public let reason: String
    /// The byte offset in the connection's input where the problem was found.
    public let offset: Int

    /// Creates a parse error.
    public init(status: Int, reason: String, offset: Int) {
        self.status = status
        self.reason = reason
        self.offset = offset
    }

    /// The status, the reason and the byte offset.
    public var description: String { "HTTP \(status): \(reason) (at byte \(offset))" }
}
