import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one HTTP request and returns the whole response. The default is ``APIPlugin/defaultTransport()``;
/// tests and apps with their own HTTP stack may supply another.
///
/// Implementations must honour task cancellation by throwing `CancellationError`.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response, whatever its status.
    func send(_ request: URLRequest) async throws -> HTTPTransportResponse
}

/// An HTTP response as the pipeline sees it.
public struct HTTPTransportResponse: Sendable {
    /// The status code.
    public var statusCode: Int
    /// The headers, with lower-cased names.
    public var headers: [String: String]
    /// The body (a response interceptor or stage may replace it).
    public var body: Data

    /// Creates a response; header names are lower-cased.
    public init(statusCode: Int, headers: [String: String], body: Data) {
        self.init(
            statusCode: statusCode,
            lowercasedHeaders: Dictionary(
                headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first }),
            body: body)
    }

    /// Creates a response from headers whose names a transport already lower-cased.
    init(statusCode: Int, lowercasedHeaders: [String: String], body: Data) {
        self.statusCode = statusCode
        self.headers = lowercasedHeaders
        self.body = body
    }
}
