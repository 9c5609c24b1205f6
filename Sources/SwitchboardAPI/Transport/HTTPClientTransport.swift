import Foundation
import SwitchboardNet

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Switchboard's own HTTP/1.1 client: requests go over the event loop's non-blocking sockets
/// (and TLS, with OpenSSL on Linux and Network.framework on Apple platforms) on kept-alive
/// connections, at most ``maximumConnectionsPerHost`` to one host, one request at a time each.
///
/// ```swift
/// let plugin = try APIPlugin(transport: HTTPClientTransport())
/// ```
///
/// Limits, each named in the error that reports it:
/// - ``connectTimeout`` for opening a connection (TCP and TLS handshake);
/// - ``requestDeadline`` for the whole request, however steadily bytes arrive;
/// - ``maximumResponseBodySize`` for a body, checked as it arrives (a declared length over it
///   fails at once).
///
/// A request sent on a kept-alive connection that the server had closed (it answers with
/// nothing) is sent again, once, on a new connection, as curl does: servers close idle
/// connections at will, and such a request never reached them. Cancelling the calling task
/// closes the request's connection. Responses are read as RFC 9112 frames them: `Content-Length`,
/// chunked (trailers dropped) or up to the close. Not supported yet: proxies, redirects and
/// compressed bodies (no `Accept-Encoding` is sent); use ``URLSessionTransport`` for those.
public struct HTTPClientTransport: HTTPTransport {
    /// How many connections to one host (scheme, host and port) may be open at once; more
    /// concurrent requests wait for one (default 64).
    public let maximumConnectionsPerHost: Int
    /// How long an unused connection is kept for the next request (default 30 s, below the 60 s
    /// or more after which servers and load balancers commonly close them).
    public let idleTimeout: Duration
    /// How long opening a connection may take, TLS handshake included (default 10 s).
    public let connectTimeout: Duration
    /// How long a request may take from sending to the last byte of its response (default 120 s).
    public let requestDeadline: Duration
    /// The largest response body accepted, in bytes (default 64 MiB).
    public let maximumResponseBodySize: Int
    /// How `https` servers are verified.
    public let tls: TLSConfiguration
    private let pool: HTTPConnectionPool

    /// The largest response head (status line and headers) accepted: 64 KiB.
    static let maximumHeadSize = 65_536

    /// Creates a transport with its own connection pool.
    /// - Parameters:
    ///   - maximumConnectionsPerHost: Connections one host may have open at once.
    ///   - idleTimeout: How long an unused connection is kept.
    ///   - connectTimeout: The most opening a connection may take.
    ///   - requestDeadline: The most a whole request may take.
    ///   - maximumResponseBodySize: A larger response body fails the request.
    ///   - tls: Extra CAs to trust and whether to verify host names, for `https`.
    public init(
        maximumConnectionsPerHost: Int = 64, idleTimeout: Duration = .seconds(30),
        connectTimeout: Duration = .seconds(10), requestDeadline: Duration = URLSessionTransport.defaultRequestDeadline,
        maximumResponseBodySize: Int = URLSessionTransport.defaultMaximumResponseBodySize,
        tls: TLSConfiguration = TLSConfiguration()
    ) {
        self.maximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
        self.idleTimeout = idleTimeout
        self.connectTimeout = connectTimeout
        self.requestDeadline = requestDeadline
        self.maximumResponseBodySize = maximumResponseBodySize
        self.tls = tls
        self.pool = HTTPConnectionPool(maximumConnectionsPerOrigin: maximumConnectionsPerHost, idleTimeout: idleTimeout)
    }

    /// Sends the request; cancellation of the calling task cancels it and closes its connection.
    public func send(_ request: URLRequest) async throws -> HTTPTransportResponse {
        let message = try HTTPClientRequest(request)
        return try await withRequestDeadline(
            requestDeadline, setting: "HTTPClientTransport.requestDeadline", target: message.displayURL
        ) { try await exchange(message) }
    }

    private func exchange(_ message: HTTPClientRequest) async throws -> HTTPTransportResponse {
        let grant = try await pool.checkOut(message.origin)
        do {
            return try await exchange(message, grant: grant)
        } catch is StaleConnection {
            // The server had closed that kept-alive connection (probably its older siblings too):
            // once more, on another.
            await pool.closeIdle(message.origin)
            return try await exchange(message, grant: try await pool.checkOut(message.origin), retrying: true)
        }
    }

    private func exchange(
        _ message: HTTPClientRequest, grant: HTTPConnectionPool.Grant, retrying: Bool = false
    ) async throws -> HTTPTransportResponse {
        let stream: any ByteStream
        let isReused: Bool
        switch grant {
        case .reuse(let kept):
            stream = kept
            isReused = true
        case .openNew:
            do {
                stream = try await connect(message)
            } catch {
                await pool.discard(from: message.origin)
                throw error
            }
            isReused = false
        }
        var reader = HTTPResponseReader(stream: stream)
        do {
            try await stream.write(message.wire)
            let response = try await reader.readResponse(
                method: message.method, maximumHeadSize: Self.maximumHeadSize,
                maximumBodySize: maximumResponseBodySize)
            await pool.checkIn(stream, to: message.origin, reusable: response.keepsConnection)
            return HTTPTransportResponse(
                statusCode: response.status, headers: Self.headers(response.headers), body: Data(response.body))
        } catch {
            await stream.close()
            await pool.discard(from: message.origin)
            if isReused && !retrying && reader.bytesRead == 0 && Self.isStale(error) { throw StaleConnection() }
            throw describe(error, message)
        }
    }

    private func connect(_ message: HTTPClientRequest) async throws -> any ByteStream {
        let origin = message.origin
        let stream: (any ByteStream)?
        do {
            stream = try await withTimeLimit(connectTimeout) { [tls] () async throws -> any ByteStream in
                if origin.isSecure {
                    return try await TLSClientStream.connect(
                        host: origin.host, port: origin.port, serverName: origin.host, configuration: tls)
                }
                return try await TCPConnection.connect(host: origin.host, port: origin.port)
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw APIError.networkError("Cannot connect to \(origin): \(error)")
        }
        guard let stream else {
            throw APIError.networkError(
                "Cannot connect to \(origin) within \(connectTimeout) (HTTPClientTransport.connectTimeout).")
        }
        return stream
    }

    /// A failure that shows a kept-alive connection was already closed by the server.
    private struct StaleConnection: Error {}

    private static func isStale(_ error: any Error) -> Bool {
        if let error = error as? HTTPResponseError { return error == .closedBeforeResponse }
        if let error = error as? NetworkError {
            return error.kind == .closed || error.errorNumber == ECONNRESET || error.errorNumber == EPIPE
        }
        return false
    }

    private func describe(_ error: any Error, _ message: HTTPClientRequest) -> any Error {
        switch error {
        case is CancellationError, is APIError: error
        case HTTPResponseError.bodyTooLarge(let limit):
            APIError.networkError(
                "The response from \(message.displayURL) is larger than \(limit) bytes "
                    + "(HTTPClientTransport.maximumResponseBodySize); it was not read to the end.")
        case let error as HTTPResponseError:
            APIError.networkError("Bad response from \(message.displayURL): \(error)")
        default:
            APIError.networkError("The request to \(message.displayURL) failed: \(error)")
        }
    }

    /// Header names lower-cased; repeated fields joined with `, ` (RFC 9110 §5.3).
    private static func headers(_ fields: HTTPHeaders) -> [String: String] {
        var headers: [String: String] = [:]
        for field in fields {
            let name = field.name.lowercased()
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        return headers
    }
}
