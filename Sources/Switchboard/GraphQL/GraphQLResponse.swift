/// The outcome of a GraphQL operation whose HTTP exchange succeeded: the decoded value, or what the
/// response held instead (see ``GraphQLResponseError``).
public typealias GraphQLResponse<ResponseType: Sendable> = Result<ResponseType, GraphQLResponseError<ResponseType>>

/// A GraphQL response that is not a plain success.
///
/// | Response | Result |
/// |---|---|
/// | `errors` only, or `data` null | `.error(errors)` |
/// | `data` and `errors`, the value at the decode path null | `.error(errors)` |
/// | `data` and `errors`, otherwise | `.partial(decoded, errors)` |
/// | `data` that does not decode | `.transformationError(rawJSON, error)` |
public enum GraphQLResponseError<ResponseType: Sendable>: Error, Sendable {
    /// The server returned only errors.
    case error([GraphQLError])
    /// The server returned data and errors; the data decoded. Nothing is dropped.
    case partial(ResponseType, [GraphQLError])
    /// The data at the decode path could not be decoded into `ResponseType`; the raw JSON text of
    /// that value is kept for inspection.
    case transformationError(String, APIError)
    /// The response broke the GraphQL response format in a way not covered above.
    case unknown(String, String, (any Error)? = nil)

    /// The GraphQL errors, for `.error` and `.partial`.
    public var graphQLErrors: [GraphQLError] {
        switch self {
        case .error(let errors), .partial(_, let errors): errors
        case .transformationError, .unknown: []
        }
    }

    /// A one-paragraph explanation.
    public var errorDescription: String {
        switch self {
        case .error(let errors):
            "GraphQL errors: " + errors.map(\.description).joined(separator: "; ")
        case .partial(_, let errors):
            "Partial data with GraphQL errors: " + errors.map(\.description).joined(separator: "; ")
        case .transformationError(let raw, let error):
            "Failed to decode the response into \(ResponseType.self): \(error). Raw JSON: \(excerpt(raw))"
        case .unknown(let description, let recovery, _):
            recovery.isEmpty ? description : "\(description) \(recovery)"
        }
    }

    private func excerpt(_ text: String) -> String {
        text.utf8.count <= 512 ? text : String(decoding: text.utf8.prefix(512), as: UTF8.self) + "…"
    }
}

extension GraphQLResponseError: CustomStringConvertible {
    /// Same as ``errorDescription``.
    public var description: String { errorDescription }
}
