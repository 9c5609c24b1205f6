#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback port that refuses connections for as long as this value lives: a socket bound to it
/// that never listens (a closed listener's port could be handed to the next listener of the
/// parallel suite).
public final class RefusingPort {
    /// The socket call that failed while setting up, and its `errno`.
    public struct SetupFailed: Error {
        /// `socket`, `bind` or `getsockname`.
        public let call: String
        /// The call's `errno`.
        public let errorNumber: Int32
    }

    /// The refusing port.
    public let port: Int
    private let fd: Int32

    /// Binds a socket to a free loopback port without listening on it.
    public init() throws {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw SetupFailed(call: "socket", errorNumber: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0 else {
            let failure = SetupFailed(call: bound == 0 ? "getsockname" : "bind", errorNumber: errno)
            close(fd)
            throw failure
        }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(fd) }
}
