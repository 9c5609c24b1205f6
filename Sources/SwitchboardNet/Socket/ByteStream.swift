/// A bidirectional, ordered stream of bytes: a TCP connection, or TLS on top of one.
///
/// Protocol codecs (HTTP/1.1, WebSocket) are written against this so they run unchanged over
/// plain and encrypted sockets. One task may read while another writes.
package protocol ByteStream: Sendable {
    /// Reads up to `maxBytes` bytes, suspending until some arrive. An empty result means the peer
    /// closed its side of the stream.
    func read(maxBytes: Int) async throws -> [UInt8]

    /// Writes all of `bytes`, suspending while the kernel buffer is full (back-pressure).
    func write(_ bytes: [UInt8]) async throws

    /// Writes all of `bytes` like ``write(_:)``, but gives up with a ``NetworkError`` of `errno`
    /// `ETIMEDOUT` once the peer has taken nothing for `timeout` (a peer that stopped reading).
    /// After a timeout part of `bytes` may have been sent: the stream is only fit for closing.
    func write(_ bytes: [UInt8], timeout: Duration) async throws

    /// Closes the stream; waiting reads and writes fail with ``NetworkError/Kind/closed``.
    func close() async

    /// The numeric local address the stream's socket is bound to, when it has one.
    var localHost: String? { get }

    /// Writes as much of `bytes` as the stream takes at once, never waiting, and returns how many
    /// it took: 0 when none, when the stream failed (the next ``write(_:)`` reports why), or when
    /// it cannot write without waiting (see ``writesWithoutWaiting``).
    func writeWithoutWaiting(_ bytes: [UInt8]) -> Int

    /// Whether ``writeWithoutWaiting(_:)`` can write at all (so that callers need not build
    /// bytes only to learn it cannot).
    var writesWithoutWaiting: Bool { get }

    /// The loop that drives the stream's socket, when the stream writes it directly: work that
    /// writes to the stream is cheapest there.
    var eventLoop: EventLoop? { get }
}

extension ByteStream {
    /// No local address known (streams that do not own a socket).
    package var localHost: String? { nil }

    /// Streams that encrypt cannot write part of a record now and the rest later.
    package func writeWithoutWaiting(_ bytes: [UInt8]) -> Int { 0 }

    /// Streams that encrypt never write without waiting.
    package var writesWithoutWaiting: Bool { false }

    /// No loop to prefer (streams that write through another layer).
    package var eventLoop: EventLoop? { nil }

    /// The whole write must finish within `timeout` (streams that cannot see partial progress).
    package func write(_ bytes: [UInt8], timeout: Duration) async throws {
        try await withWriteTimeout(timeout) { try await self.write(bytes) }
    }
}

/// Runs `write`, cancelling it and throwing `ETIMEDOUT` if it has not finished after `timeout`.
func withWriteTimeout(_ timeout: Duration, _ write: @escaping @Sendable () async throws -> Void) async throws {
    guard try await withTimeLimit(timeout, write) != nil else { throw NetworkError.writeTimedOut(after: timeout) }
}
