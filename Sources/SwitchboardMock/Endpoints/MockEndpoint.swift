import GraphQLLanguage
import Switchboard
import SwitchboardNet

/// An HTTP method a mock endpoint answers.
public enum HTTPMethod: String, Sendable, CaseIterable {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // Spelled as on the wire and in mock configuration files.
    case GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS
}

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
        self.document = graphQL.map { payload in
            Result { () throws(GraphQLSyntaxError) in try Parser.parse(payload.query) }
        }
    }
}

/// Request headers an endpoint requires: each name must be present with the given value, or
/// with any value when the value is `*`.
public struct RequiredHeaders: Sendable, ExpressibleByDictionaryLiteral {
    /// Name → required value (`*` for any).
    public var values: [String: String]

    /// Creates the requirement from a literal such as `["x-api-key": "*"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        values = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    /// Creates the requirement from a dictionary.
    public init(_ values: [String: String]) { self.values = values }

    /// Why `request` does not satisfy the requirement, or `nil` when it does.
    func mismatch(in request: HTTPRequest) -> String? { mismatch(in: request.headers) }

    /// Why `headers` do not satisfy the requirement, or `nil` when they do.
    func mismatch(in headers: HTTPHeaders) -> String? {
        for (name, expected) in values.sorted(by: { $0.key < $1.key }) {
            guard let actual = headers[name] else { return "header \(name) is missing" }
            if expected != "*" && actual != expected {
                return "header \(name) is \"\(actual)\", expected \"\(expected)\""
            }
        }
        return nil
    }
}
