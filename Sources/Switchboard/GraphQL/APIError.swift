/// An error thrown by an API operation: configuration, network, HTTP status or an unusable response.
///
/// Every case carries a description of what happened and a recovery suggestion; none of them ever
/// contains an API key, token or secret.
public enum APIError: Error, Sendable {
    /// Something unexpected, such as a response with neither `data` nor `errors`.
    case unknown(String, String, (any Error)? = nil)
    /// The configuration does not allow the operation (unknown API, missing API key or region,
    /// missing token provider, …).
    case invalidConfiguration(String, String, (any Error)? = nil)
    /// The endpoint URL cannot be used.
    case invalidURL(String, String, (any Error)? = nil)
    /// The operation could not be performed (variables not encodable, response body not JSON, an
    /// interceptor or token provider failed, …).
    case operationError(String, String, (any Error)? = nil)
    /// The request could not reach the server or the connection failed.
    case networkError(String, (any Error)? = nil)
    /// The server answered with a non-2xx status; the details keep headers and a body excerpt.
    case httpStatusError(Int, HTTPStatusDetails)
    /// A plugin-specific error.
    case pluginError(any Error)

    /// Whether the server refused the credentials (HTTP 401 or 403, or an AppSync
    /// `UnauthorizedException`).
    public var isUnauthorized: Bool {
        switch self {
        case .httpStatusError(let status, _): status == 401 || status == 403
        case .operationError(_, _, let underlying), .unknown(_, _, let underlying):
            (underlying as? GraphQLError)?.extensions?["errorType"]?.stringValue?.contains("Unauthorized") ?? false
        default: false
        }
    }

    /// What happened.
    public var errorDescription: String {
        switch self {
        case .unknown(let description, _, _), .invalidConfiguration(let description, _, _),
            .invalidURL(let description, _, _), .operationError(let description, _, _),
            .networkError(let description, _):
            description
        case .httpStatusError(let status, let details): details.summary(status: status)
        case .pluginError(let error): "Plugin error: \(error)"
        }
    }

    /// What to do about it.
    public var recoverySuggestion: String {
        switch self {
        case .unknown(_, let recovery, _), .invalidConfiguration(_, let recovery, _),
            .invalidURL(_, let recovery, _), .operationError(_, let recovery, _):
            recovery
        case .networkError: "Check that the endpoint is reachable and retry."
        case .httpStatusError(let status, _):
            status == 401 || status == 403
                ? "Check the authorization type and credentials of the API."
                : "See the response body excerpt for the server's explanation."
        case .pluginError: "See the underlying error."
        }
    }

    /// The underlying error, when there is one.
    public var underlyingError: (any Error)? {
        switch self {
        case .unknown(_, _, let error), .invalidConfiguration(_, _, let error), .invalidURL(_, _, let error),
            .operationError(_, _, let error), .networkError(_, let error):
            error
        case .pluginError(let error): error
        case .httpStatusError: nil
        }
    }
}

extension APIError: CustomStringConvertible {
    /// The description followed by the recovery suggestion.
    public var description: String {
        let recovery = recoverySuggestion
        return recovery.isEmpty ? errorDescription : "\(errorDescription) \(recovery)"
    }
}

/// What Switchboard keeps of a non-2xx HTTP response (Amplify drops the body; this keeps it).
public struct HTTPStatusDetails: Sendable, Hashable {
    /// The most body text kept, in bytes.
    package static let maximumExcerptBytes = 4096

    /// The request URL.
    public let url: String
    /// The response headers (lower-cased names).
    public let headers: [String: String]
    /// The first 4 KiB of the body, decoded as UTF-8 with replacement.
    public let bodyExcerpt: String
    /// Whether the body was longer than the excerpt.
    public let bodyTruncated: Bool
    /// The GraphQL errors in the body, when it was a GraphQL response (as servers that follow the
    /// GraphQL-over-HTTP spec send with 4xx statuses).
    public let graphQLErrors: [GraphQLError]?

    /// Creates details from a response body.
    package init(
        url: String, headers: [String: String], body: some Collection<UInt8>, graphQLErrors: [GraphQLError]? = nil
    ) {
        self.url = url
        self.headers = headers
        self.bodyExcerpt = String(decoding: body.prefix(Self.maximumExcerptBytes), as: UTF8.self)
        self.bodyTruncated = body.count > Self.maximumExcerptBytes
        self.graphQLErrors = graphQLErrors
    }

    func summary(status: Int) -> String {
        var text = "HTTP status \(status) from \(url)"
        if let contentType = headers["content-type"] { text += " (\(contentType))" }
        if let graphQLErrors, !graphQLErrors.isEmpty {
            text += "; GraphQL errors: " + graphQLErrors.map(\.description).joined(separator: "; ")
        }
        if !bodyExcerpt.isEmpty {
            let oneLine = bodyExcerpt.prefix(300).replacingNewlines()
            text += "; body: \(oneLine)\(bodyExcerpt.count > 300 || bodyTruncated ? "…" : "")"
        }
        return text
    }
}

/// A response body that is not a GraphQL response: not JSON, not UTF-8, empty, truncated, or a JSON
/// document without `data` and `errors`. Carried as the underlying error of an ``APIError``.
public struct InvalidResponseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the body.
    public let reason: String
    /// The byte offset of the problem in the body, when known.
    public let byteOffset: Int?
    /// The HTTP status of the response.
    public let status: Int
    /// The first bytes of the body (see `HTTPStatusDetails.maximumExcerptBytes` (4 KiB)).
    public let bodyExcerpt: String
    /// The body's total size in bytes.
    public let bodySize: Int

    /// Creates the error from the body it describes.
    package init(reason: String, byteOffset: Int?, status: Int, body: some Collection<UInt8>) {
        self.reason = reason
        self.byteOffset = byteOffset
        self.status = status
        self.bodyExcerpt = String(decoding: body.prefix(HTTPStatusDetails.maximumExcerptBytes), as: UTF8.self)
        self.bodySize = body.count
    }

    /// The reason, offset, size and a one-line excerpt.
    public var description: String {
        var text = reason
        if let byteOffset { text += " at byte \(byteOffset)" }
        text += " (HTTP \(status), \(bodySize) bytes)"
        if !bodyExcerpt.isEmpty { text += ": " + bodyExcerpt.prefix(200).replacingNewlines() }
        return text
    }
}

extension StringProtocol {
    func replacingNewlines() -> String {
        String(map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
