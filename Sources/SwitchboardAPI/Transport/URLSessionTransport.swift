import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: `URLSession`, with enough connections per host for concurrent operations
/// to overlap instead of queueing behind the platform default of a handful.
public struct URLSessionTransport: HTTPTransport {
    /// The session requests go through.
    public let session: URLSession

    /// Uses `session`.
    public init(session: URLSession) {
        self.session = session
    }

    /// Uses a new ephemeral session allowing `maximumConnectionsPerHost` parallel connections.
    public init(maximumConnectionsPerHost: Int = 128, timeout: TimeInterval = 60) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        self.session = URLSession(configuration: configuration)
    }

    /// Sends the request; cancellation of the calling task cancels the HTTP request.
    public func send(_ request: URLRequest) async throws -> HTTPTransportResponse {
        let (body, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw APIError.networkError("The response to \(request.url?.absoluteString ?? "the request") is not HTTP.")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return HTTPTransportResponse(statusCode: http.statusCode, headers: headers, body: body)
    }
}
