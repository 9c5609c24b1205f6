/// Limits and timeouts of one WebSocket connection (client or server role).
public struct WebSocketConfiguration: Sendable {
    /// The largest message (all fragments together) accepted; larger ones close the connection
    /// with 1009 (message too big). Default 16 MiB.
    public var maximumMessageSize: Int
    /// The largest single frame accepted, and the largest frame sent: outgoing messages above it
    /// are split into fragments. Default 16 MiB.
    public var maximumFrameSize: Int
    /// How long the client's TCP connect, TLS handshake and opening handshake may take together.
    public var handshakeTimeout: Duration
    /// How long to wait for the peer's close frame (and, for clients, the TCP close) during the
    /// closing handshake before dropping the connection.
    public var closeTimeout: Duration
    /// Bytes requested from the socket per read; reads happen only while `WebSocket.receive()`
    /// is waiting, so at most this plus one message is buffered.
    public var readChunkSize: Int
    /// How long a send may wait while the peer takes no bytes at all (its receive window and our
    /// send buffer full) before the connection is dropped and the send fails with
    /// `WebSocketError.writeTimedOut(_:)`; `nil` waits for ever. Default 30 s.
    public var writeTimeout: Duration?

    /// Creates a configuration; the defaults suit GraphQL subscriptions.
    public init(
        maximumMessageSize: Int = 16 << 20, maximumFrameSize: Int = 16 << 20, handshakeTimeout: Duration = .seconds(10),
        closeTimeout: Duration = .seconds(5), readChunkSize: Int = 65_536, writeTimeout: Duration? = .seconds(30)
    ) {
        self.maximumMessageSize = maximumMessageSize
        self.maximumFrameSize = maximumFrameSize
        self.handshakeTimeout = handshakeTimeout
        self.closeTimeout = closeTimeout
        self.readChunkSize = readChunkSize
        self.writeTimeout = writeTimeout
    }
}
