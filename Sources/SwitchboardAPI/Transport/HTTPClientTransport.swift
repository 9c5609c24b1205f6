import Foundation
import SwitchboardNet

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Switchboard's own HTTP/1.1 client: requests go over the event loop's non-blocking sockets
/// (and TLS, with OpenSSL on Linux and Network.framework on Apple platforms) on kept-alive
/// connections, at most `maximumConnectionsPerHost` to one host, one request at a time each.
///
/// ```swift
/// let plugin = try APIPlugin(transport: HTTPClientTransport())
/// ```
///
/// Limits, each named in the error that reports it:
/// - `connectTimeout` for opening a connection (TCP and TLS handshake);
/// - `requestDeadline` for the whole request, however steadily bytes arrive;
/// - `maximumResponseBodySize` for a body, checked as it arrives (a declared length over it
///   fails at once).
///
/// A request sent on a kept-alive connection that the server had closed (it answers with
/// nothing) is sent again, once, on a new connection, as curl does: servers close idle
/// connections at will, and such a request never reached them. Cancelling the calling task
/// closes the request's connection. Responses are read as RFC 9112 frames them: `Content-Length`,
/// chunked (trailers dropped) or up to the close.
///
/// Like `URLSession`, it also:
/// - asks for compressed bodies (`Accept-Encoding: gzip, deflate`, unless the request sets its
///   own) and decodes `gzip` and `deflate` with the system zlib; the decoded body is what
///   `maximumResponseBodySize` limits, and `Content-Encoding` and `Content-Length` are removed
///   from the response's headers, since they describe the bytes on the wire;
/// - follows up to `maximumRedirects` redirects (301, 302, 303, 307, 308) of `GET` and `HEAD`
///   requests, within the one `requestDeadline`. A redirect to another origin drops the
///   credentials (`Authorization`, `Cookie`, `x-api-key`, `X-Amz-Security-Token`), and one
///   from `https` to `http` is refused. Other methods get the redirect response itself: a
///   GraphQL `POST` is not silently repeated elsewhere;
/// - goes through the proxies of `proxies`, by default the environment's `http_proxy`,
///   `https_proxy` and `no_proxy` (see ``HTTPProxySettings``); `https` goes through a `CONNECT`
///   tunnel (with OpenSSL, so on Linux).
public struct HTTPClientTransport: HTTPTransport {
    /// How many connections to one host (scheme, host and port) may be open at once; more
    /// concurrent requests wait for one (default 64).
    package let maximumConnectionsPerHost: Int
    /// How many requests to one host may wait for a connection when all of its connections are
    /// busy (default 10,000); more fail at once rather than queue without bound.
    package let maximumWaitingRequestsPerHost: Int
    /// How long an unused connection is kept for the next request (default 30 s, below the 60 s
    /// or more after which servers and load balancers commonly close them).
    package let idleTimeout: Duration
    /// How long opening a connection may take, TLS handshake included (default 10 s).
    package let connectTimeout: Duration
    /// How long a request may take from sending to the last byte of its response (default 120 s).
    package let requestDeadline: Duration
    /// The largest response body accepted, in bytes (default 64 MiB).
    package let maximumResponseBodySize: Int
    /// How many redirects of a `GET` or `HEAD` request are followed (default 10; 0 returns the
    /// redirect response itself).
    package let maximumRedirects: Int
    /// The proxies requests go through.
    package let proxies: HTTPProxySettings
    /// How `https` servers are verified.
    package let tls: TLSConfiguration
    private let pool: HTTPConnectionPool

    /// Requests waiting for a connection now (for tests and diagnostics).
    package var waitingRequestCount: Int {
        get async { await pool.waiterCount }
    }

    /// The largest response head (status line and headers) accepted: 64 KiB.
    static let maximumHeadSize = 65_536

    /// Creates a transport with its own connection pool.
    /// - Parameters:
    ///   - maximumConnectionsPerHost: Connections one host may have open at once.
    ///   - maximumWaitingRequestsPerHost: Requests that may wait for a busy host's connection.
    ///   - idleTimeout: How long an unused connection is kept.
    ///   - connectTimeout: The most opening a connection may take.
    ///   - requestDeadline: The most a whole request may take.
    ///   - maximumResponseBodySize: A larger response body fails the request.
    ///   - maximumRedirects: Redirects of a `GET` or `HEAD` request followed before failing.
    ///   - proxies: The proxies to use; those the environment names by default.
    ///   - tls: Extra CAs to trust and whether to verify host names, for `https`.
    public init(
        maximumConnectionsPerHost: Int = 64, maximumWaitingRequestsPerHost: Int = 10_000,
        idleTimeout: Duration = .seconds(30),
        connectTimeout: Duration = .seconds(10), requestDeadline: Duration = .seconds(120),
        maximumResponseBodySize: Int = 64 << 20,
        maximumRedirects: Int = 10, proxies: HTTPProxySettings = .environment(),
        tls: TLSConfiguration = TLSConfiguration()
    ) {
        self.maximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
        self.maximumWaitingRequestsPerHost = max(0, maximumWaitingRequestsPerHost)
        self.idleTimeout = idleTimeout
        self.connectTimeout = connectTimeout
        self.requestDeadline = requestDeadline
        self.maximumResponseBodySize = maximumResponseBodySize
        self.maximumRedirects = max(0, maximumRedirects)
        self.proxies = proxies
        self.tls = tls
        self.pool = HTTPConnectionPool(
            maximumConnectionsPerOrigin: maximumConnectionsPerHost, idleTimeout: idleTimeout,
            maximumWaitersPerOrigin: self.maximumWaitingRequestsPerHost)
    }

    /// Sends the request, following redirects of `GET` and `HEAD`; cancellation of the calling
    /// task cancels it and closes its connection.
    public func send(_ request: URLRequest) async throws -> HTTPTransportResponse {
        let first = try HTTPClientRequest(request, proxies: proxies)
        // The deadline runs in this task, as an event-loop timer that aborts the wait in progress
        // when it fires (see ExchangeDeadline), rather than in a task racing a sleeping one.
        let deadline = ExchangeDeadline(after: requestDeadline, on: try EventLoop.shared)
        defer { deadline.finish() }
        do {
            var request = request
            var message = first
            var redirects = 0
            while true {
                let response = try await exchange(message, deadline: deadline)
                guard let next = try redirect(request, message, answeredWith: response, after: redirects) else {
                    return response
                }
                request = next
                message = try HTTPClientRequest(next, proxies: proxies)
                redirects += 1
            }
        } catch {
            guard deadline.hasPassed else { throw error }
            throw requestDeadlineError(
                requestDeadline, setting: "HTTPClientTransport(requestDeadline:)", target: first.displayURL)
        }
    }

    private func exchange(_ message: HTTPClientRequest, deadline: ExchangeDeadline) async throws
        -> HTTPTransportResponse
    {
        let grant = try await checkOut(message, deadline: deadline)
        do {
            return try await exchange(message, grant: grant, deadline: deadline)
        } catch is StaleConnection {
            // The server had closed that kept-alive connection (probably its older siblings too):
            // once more, on another.
            await pool.closeIdle(message.connectionKey)
            return try await exchange(
                message, grant: try await checkOut(message, deadline: deadline), deadline: deadline, retrying: true)
        }
    }

    /// A connection for `message` from the pool, or a slot to open one in.
    private func checkOut(_ message: HTTPClientRequest, deadline: ExchangeDeadline) async throws
        -> HTTPConnectionPool.Grant
    {
        do {
            return try await pool.checkOut(message.connectionKey, deadline: deadline)
        } catch let error as HTTPConnectionPool.TooManyWaiting {
            throw APIError.networkError(
                "\(error.limit) requests to \(message.connectionKey) are already waiting for one of its "
                    + "\(maximumConnectionsPerHost) connections (HTTPClientTransport(maximumWaitingRequestsPerHost:)); "
                    + "this one was not sent.")
        }
    }

    private func exchange(
        _ message: HTTPClientRequest, grant: HTTPConnectionPool.Grant, deadline: ExchangeDeadline,
        retrying: Bool = false
    ) async throws -> HTTPTransportResponse {
        let stream: any ByteStream
        let isReused: Bool
        switch grant {
        case .reuse(let kept):
            stream = kept
            isReused = true
        case .openNew:
            do {
                stream = try await connect(message, deadline: deadline)
            } catch {
                await pool.discard(from: message.connectionKey)
                throw error
            }
            isReused = false
        }
        var reader = HTTPResponseReader(stream: stream)
        let response: HTTPClientResponse
        do {
            deadline.guarding(stream)
            defer { deadline.clearExpiry() }
            try await stream.write(message.wire)
            response = try await reader.readResponse(
                method: message.method, maximumHeadSize: Self.maximumHeadSize,
                maximumBodySize: maximumResponseBodySize)
        } catch {
            await stream.close()
            await pool.discard(from: message.connectionKey)
            if isReused && !retrying && reader.bytesRead == 0 && Self.isStale(error) { throw StaleConnection() }
            throw describe(error, message)
        }
        // The response was read to its end: the connection goes back before its body is decoded.
        await pool.checkIn(stream, to: message.connectionKey, reusable: response.keepsConnection)
        do {
            return try decoded(response, of: message)
        } catch {
            throw describe(error, message)
        }
    }

    private func connect(_ message: HTTPClientRequest, deadline: ExchangeDeadline) async throws -> any ByteStream {
        let origin = message.origin
        let stream: (any ByteStream)?
        // The request's deadline bounds the connect too (the caller reports it when it passed).
        let limit = min(connectTimeout, deadline.instant - .now)
        do {
            stream = try await withTimeLimit(limit) { [tls] () async throws -> any ByteStream in
                switch message.route {
                case .direct where origin.isSecure:
                    return try await TLSClientStream.connect(
                        host: origin.host, port: origin.port, serverName: origin.host, configuration: tls)
                case .direct:
                    return try await TCPConnection.connect(host: origin.host, port: origin.port)
                case .forward(let proxy):
                    return try await TCPConnection.connect(host: proxy.host, port: proxy.port)
                case .tunnel(let proxy, let authorization):
                    let connection = try await TCPConnection.connect(host: proxy.host, port: proxy.port)
                    do {
                        try await HTTPProxyTunnel.open(
                            over: connection, to: origin.host, port: origin.port, proxyAuthorization: authorization)
                    } catch {
                        await connection.close()
                        throw error
                    }
                    return try await TLSClientStream.handshake(
                        over: connection, serverName: origin.host, configuration: tls)
                }
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // The cause stays attached, so that a TLSError (an untrusted certificate, say) can be matched.
            throw APIError.networkError("Cannot connect to \(Self.destination(message)): \(error)", error)
        }
        guard let stream else {
            throw APIError.networkError(
                "Cannot connect to \(Self.destination(message)) within \(connectTimeout) (HTTPClientTransport(connectTimeout:))."
            )
        }
        return stream
    }

    /// Where a connection goes, for errors.
    private static func destination(_ message: HTTPClientRequest) -> String {
        if case .forward(let proxy) = message.route { return "the proxy \(proxy) (for \(message.origin))" }
        return message.connectionKey.description
    }

    /// The response as the pipeline sees it: header names lower-cased, the body's content coding
    /// undone (and the headers describing the coded bytes dropped).
    private func decoded(_ response: HTTPClientResponse, of message: HTTPClientRequest) throws -> HTTPTransportResponse
    {
        var headers = Self.headers(response.headers)
        var body = response.body
        if let coding = headers["content-encoding"] {
            do {
                body = try HTTPContentDecoder.decode(
                    body, contentEncoding: coding, maximumSize: maximumResponseBodySize)
            } catch .bodyTooLarge(let limit) {
                throw APIError.networkError(
                    "The response from \(message.displayURL) (Content-Encoding: \(coding.prefix(40))) decodes to more than "
                        + "\(limit) bytes (HTTPClientTransport(maximumResponseBodySize:)); it was not decoded to the end."
                )
            }
            headers["content-encoding"] = nil
            headers["content-length"] = nil
        }
        return HTTPTransportResponse(statusCode: response.status, lowercasedHeaders: headers, body: Data(body))
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
                    + "(HTTPClientTransport(maximumResponseBodySize:)); it was not read to the end.")
        case let error as HTTPResponseError:
            APIError.networkError("Bad response from \(message.displayURL): \(error)")
        default:
            APIError.networkError("The request to \(message.displayURL) failed: \(error)", error)
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
