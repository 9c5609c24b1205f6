import Foundation
import SwitchboardCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 or IPv6 socket address, resolved from a host name or numeric address.
struct SocketAddress: Sendable {
    private(set) var storage = sockaddr_storage()
    let length: socklen_t
    let family: Int32

    /// Every address of `host`, in `getaddrinfo`'s order, without blocking the caller's thread:
    /// numeric addresses directly, names on a thread of their own (a DNS lookup can take seconds;
    /// on Linux, Dispatch's global workers are the threads Swift concurrency runs on, and must
    /// never wait that long).
    static func resolveAll(host: String, port: Int) async throws(NetworkError) -> [SocketAddress] {
        if let numeric = try? SocketAddress(host: host, port: port, flags: AI_NUMERICHOST) { return [numeric] }
        let result: Result<[SocketAddress], NetworkError> = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                ThreadName.set("sb-resolver")
                do throws(NetworkError) {
                    continuation.resume(returning: .success(try lookup(host: host, port: port, flags: 0)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// `getaddrinfo`'s answers for a stream socket.
    private static func lookup(host: String, port: Int, flags: Int32) throws(NetworkError) -> [SocketAddress] {
        guard (0...65535).contains(port) else {
            throw NetworkError(.badAddress, operation: "resolve", detail: "port \(port) is out of range")
        }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_flags = flags
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &result)
        guard status == 0, result != nil else {
            let reason = status == 0 ? "no address" : String(cString: gai_strerror(status))
            throw NetworkError(.badAddress, operation: "resolve", detail: "\(host): \(reason)")
        }
        defer { freeaddrinfo(result) }
        var addresses: [SocketAddress] = []
        var next = result
        while let entry = next {
            var storage = sockaddr_storage()
            let length = entry.pointee.ai_addrlen
            withUnsafeMutableBytes(of: &storage) { target in
                target.copyMemory(from: UnsafeRawBufferPointer(start: entry.pointee.ai_addr, count: Int(length)))
            }
            addresses.append(SocketAddress(storage: storage, length: length))
            next = entry.pointee.ai_next
        }
        return addresses
    }

    /// Resolves `host` (numeric addresses first; names through `getaddrinfo`) with `port`; the first answer.
    init(host: String, port: Int, flags: Int32 = 0) throws(NetworkError) {
        self = try Self.lookup(host: host, port: port, flags: flags)[0]
    }

    /// Reads the address a socket call filled in.
    init(storage: sockaddr_storage, length: socklen_t) {
        self.storage = storage
        self.length = length
        self.family = Int32(storage.ss_family)
    }

    /// The port number in host byte order.
    var port: Int {
        withUnsafeBytes(of: storage) { raw in
            if family == AF_INET6 {
                return Int(UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port))
            }
            return Int(UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port))
        }
    }

    /// The numeric host, e.g. `127.0.0.1` or `::1`.
    var numericHost: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        withUnsafeBytes(of: storage) { raw in
            if family == AF_INET6 {
                var address = raw.load(as: sockaddr_in6.self).sin6_addr
                _ = inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count))
            } else {
                var address = raw.load(as: sockaddr_in.self).sin_addr
                _ = inet_ntop(AF_INET, &address, &buffer, socklen_t(buffer.count))
            }
        }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `127.0.0.1:443` or `[::1]:443`, as a URL authority writes it.
    var hostAndPort: String {
        family == AF_INET6 ? "[\(numericHost)]:\(port)" : "\(numericHost):\(port)"
    }

    func withSockAddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        withUnsafeBytes(of: storage) { raw in
            body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), length)
        }
    }
}

/// Socket helpers shared by listeners and connections.
enum SocketCalls {
    /// Takes the descriptor out of `descriptor` (leaving -1), stops watching it and closes it;
    /// later calls find -1 and do nothing, so closing twice or from two tasks is safe.
    static func closeOnce(_ descriptor: borrowing Locked<Int32>, loop: EventLoop) {
        let fd = descriptor.withLock { fd in
            defer { fd = -1 }
            return fd
        }
        guard fd >= 0 else { return }
        loop.deregister(fd)
        _ = systemClose(fd)
    }

    static func makeNonBlocking(_ fd: Int32) throws(NetworkError) {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { throw .lastSystemError("fcntl") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    static func openStreamSocket(family: Int32) throws(NetworkError) -> Int32 {
        #if canImport(Glibc)
            let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(family, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw .lastSystemError("socket") }
        do {
            try makeNonBlocking(fd)
        } catch {
            close(fd)
            throw error
        }
        #if canImport(Darwin)
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return fd
    }

    static func setOption(_ fd: Int32, level: Int32, name: Int32, value: Int32) {
        var value = value
        _ = setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    static func localAddress(of fd: Int32) -> SocketAddress? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return status == 0 ? SocketAddress(storage: storage, length: length) : nil
    }
}
