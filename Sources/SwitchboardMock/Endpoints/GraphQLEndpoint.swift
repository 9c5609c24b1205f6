import GraphQLLanguage

/// A GraphQL endpoint: requests whose document matches the selector, sent with the given method
/// to any path ending in `/graphql` (or `/`).
///
/// ```swift
/// GraphQLEndpoint(.POST, .operations("getTodo"), response: .graphQL(data: ["getTodo": ["id": "1"]]))
/// GraphQLEndpoint(.GET, .operations("getConfig"), response: .ok(body: .json(["featureFlag": true])))
/// ```
public struct GraphQLEndpoint: MockEndpoint {
    /// Which documents the endpoint answers.
    public enum Selector: Sendable {
        /// Every listed name must be the name of an operation in the incoming document (extra
        /// operations are fine).
        case operations([String])
        /// The selector document must be a subset of the incoming one: every operation and fragment
        /// found by name and type (an anonymous selector operation matches any of the same type),
        /// every selected field by name and alias, with the arguments and directives the selector
        /// gives. Order does not matter and extra incoming fields are fine.
        case query(String)

        /// The operations named `names`.
        public static func operations(_ names: String...) -> Selector { .operations(names) }
    }

    /// The method that must match (`GET` or `POST`).
    package let method: HTTPMethod
    /// The document selector.
    package let selector: Selector
    /// The response sent on a match.
    public let response: MockResponse
    /// Headers the request must carry; a request without them goes on to the next endpoint.
    package let requiredHeaders: RequiredHeaders
    private let compiled: CompiledSelector

    /// Creates an endpoint.
    public init(
        _ method: HTTPMethod = .POST, _ selector: Selector, requiredHeaders: [String: String] = [:],
        response: MockResponse
    ) {
        self.method = method
        self.selector = selector
        self.compiled = CompiledSelector(selector)
        self.requiredHeaders = RequiredHeaders(requiredHeaders)
        self.response = response
    }

    /// `GraphQL METHOD operations(a, b)`.
    public var label: String { "GraphQL \(method.rawValue) \(selector.label)" }

    /// Matches the method, reads the GraphQL payload, parses the document and applies the selector,
    /// then checks the required headers (so a mismatch names a header only when the selector matched).
    public func match(_ request: MockRequest) -> MockMatch {
        guard request.http.method == method.rawValue else {
            return .mismatch("method is \(request.http.method), expected \(method.rawValue)")
        }
        switch request.document {
        case .failure(let error): return .mismatch("not a GraphQL request: \(error.reason)")
        case .success(.failure(let error)): return .mismatch("the document does not parse: \(error)")
        case .success(.success(let document)):
            if let reason = compiled.mismatch(in: document) { return .mismatch(reason) }
        }
        if let reason = requiredHeaders.mismatch(in: request.http) { return .mismatch(reason) }
        return .matched(MockTemplateContext(request: request))
    }
}

extension GraphQLEndpoint.Selector {
    /// `operations(a, b)`, for explanations.
    var label: String {
        switch self {
        case .operations(let names): "operations(\(names.joined(separator: ", ")))"
        case .query(let text):
            "query(\(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ").prefix(80)))"
        }
    }
}

/// A selector ready for matching: a query selector's document is parsed once, when the endpoint
/// is made, not on every request.
enum CompiledSelector: Sendable {
    case operations([String])
    case query(Result<Document, GraphQLSyntaxError>)

    init(_ selector: GraphQLEndpoint.Selector) {
        switch selector {
        case .operations(let names): self = .operations(names)
        case .query(let text): self = .query(Result { () throws(GraphQLSyntaxError) in try Parser.parse(text) })
        }
    }

    /// Why `document` does not match, or `nil` when it does.
    func mismatch(in document: Document) -> String? {
        switch self {
        case .operations(let names):
            let present = document.definitions.compactMap { definition -> String? in
                if case .operation(let operation) = definition { return operation.name }
                return nil
            }
            let missing = names.filter { !present.contains($0) }
            guard missing.isEmpty else {
                let has = present.isEmpty ? "no named operations" : present.joined(separator: ", ")
                return
                    "operation \(missing.map { "\"\($0)\"" }.joined(separator: ", ")) not in the request (it has: \(has))"
            }
            return nil
        case .query(.failure(let error)):
            return "the selector query does not parse: \(error)"
        case .query(.success(let selector)):
            return SelectionMatcher.mismatch(selector: selector, incoming: document)
        }
    }
}
