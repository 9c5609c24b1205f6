import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: `URLSession`, with enough connections per host for concurrent operations
/// to overlap instead of queueing behind the platform default of a handful.
///
/// Every request has an overall deadline (`requestDeadline`), however steadily bytes arrive,
/// and a response body may be at most `maximumResponseBodySize` bytes. With the transport's own
/// session (``init(maximumConnectionsPerHost:timeout:maximumResponseBodySize:requestDeadline:)``)
/// a body is cut off as soon as it passes the limit; with a session you supply, `URLSession`
/// reads the whole body first and the limit is checked after.
public struct URLSessionTransport: HTTPTransport {
    /// The session requests go through.
    package let session: URLSession
    /// The largest response body accepted, in bytes (default 64 MiB).
    package let maximumResponseBodySize: Int
    /// How long a request may take from sending to the last byte of its response (default 120 s).
    package let requestDeadline: Duration
    /// Set when the transport made the session: it then collects bodies itself.
    private let collector: URLSessionResponseCollector?

    /// The default `maximumResponseBodySize`: 64 MiB.
    package static let defaultMaximumResponseBodySize = 64 << 20
    /// The default `requestDeadline`: 120 seconds.
    package static let defaultRequestDeadline = Duration.seconds(120)

    /// Uses `session`, whose delegate (if any) stays in charge of it.
    public init(
        session: URLSession, maximumResponseBodySize: Int = 64 << 20,
        requestDeadline: Duration = .seconds(120)
    ) {
        self.session = session
        self.maximumResponseBodySize = maximumResponseBodySize
        self.requestDeadline = requestDeadline
        self.collector = nil
    }

    /// Uses a new ephemeral session allowing `maximumConnectionsPerHost` parallel connections.
    /// - Parameters:
    ///   - maximumConnectionsPerHost: How many connections to one host may be open at once.
    ///   - timeout: How long the session waits for the next bytes (connecting included) before it
    ///     gives up; restarts whenever bytes arrive.
    ///   - maximumResponseBodySize: A larger response body is cut off and the request fails.
    ///   - requestDeadline: The most a whole request may take.
    public init(
        maximumConnectionsPerHost: Int = 128, timeout: TimeInterval = 60,
        maximumResponseBodySize: Int = 64 << 20,
        requestDeadline: Duration = .seconds(120)
    ) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let collector = URLSessionResponseCollector(maximumBodySize: maximumResponseBodySize)
        self.session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        self.maximumResponseBodySize = maximumResponseBodySize
        self.requestDeadline = requestDeadline
        self.collector = collector
    }

    /// Sends the request; cancellation of the calling task cancels the HTTP request.
    public func send(_ request: URLRequest) async throws -> HTTPTransportResponse {
        try await withRequestDeadline(
            requestDeadline, setting: "URLSessionTransport(requestDeadline:)", target: Self.describe(request.url)
        ) { try await exchange(request) }
    }

    private func exchange(_ request: URLRequest) async throws -> HTTPTransportResponse {
        if let collector {
            return try await collector.response(to: request, in: session)
        }
        let (body, response) = try await PendingDataTask.run {
            (pending, continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
            pending.start(
                session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: Self.notHTTP(request.url))
                    }
                })
        }
        guard let http = response as? HTTPURLResponse else { throw Self.notHTTP(request.url) }
        guard body.count <= maximumResponseBodySize else {
            throw Self.bodyTooLarge(request.url, limit: maximumResponseBodySize)
        }
        return Self.transportResponse(http, body: body)
    }

    static func transportResponse(_ http: HTTPURLResponse, body: Data) -> HTTPTransportResponse {
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return HTTPTransportResponse(statusCode: http.statusCode, headers: headers, body: body)
    }

    static func bodyTooLarge(_ url: URL?, limit: Int) -> APIError {
        .networkError(
            "The response from \(describe(url)) is larger than \(limit) bytes "
                + "(URLSessionTransport(maximumResponseBodySize:)); it was not read to the end.")
    }

    static func notHTTP(_ url: URL?) -> APIError {
        .networkError("The response to \(describe(url)) is not HTTP.")
    }

    /// The URL without its query (AppSync real-time URLs carry credentials there).
    private static func describe(_ url: URL?) -> String {
        guard let url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "the request"
        }
        components.query = nil
        return components.string ?? "the request"
    }
}
