import SwitchboardCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A listening TCP socket whose ``accept()`` suspends the task until a client connects.
package final class TCPListener: Sendable {
    private let descriptor: Locked<Int32>
    /// The loop its socket and the connections it accepts are registered with.
    let loop: EventLoop
    /// The port actually bound (the kernel's choice when bound to port 0).
    package let port: Int
    /// The host the listener is bound to.
    package let host: String

    /// Binds and listens on `host:port`; port 0 picks an ephemeral port (see ``port``).
    package init(host: String = "127.0.0.1", port: Int = 0, backlog: Int32 = 512, loop: EventLoop? = nil) throws {
        let loop = try loop ?? EventLoop.shared
        let address = try SocketAddress(host: host, port: port)
        let fd = try SocketCalls.openStreamSocket(family: address.family)
        SocketCalls.setOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)
        let bound = address.withSockAddr { bind(fd, $0, $1) }
        guard bound == 0 else {
            let error = NetworkError.lastSystemError("bind", detail: "\(host):\(port)")
            _ = systemClose(fd)
            throw error
        }
        guard listen(fd, backlog) == 0 else {
            let error = NetworkError.lastSystemError("listen", detail: "\(host):\(port)")
            _ = systemClose(fd)
            throw error
        }
        self.descriptor = Locked(fd)
        self.loop = loop
        self.host = host
        self.port = SocketCalls.localAddress(of: fd)?.port ?? port
    }

    deinit { close() }

    /// Waits for the next client, whose connection is registered with `connectionLoop` (by
    /// default the listener's own). Throws ``NetworkError/Kind/closed`` after ``close()``.
    package func accept(on connectionLoop: EventLoop? = nil) async throws -> TCPConnection {
        while true {
            let (listenFD, clientFD, failure, address) = descriptor.withLock {
                fd -> (Int32, Int32, Int32, SocketAddress?) in
                guard fd >= 0 else { return (fd, -1, EBADF, nil) }
                var storage = sockaddr_storage()
                var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
                let client = withUnsafeMutablePointer(to: &storage) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        #if canImport(Glibc)
                            Glibc.accept(fd, $0, &length)
                        #else
                            Darwin.accept(fd, $0, &length)
                        #endif
                    }
                }
                let failure = client < 0 ? errno : 0
                return (fd, client, failure, client >= 0 ? SocketAddress(storage: storage, length: length) : nil)
            }
            if clientFD >= 0, let address {
                do {
                    try SocketCalls.makeNonBlocking(clientFD)
                } catch {
                    _ = systemClose(clientFD)
                    continue
                }
                #if canImport(Darwin)
                    SocketCalls.setOption(clientFD, level: SOL_SOCKET, name: SO_NOSIGPIPE, value: 1)
                #endif
                return TCPConnection(
                    adopting: clientFD, remoteAddress: address.hostAndPort, loop: connectionLoop ?? loop)
            }
            if listenFD < 0 { throw NetworkError(.closed, operation: "accept") }
            switch failure {
            case EAGAIN, EWOULDBLOCK:
                try await loop.waitUntilReady(listenFD, for: .read) { descriptor.withLock { $0 == listenFD } }
            case EINTR, ECONNABORTED, EPROTO: continue
            case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                // Out of descriptors: back off briefly instead of spinning, then try again.
                try await Task.sleep(for: .milliseconds(10))
            default: throw NetworkError(.systemCall, operation: "accept", errorNumber: failure)
            }
        }
    }

    /// The listening descriptor while open (tests that exercise the event loop directly).
    var descriptorForTesting: Int32? { descriptor.withLock { $0 >= 0 ? $0 : nil } }

    /// Stops listening; a pending ``accept()`` fails with ``NetworkError/Kind/closed``.
    package func close() {
        SocketCalls.closeOnce(descriptor, loop: loop)
    }
}
