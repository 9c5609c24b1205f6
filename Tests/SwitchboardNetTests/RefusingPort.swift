@testable import SwitchboardNet

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback port that refuses connections for as long as this value lives: a socket bound to it
/// that never listens. Closing a listener to get a refusing port races with the parallel suite,
/// whose next listener may be given the same port.
final class RefusingPort {
    let port: Int
    private let fd: Int32

    init() throws {
        let fd = try SocketCalls.openStreamSocket(family: AF_INET)
        let any = try SocketAddress(host: "127.0.0.1", port: 0)
        guard any.withSockAddr({ bind(fd, $0, $1) }) == 0 else {
            close(fd)
            throw NetworkError.lastSystemError("bind")
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        port = SocketAddress(storage: storage, length: length).port
    }

    deinit { close(fd) }
}
