import GraphQLLanguage
import Switchboard
import SwitchboardNet

/// One endpoint of a ``MockServer``: decides whether it answers a request, and says why not.
public protocol MockEndpoint: Sendable {
    /// A short label for the unmatched-request explanation, e.g. `GET /config/:id`.
    var label: String { get }
    /// Whether this endpoint answers `request`, with what it extracted (path parameters,
    /// GraphQL variables) or the reason it does not.
    func match(_ request: MockRequest) -> MockMatch
    /// The response to send once matched.
    var response: MockResponse { get }
}

/// The outcome of matching one endpoint against one request.
public enum MockMatch: Sendable, Equatable {
    /// The endpoint answers, with the values templates can use.
    case matched(MockTemplateContext)
    /// The endpoint does not answer, and why (shown in the 404 body).
    case mismatch(String)
}

/// An incoming request as endpoints see it: the HTTP request plus its GraphQL parts, if any.
public struct MockRequest: Sendable {
    /// The raw HTTP request.
    public let http: HTTPRequest
    /// The parsed method, or `nil` for methods the mock does not know.
    public var method: HTTPMethod? { HTTPMethod(rawValue: http.method) }
    /// The GraphQL parts of the request, or why it is not a GraphQL request.
    public let graphQL: Result<GraphQLPayload, GraphQLPayloadError>
    /// The parsed document of a GraphQL request (parsed once, whatever the number of endpoints
    /// that look at it), or why it is not a GraphQL request.
    public let document: Result<Result<Document, GraphQLSyntaxError>, GraphQLPayloadError>

    /// Reads the GraphQL parts from `http` (GET parameters or a JSON / `application/graphql` body).
    public init(_ http: HTTPRequest) {
        self.http = http
        self.graphQL = GraphQLPayload.read(from: http)
        self.document = graphQL.map { payload in MockDocumentCache.document(for: payload.query) }
    }
}
