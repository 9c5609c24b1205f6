import SwitchboardCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A connected, non-blocking TCP socket driven by an ``EventLoop``.
///
/// Reads and writes suspend the calling task, never a thread. One task may read while another
/// writes; closing fails both.
package final class TCPConnection: ByteStream {
    /// The descriptor, or -1 once closed. The mutex makes "check open, then system call" atomic
    /// with respect to ``close()``, so a closed descriptor number that the kernel has reused for
    /// another socket is never read or written.
    private let descriptor: Locked<Int32>
    /// How many bytes the next read asks for: it starts small and doubles while reads fill it (up
    /// to the caller's `maxBytes`), and halves while they use under a quarter of it, as SwiftNIO's
    /// adaptive allocator does. A small answer then costs no 64 KiB buffer, nor does a read that
    /// finds nothing. Only read and written inside `descriptor`'s mutex.
    private nonisolated(unsafe) var readSize = TCPConnection.minimumReadSize
    private static let minimumReadSize = 2048
    /// Whether the last read emptied the socket (it got fewer bytes than it asked for). The next
    /// read then waits for readiness before its system call: any byte that arrived since was
    /// reported (the loop's registrations are edge-triggered), and a request-response exchange
    /// saves the read that would find nothing. Only read and written inside `descriptor`'s mutex.
    private nonisolated(unsafe) var lastReadEmptiedSocket = false
    private let loop: EventLoop
    /// The loop that drives this socket.
    package var eventLoop: EventLoop? { loop }
    /// The peer's numeric address and port, e.g. `127.0.0.1:52114`.
    package let remoteAddress: String

    init(adopting fd: Int32, remoteAddress: String, loop: EventLoop) {
        self.descriptor = Locked(fd)
        self.loop = loop
        self.remoteAddress = remoteAddress
        SocketCalls.setOption(fd, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, value: 1)
    }

    deinit { SocketCalls.closeOnce(descriptor, loop: loop) }

    /// The numeric address of this end (`10.0.0.5`), `nil` once closed.
    package var localHost: String? {
        descriptor.withLock { fd in fd >= 0 ? SocketCalls.localAddress(of: fd)?.numericHost : nil }
    }

    /// Opens a connection to `host:port`, suspending until it is established. A name with several
    /// addresses (`localhost` → `::1` and `127.0.0.1`) is tried address by address, in the
    /// resolver's order, so a server listening on only one family is still reached.
    package static func connect(host: String, port: Int, loop: EventLoop? = nil) async throws -> TCPConnection {
        let loop = try loop ?? EventLoop.shared
        let addresses = try await SocketAddress.resolveAll(host: host, port: port)
        return try await connect(toFirstOf: addresses, host: host, loop: loop)
    }

    /// Tries `addresses` in order and returns the first connection established; when none answers,
    /// throws the last address's error.
    static func connect(toFirstOf addresses: [SocketAddress], host: String, loop: EventLoop) async throws
        -> TCPConnection
    {
        var lastError: (any Error)?
        for address in addresses {
            do {
                return try await connect(to: address, host: host, loop: loop)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                lastError = error
            }
        }
        throw lastError ?? NetworkError(.badAddress, operation: "resolve", detail: "\(host): no address")
    }

    private static func connect(to address: SocketAddress, host: String, loop: EventLoop) async throws
        -> TCPConnection
    {
        let fd = try SocketCalls.openStreamSocket(family: address.family)
        let connection = TCPConnection(adopting: fd, remoteAddress: address.hostAndPort, loop: loop)
        let status = address.withSockAddr { systemConnect(fd, $0, $1) }
        if status != 0 {
            guard errno == EINPROGRESS else {
                let error = NetworkError.lastSystemError(
                    "connect", detail: "\(host):\(address.port) (\(address.hostAndPort))")
                await connection.close()
                throw error
            }
            do {
                try await loop.waitUntilReady(fd, for: .write) { connection.owns(fd) }
            } catch {
                await connection.close()
                throw error
            }
            var socketError: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &socketError, &length)
            if socketError != 0 {
                await connection.close()
                throw NetworkError(
                    .systemCall, operation: "connect", errorNumber: socketError,
                    detail: "\(host):\(address.port) (\(address.hostAndPort))")
            }
        }
        return connection
    }

    /// Reads up to `maxBytes`; an empty array means the peer closed the connection.
    package func read(maxBytes: Int = 65_536) async throws -> [UInt8] {
        let waitFirst = descriptor.withLock { fd -> Int32? in
            guard fd >= 0, lastReadEmptiedSocket else { return nil }
            lastReadEmptiedSocket = false
            return fd
        }
        if let fd = waitFirst { try await loop.waitUntilReady(fd, for: .read) { self.owns(fd) } }
        while true {
            // The kernel writes straight into uninitialized capacity, so a 20-byte read costs no
            // 64 KiB memset.
            let (fd, bytes, failure) = descriptor.withLock { fd -> (Int32, [UInt8]?, Int32) in
                guard fd >= 0 else { return (fd, nil, EBADF) }
                var count = 0
                var failure: Int32 = 0
                let size = min(max(1, maxBytes), readSize)
                let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                    count = systemRead(fd, buffer.baseAddress, size)
                    if count < 0 { failure = errno }
                    initialized = max(count, 0)
                }
                if count == size {
                    readSize = min(size * 2, max(maxBytes, Self.minimumReadSize))
                } else if count >= 0 && count < size / 4 {
                    readSize = max(Self.minimumReadSize, size / 2)
                }
                lastReadEmptiedSocket = count > 0 && count < size
                return (fd, count >= 0 ? bytes : nil, failure)
            }
            if let bytes { return bytes }
            if fd < 0 { throw NetworkError(.closed, operation: "read") }
            switch failure {
            case EAGAIN, EWOULDBLOCK: try await loop.waitUntilReady(fd, for: .read) { self.owns(fd) }
            case EINTR: continue
            case ECONNRESET: return []
            default: throw NetworkError(.systemCall, operation: "read", errorNumber: failure, detail: remoteAddress)
            }
        }
    }

    /// Writes all of `bytes`, suspending while the socket's send buffer is full.
    package func write(_ bytes: [UInt8]) async throws {
        try await write(bytes, stallTimeout: nil)
    }

    /// Writes all of `bytes`, failing with `ETIMEDOUT` once the send buffer has stayed full for
    /// `timeout` (each bit of progress restarts it, so a slow but steady reader is not cut off).
    package func write(_ bytes: [UInt8], timeout: Duration) async throws {
        try await write(bytes, stallTimeout: timeout)
    }

    private func write(_ bytes: [UInt8], stallTimeout: Duration?) async throws {
        var offset = 0
        while offset < bytes.count {
            let (fd, count, failure) = descriptor.withLock { fd -> (Int32, Int, Int32) in
                guard fd >= 0 else { return (fd, -1, EBADF) }
                let count = bytes.withUnsafeBytes { raw in
                    sendWithoutSignal(fd, raw.baseAddress! + offset, raw.count - offset)
                }
                return (fd, count, count < 0 ? errno : 0)
            }
            if count >= 0 {
                offset += count
                continue
            }
            if fd < 0 { throw NetworkError(.closed, operation: "write") }
            switch failure {
            case EAGAIN, EWOULDBLOCK:
                if let stallTimeout {
                    let loop = self.loop
                    try await withWriteTimeout(stallTimeout) {
                        try await loop.waitUntilReady(fd, for: .write) { self.owns(fd) }
                    }
                } else {
                    try await loop.waitUntilReady(fd, for: .write) { self.owns(fd) }
                }
            case EINTR: continue
            default: throw NetworkError(.systemCall, operation: "write", errorNumber: failure, detail: remoteAddress)
            }
        }
    }

    /// Discards up to `maxBytes` of input that has already arrived, never waiting; returns how
    /// many bytes were discarded (0 when nothing was buffered or the socket is closed).
    func discardAvailableInput(maxBytes: Int = 65_536) -> Int {
        descriptor.withLock { fd in
            guard fd >= 0 else { return 0 }
            var buffer = [UInt8](repeating: 0, count: min(maxBytes, 65_536))
            let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            return max(count, 0)
        }
    }

    /// A plain socket writes what fits at once.
    package var writesWithoutWaiting: Bool { true }

    /// Writes as much of `bytes` as the socket takes now, never waiting; returns the count written.
    package func writeWithoutWaiting(_ bytes: [UInt8]) -> Int {
        descriptor.withLock { fd in
            guard fd >= 0, !bytes.isEmpty else { return 0 }
            let count = bytes.withUnsafeBytes { sendWithoutSignal(fd, $0.baseAddress!, $0.count) }
            return max(count, 0)
        }
    }

    /// Half-closes the connection: the peer reads end-of-stream, reading here still works.
    package func shutdownOutput() { shutdown(Int32(SHUT_WR)) }

    /// Shuts the receiving side: a read waiting now or started later returns what is already
    /// buffered, then end-of-stream; writing still works (the server uses it to wake a reader it
    /// then answers `408`).
    func shutdownInput() { shutdown(Int32(SHUT_RD)) }

    /// Whether the peer is known to have closed or reset the connection, from the kernel's TCP
    /// state: for a socket whose input was shut, where a read reports end-of-stream either way.
    /// Always `false` where the platform does not say (the caller then waits for its deadline)
    /// and once closed here.
    var peerHasClosed: Bool {
        #if canImport(Glibc)
            descriptor.withLock { fd in
                guard fd >= 0 else { return false }
                var info = tcp_info()
                var length = socklen_t(MemoryLayout<tcp_info>.size)
                guard getsockopt(fd, Int32(IPPROTO_TCP), TCP_INFO, &info, &length) == 0 else { return true }
                // Open from the peer's side: established, or our own FIN sent and the peer's not yet received.
                return ![TCP_ESTABLISHED, TCP_FIN_WAIT1, TCP_FIN_WAIT2].contains(Int(info.tcpi_state))
            }
        #else
            false
        #endif
    }

    /// `shutdown(2)` on the open descriptor (`SHUT_RD` or `SHUT_WR`); nothing once closed.
    private func shutdown(_ direction: Int32) {
        descriptor.withLock { fd in
            if fd >= 0 { _ = systemShutdown(fd, direction) }
        }
    }

    /// Closes the socket; tasks waiting to read or write fail with ``NetworkError/Kind/closed``.
    package func close() async {
        closeNow()
    }

    /// Whether `fd` is still this connection's descriptor (it is -1 once closed).
    private func owns(_ fd: Int32) -> Bool { descriptor.withLock { $0 == fd } }

    /// Synchronous form of ``close()`` for cleanup paths that cannot suspend.
    package func closeNow() {
        SocketCalls.closeOnce(descriptor, loop: loop)
    }

    /// Whether ``close()`` has been called.
    package var isClosed: Bool { descriptor.withLock { $0 < 0 } }
}

private func sendWithoutSignal(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        return send(fd, pointer, count, Int32(MSG_NOSIGNAL))
    #else
        return send(fd, pointer, count, 0)
    #endif
}

// The class has methods named read/write/close/connect; these reach the C functions unambiguously.
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        return Glibc.read(fd, buffer, count)
    #else
        return Darwin.read(fd, buffer, count)
    #endif
}

func systemShutdown(_ fd: Int32, _ direction: Int32) -> Int32 {
    #if canImport(Glibc)
        return Glibc.shutdown(fd, direction)
    #else
        return Darwin.shutdown(fd, direction)
    #endif
}

func systemClose(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
        return Glibc.close(fd)
    #else
        return Darwin.close(fd)
    #endif
}

func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    #if canImport(Glibc)
        return Glibc.connect(fd, address, length)
    #else
        return Darwin.connect(fd, address, length)
    #endif
}
