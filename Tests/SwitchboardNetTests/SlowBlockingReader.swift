import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A deliberately slow HTTP client on a blocking socket, for a thread of its own: it reads at
/// most 64 KiB every 20 ms, so its pace does not depend on how busy the cooperative pool is.
enum SlowBlockingReader {
    struct Download: Sendable {
        /// Body bytes received (everything after the response head).
        var bodyCount: Int
        /// The longest time between two reads returning.
        var longestGap: Duration
        /// From sending the request to the last byte or the close.
        var elapsed: Duration
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends `request` to 127.0.0.1:`port` and reads until `bodySize` body bytes arrived or the
    /// server closed the connection.
    static func download(_ request: String, port: Int, bodySize: Int) throws -> Download {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(description: "socket failed: errno \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect failed: errno \(errno)") }
        let bytes = Array(request.utf8)
        guard send(fd, bytes, bytes.count, 0) == bytes.count else {
            throw Failure(description: "send failed: errno \(errno)")
        }

        let start = ContinuousClock.now
        var lastRead = start
        var longestGap = Duration.zero
        var head: [UInt8] = []
        var bodyCount = 0
        var headEnded = false
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while !headEnded || bodyCount < bodySize {
            usleep(20_000)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            let now = ContinuousClock.now
            longestGap = max(longestGap, now - lastRead)
            lastRead = now
            if count <= 0 { break }
            if headEnded {
                bodyCount += count
                continue
            }
            head += chunk[0..<count]
            if let end = head.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound {
                headEnded = true
                bodyCount = head.count - end
            }
        }
        return Download(bodyCount: bodyCount, longestGap: longestGap, elapsed: ContinuousClock.now - start)
    }
}
