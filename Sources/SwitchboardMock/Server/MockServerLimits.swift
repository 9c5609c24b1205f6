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
    /// The HTTP server's limits: concurrent connections (default from `RLIMIT_NOFILE`), request
    /// sizes and timeouts.
    public var http: HTTPServer.Configuration

    /// Creates limits; the defaults keep the last 1,000 requests (at most 64 MiB of bodies).
    public init(
        maximumRecordedRequests: Int = 1_000, maximumRecordedBodyBytes: Int = 64 << 20,
        http: HTTPServer.Configuration = .init()
    ) {
        self.maximumRecordedRequests = maximumRecordedRequests
        self.maximumRecordedBodyBytes = maximumRecordedBodyBytes
        self.http = http
    }
}
