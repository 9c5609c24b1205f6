import SwitchboardNet

/// Limits of a ``MockServer``: how many requests it records, and its HTTP server's connection
/// cap, sizes and deadlines.
public struct MockServerLimits: Sendable {
    /// How many requests ``MockServer/receivedRequests`` keeps; older ones are dropped (and counted
    /// in ``MockServer/droppedRequestCount``). Default 1,000.
    public var maximumRecordedRequests: Int
    /// How many body bytes the kept requests may hold together; older requests are dropped to stay
    /// within it, and a request whose body alone is larger is not kept. Default 64 MiB.
    public var maximumRecordedBodyBytes: Int
    /// How many connections the server holds at once, WebSockets included; one more is answered
    /// `503` and closed. Default: the process's descriptor limit less a reserve (768 under the
    /// common limit of 1,024).
    public var maximumConnections: Int
    /// The largest request line plus headers accepted (`431` past it). Default 64 KiB.
    public var maximumRequestHeadBytes: Int
    /// The largest request body accepted (`413` past it). Default 16 MiB.
    public var maximumRequestBodyBytes: Int
    /// How long a client has to send a request head (`408` past it). Default 10 s.
    public var requestHeadTimeout: Duration
    /// How long a request body may take to arrive after its head (`408` past it). Default 60 s.
    public var requestBodyTimeout: Duration
    /// How long a kept-alive connection may wait for its next request. Default 60 s.
    public var idleTimeout: Duration
    /// How long writing a response may go without progress before the connection is dropped.
    /// Default 30 s.
    public var writeTimeout: Duration

    /// Creates limits; the defaults keep the last 1,000 requests (at most 64 MiB of bodies).
    public init(maximumRecordedRequests: Int = 1_000, maximumRecordedBodyBytes: Int = 64 << 20) {
        let http = HTTPServer.Configuration()
        self.maximumRecordedRequests = maximumRecordedRequests
        self.maximumRecordedBodyBytes = maximumRecordedBodyBytes
        maximumConnections = http.maximumConnections
        maximumRequestHeadBytes = http.limits.maxHeadBytes
        maximumRequestBodyBytes = http.limits.maxBodyBytes
        requestHeadTimeout = http.requestHeadTimeout
        requestBodyTimeout = http.requestBodyTimeout
        idleTimeout = http.idleTimeout
        writeTimeout = http.writeTimeout
    }

    /// The HTTP server's configuration these limits make.
    var http: HTTPServer.Configuration {
        HTTPServer.Configuration(
            limits: .init(maxHeadBytes: maximumRequestHeadBytes, maxBodyBytes: maximumRequestBodyBytes),
            requestHeadTimeout: requestHeadTimeout, idleTimeout: idleTimeout, writeTimeout: writeTimeout,
            maximumConnections: maximumConnections, requestBodyTimeout: requestBodyTimeout)
    }
}
