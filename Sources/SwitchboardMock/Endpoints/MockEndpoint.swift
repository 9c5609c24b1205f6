import Foundation
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

/// An incoming request as endpoints see it: method, path, headers and body, and its GraphQL
/// parts when it is a GraphQL request (GET parameters, or a JSON or `application/graphql` body).
public struct MockRequest: Sendable {
    /// The request as it arrived.
    package let http: HTTPRequest
    /// The GraphQL parts of the request, or why it is not a GraphQL request.
    package let graphQL: Result<GraphQLPayload, GraphQLPayloadError>
    /// The parsed document of a GraphQL request (parsed once, whatever the number of endpoints
    /// that look at it), or why it is not a GraphQL request.
    package let document: Result<Result<Document, GraphQLSyntaxError>, GraphQLPayloadError>

    /// Reads the GraphQL parts from `http`.
    package init(_ http: HTTPRequest) {
        self.http = http
        self.graphQL = GraphQLPayload.read(from: http)
        self.document = graphQL.map { payload in MockDocumentCache.document(for: payload.query) }
    }

    /// The method, e.g. `POST`.
    public var method: String { http.method }
    /// The path, without the query.
    public var path: String { http.path }
    /// The query parameters; of a repeated name, the first value.
    public var queryParameters: [String: String] {
        Dictionary(http.queryItems.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
    /// The headers, looked up by name case-insensitively (`headers["content-type"]`).
    public var headers: MockRequestHeaders { MockRequestHeaders(fields: http.headers) }
    /// The body.
    public var body: Data { Data(http.body) }
    /// The GraphQL document, for a GraphQL request.
    public var graphQLQuery: String? { try? graphQL.get().query }
    /// The GraphQL operation name the client sent, if any.
    public var operationName: String? { try? graphQL.get().operationName }
    /// The GraphQL variables, for a GraphQL request (empty when it sent none).
    public var variables: [String: JSONValue]? { try? graphQL.get().variables }
}

/// A request's header fields as they arrived, looked up by name without regard to case.
public struct MockRequestHeaders: Sendable {
    package let fields: HTTPHeaders

    /// The value of the first field named `name` (any case), or `nil`.
    public subscript(name: String) -> String? { fields[name] }

    /// Every field, in the order received.
    package var all: [(name: String, value: String)] { fields.fields }
}
