import Foundation

/// A request to a REST API (API Gateway, or any HTTP API) configured with `endpointType: REST`:
/// Amplify's `RESTRequest`, ported by renaming.
///
/// ```swift
/// let request = RESTRequest(apiName: "orders", path: "/orders/42", queryParameters: ["expand": "items"])
/// let body = try await Switchboard.API.get(request: request)
/// ```
///
/// `path` is plain text appended to the API's endpoint: characters that may not appear in a URL
/// path (a space, `%`, `?`, `#`, non-ASCII letters) are percent-encoded, `/` separates segments.
/// Query parameters are encoded as AWS Signature Version 4 encodes them (every byte but
/// `A–Z a–z 0–9 - _ . ~` as `%XX`, botocore's `percent_encode`), in key order.
public struct RESTRequest: Sendable {
    /// The API to send to; `nil` picks the only configured REST API.
    public var apiName: String?
    /// The path after the endpoint's, e.g. `/orders/42`.
    public var path: String?
    /// Headers to send. The API's authorization (`authorization`, `x-api-key`, the SigV4 headers)
    /// wins over a header of the same name.
    public var headers: [String: String]?
    /// The query parameters.
    public var queryParameters: [String: String]?
    /// The body, sent as it is; `content-type` is `application/json` unless `headers` set one.
    public var body: Data?
    /// Overrides the API's authorization type for this request only.
    public var authMode: AuthorizationType?
    /// The most the request may take; `nil` leaves the transport's own deadline (see
    /// ``RequestOptions/timeout``).
    public var timeout: Duration?
    /// A value your stages read as `context.options.context` (see ``RequestOptions/context``).
    public var context: (any RequestContext)?

    /// Creates a request; the parameters are Amplify's.
    public init(
        apiName: String? = nil, path: String? = nil, headers: [String: String]? = nil,
        queryParameters: [String: String]? = nil, body: Data? = nil
    ) {
        self.apiName = apiName
        self.path = path
        self.headers = headers
        self.queryParameters = queryParameters
        self.body = body
    }

    /// The headers, timeout and context as the chain's stages see them.
    package var options: RequestOptions {
        RequestOptions(headers: headers ?? [:], timeout: timeout, context: context)
    }
}

/// The HTTP method of a REST request: Amplify's `RESTOperationType`.
public enum RESTOperationType: String, Sendable, Hashable, CaseIterable {
    /// `GET`.
    case get = "GET"
    /// `PUT`.
    case put = "PUT"
    /// `POST`.
    case post = "POST"
    /// `PATCH`.
    case patch = "PATCH"
    /// `DELETE`.
    case delete = "DELETE"
    /// `HEAD`.
    case head = "HEAD"
}
