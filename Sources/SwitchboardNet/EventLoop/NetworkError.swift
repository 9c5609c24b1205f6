#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure of a socket operation, with the system call and `errno` that caused it.
package struct NetworkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in broad terms.
    package enum Kind: Sendable, Equatable {
        /// A system call failed; ``NetworkError/errorNumber`` holds `errno`.
        case systemCall
        /// The socket was closed (locally, or by the event loop shutting down) while waiting on it.
        case closed
        /// A host name or address could not be resolved or parsed.
        case badAddress
    }

    /// The broad kind of failure.
    package let kind: Kind
    /// The operation that failed (`"bind"`, `"connect"`, `"read"`, …).
    package let operation: String
    /// The `errno` value for ``Kind/systemCall`` failures, 0 otherwise.
    package let errorNumber: Int32
    /// Extra context (the address being bound, …).
    package let detail: String

    /// Creates an error of the given kind.
    package init(_ kind: Kind, operation: String, errorNumber: Int32 = 0, detail: String = "") {
        self.kind = kind
        self.operation = operation
        self.errorNumber = errorNumber
        self.detail = detail
    }

    /// Whether the peer refused the connection (`ECONNREFUSED`): nothing listens at that address.
    package var isConnectionRefused: Bool { kind == .systemCall && errorNumber == ECONNREFUSED }

    /// Whether a write gave up because the peer took nothing for too long (`ETIMEDOUT`).
    package var isTimeout: Bool { kind == .systemCall && errorNumber == ETIMEDOUT }

    /// A write that made no progress for `timeout`.
    static func writeTimedOut(after timeout: Duration) -> NetworkError {
        NetworkError(.systemCall, operation: "write", errorNumber: ETIMEDOUT, detail: "no progress for \(timeout)")
    }

    /// The error for a failed system call, reading `errno` now.
    static func lastSystemError(_ operation: String, detail: String = "") -> NetworkError {
        NetworkError(.systemCall, operation: operation, errorNumber: errno, detail: detail)
    }

    /// `operation` failed, why, and on what.
    package var description: String {
        var text: String
        switch kind {
        case .systemCall: text = "\(operation) failed: \(String(cString: strerror(errorNumber))) (errno \(errorNumber))"
        case .closed: text = "\(operation) failed: the socket is closed"
        case .badAddress: text = "\(operation) failed: bad address"
        }
        if !detail.isEmpty { text += " [\(detail)]" }
        return text
    }
}
