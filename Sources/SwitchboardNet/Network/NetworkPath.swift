#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The machine's network as far as reaching a server goes: the addresses of interfaces that are
/// up and running, loopback left out.
package struct NetworkPath: Sendable, Equatable {
    /// Numeric addresses (`192.0.2.7`, `fe80::1`) of the interfaces that are up and running,
    /// loopback excluded.
    package var addresses: Set<String>

    package init(addresses: Set<String>) { self.addresses = addresses }

    /// Whether a server other than this machine can be reached at all.
    package var isUsable: Bool { !addresses.isEmpty }

    /// Whether a connection whose local address is `localHost` can still carry traffic: its
    /// address is on an interface that is up (loopback connections always can).
    package func carries(localHost: String) -> Bool {
        var address = localHost.split(separator: "%", maxSplits: 1).first.map(String.init) ?? localHost
        // An IPv4 address seen through an IPv6 socket.
        if address.lowercased().hasPrefix("::ffff:"), address.contains(".") { address.removeFirst(7) }
        return Self.isLoopback(address) || addresses.contains(address)
    }

    /// Whether `host` names this machine (`localhost`, `127.0.0.0/8`, `::1`).
    package static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        return host == "localhost" || host == "::1" || host.hasPrefix("127.") || host.hasPrefix("::ffff:127.")
    }

    /// The path now, from the kernel's interface list.
    package static func current() -> NetworkPath {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return NetworkPath(addresses: []) }
        defer { freeifaddrs(first) }
        var addresses: Set<String> = []
        var entry = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            let flags = Int32(bitPattern: current.pointee.ifa_flags)
            let required = Int32(IFF_UP) | Int32(IFF_RUNNING)
            guard flags & required == required, flags & Int32(IFF_LOOPBACK) == 0,
                let address = current.pointee.ifa_addr, let text = numericHost(address)
            else { continue }
            addresses.insert(text)
        }
        return NetworkPath(addresses: addresses)
    }

    /// `address` as a numeric host, for IPv4 and IPv6 only (the IPv6 scope suffix dropped).
    private static func numericHost(_ address: UnsafeMutablePointer<sockaddr>) -> String? {
        let family = Int32(address.pointee.sa_family)
        guard family == AF_INET || family == AF_INET6 else { return nil }
        let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
        var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        guard
            getnameinfo(address, length, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0
        else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "%", maxSplits: 1).first.map(String.init) ?? text
    }
}
