/// Why a request could not be signed.
package enum SigV4Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL has no host, so no `Host` header can be signed.
    case invalidURL(String)
    /// The request has no `Host` header; SigV4 always signs it.
    case missingHostHeader
    /// A presigned URL's lifetime must be 1 second to 7 days.
    case invalidExpiration(Int)
    /// The region or service is empty.
    case emptyScope(field: String)

    /// What went wrong and what to do.
    package var description: String {
        switch self {
        case .invalidURL(let url):
            "Cannot sign a request to \"\(url)\": the URL has no host."
        case .missingHostHeader:
            "Cannot sign a request without a Host header: add one, or create the request from a URL."
        case .invalidExpiration(let seconds):
            "A presigned URL must expire in 1 to 604800 seconds (7 days), not \(seconds)."
        case .emptyScope(let field):
            "Cannot sign with an empty \(field)."
        }
    }
}
