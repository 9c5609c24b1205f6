import SwitchboardNet

/// A REST endpoint: a method and a path pattern whose `:name` segments capture parameters.
///
/// ```swift
/// HTTPEndpoint(.GET, "/config/:id", response: .json(["id": "{{params.id}}"]))
/// ```
public struct HTTPEndpoint: MockEndpoint {
    /// The method that must match.
    package let method: HTTPMethod
    /// The path pattern, e.g. `/config/:id`; `*` matches any rest of the path.
    package let path: String
    /// The response sent on a match.
    public let response: MockResponse
    /// Headers the request must carry; a request without them goes on to the next endpoint.
    package let requiredHeaders: RequiredHeaders

    /// Creates an endpoint.
    public init(_ method: HTTPMethod, _ path: String, requiredHeaders: [String: String] = [:], response: MockResponse) {
        self.method = method
        self.path = path
        self.requiredHeaders = RequiredHeaders(requiredHeaders)
        self.response = response
    }

    /// `METHOD /path`.
    public var label: String { "\(method.rawValue) \(path)" }

    /// Matches the method and the path, capturing `:name` segments, then the required headers.
    public func match(_ request: MockRequest) -> MockMatch {
        guard request.http.method == method.rawValue else {
            return .mismatch("method is \(request.http.method), expected \(method.rawValue)")
        }
        guard let parameters = Self.match(pattern: path, path: request.http.path) else {
            return .mismatch("path \(request.http.path) does not match \(path)")
        }
        if let reason = requiredHeaders.mismatch(in: request.http) { return .mismatch(reason) }
        return .matched(MockTemplateContext(request: request, pathParameters: parameters))
    }

    /// The parameters captured by `pattern` from `path`, or `nil` when it does not match.
    static func match(pattern: String, path: String) -> [String: String]? {
        let patternSegments = pattern.split(separator: "/", omittingEmptySubsequences: true)
        let pathSegments = path.split(separator: "/", omittingEmptySubsequences: true)
        var parameters: [String: String] = [:]
        for (index, segment) in patternSegments.enumerated() {
            if segment == "*" { return parameters }
            guard index < pathSegments.count else { return nil }
            if segment.hasPrefix(":") {
                parameters[String(segment.dropFirst())] = String(pathSegments[index])
            } else if segment != pathSegments[index] {
                return nil
            }
        }
        return patternSegments.count == pathSegments.count ? parameters : nil
    }
}
