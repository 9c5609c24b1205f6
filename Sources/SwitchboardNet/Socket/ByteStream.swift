/// A bidirectional, ordered stream of bytes: a TCP connection, or TLS on top of one.
///
/// Protocol codecs (HTTP/1.1, WebSocket) are written against this so they run unchanged over
/// plain and encrypted sockets. One task may read while another writes.
public protocol ByteStream: Sendable {
    /// Reads up to `maxBytes` bytes, suspending until some arrive. An empty result means the peer
    /// closed its side of the stream.
    func read(maxBytes: Int) async throws -> [UInt8]

    /// Writes all of `bytes`, suspending while the kernel buffer is full (back-pressure).
    func write(_ bytes: [UInt8]) async throws

    /// Closes the stream; waiting reads and writes fail with ``NetworkError/Kind/closed``.
    func close() async
}
