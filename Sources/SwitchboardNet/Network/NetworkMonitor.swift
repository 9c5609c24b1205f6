import SwitchboardCore

#if canImport(Glibc)
    import CSystemEvents
    import Glibc
#elseif canImport(Darwin)
    import Darwin
    import Dispatch
#endif
#if canImport(Network)
    import Network
#endif

/// Tells its subscribers when the machine's network changes: a link going down or up, an address
/// added or removed, a route changing. On Linux a netlink route socket on the event loop reports
/// the changes; on Apple platforms `NWPathMonitor`. One source serves every subscriber, and it
/// runs only while someone listens.
package final class NetworkMonitor: Sendable {
    /// The process's monitor.
    package static let shared = NetworkMonitor()

    /// Changes closer together than this are reported once, with the path after the last of them
    /// (taking a link up brings a burst of link, address and route messages).
    static let settleTime = Duration.milliseconds(50)

    private struct State {
        var streams: [Int: AsyncStream<NetworkPath>.Continuation] = [:]
        var nextStream = 0
        var source: Source?
    }

    private let state = Locked(State())

    /// The path now, then the path after each change. The stream keeps only the newest path for
    /// a consumer that has not read it; ending the loop unsubscribes.
    package func paths() -> AsyncStream<NetworkPath> {
        let (stream, continuation) = AsyncStream<NetworkPath>.makeStream(bufferingPolicy: .bufferingNewest(1))
        continuation.yield(NetworkPath.current())
        let id = state.withLock { state in
            state.nextStream += 1
            state.streams[state.nextStream] = continuation
            if state.source == nil { state.source = Source(monitor: self) }
            return state.nextStream
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return stream
    }

    private func unsubscribe(_ id: Int) {
        let stopped = state.withLock { state -> Source? in
            state.streams[id] = nil
            guard state.streams.isEmpty else { return nil }
            defer { state.source = nil }
            return state.source
        }
        stopped?.stop()
    }

    /// Sends the path as it is now to every subscriber.
    fileprivate func publishCurrentPath() {
        let path = NetworkPath.current()
        state.withLock { state in
            for continuation in state.streams.values { continuation.yield(path) }
        }
    }
}

#if os(Linux)
    extension NetworkMonitor {
        /// A netlink route socket subscribed to link, address and route changes, read on the event
        /// loop by a task of its own.
        fileprivate final class Source: Sendable {
            private let reader: Task<Void, Never>

            init(monitor: NetworkMonitor) {
                reader = Task { [weak monitor] in
                    guard let socket = try? NetlinkSocket() else { return }
                    defer { socket.close() }
                    while !Task.isCancelled {
                        do {
                            try await socket.waitForChange()
                            try await Task.sleep(for: NetworkMonitor.settleTime)
                        } catch {
                            return
                        }
                        socket.drain()
                        guard let monitor else { return }
                        monitor.publishCurrentPath()
                    }
                }
            }

            func stop() { reader.cancel() }
        }
    }

    /// A non-blocking `AF_NETLINK` socket in the `NETLINK_ROUTE` family, bound to the multicast
    /// groups of link, address and route changes. Only the arrival of messages matters: what
    /// changed is read afresh from the interface list.
    private final class NetlinkSocket: Sendable {
        private let descriptor: Locked<Int32>
        private let loop: EventLoop

        init() throws(NetworkError) {
            loop = try EventLoop.shared
            let fd = socket(
                AF_NETLINK, Int32(SOCK_RAW.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
                NETLINK_ROUTE)
            guard fd >= 0 else { throw .lastSystemError("socket") }
            var address = sockaddr_nl()
            address.nl_family = sa_family_t(AF_NETLINK)
            address.nl_groups = UInt32(
                RTMGRP_LINK | RTMGRP_IPV4_IFADDR | RTMGRP_IPV6_IFADDR | RTMGRP_IPV4_ROUTE | RTMGRP_IPV6_ROUTE)
            let bound = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_nl>.size))
                }
            }
            guard bound == 0 else {
                let error = NetworkError.lastSystemError("bind")
                Glibc.close(fd)
                throw error
            }
            descriptor = Locked(fd)
        }

        /// Waits until messages arrive, then reads them all (the loop reports readiness on an edge,
        /// so every wait starts from an empty socket).
        func waitForChange() async throws {
            let fd = descriptor.withLock { $0 }
            guard fd >= 0 else { throw CancellationError() }
            try await loop.waitUntilReady(fd, for: .read, isStillOpen: { descriptor.withLock { $0 } == fd })
        }

        /// Reads every waiting message; an overflow (`ENOBUFS`) lost some, which the fresh look at
        /// the interfaces makes up for.
        func drain() {
            let fd = descriptor.withLock { $0 }
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if count > 0 { continue }
                if count < 0 && errno == EINTR { continue }
                if count < 0 && errno == ENOBUFS { continue }
                return
            }
        }

        func close() {
            let fd = descriptor.withLock { fd in
                defer { fd = -1 }
                return fd
            }
            guard fd >= 0 else { return }
            loop.deregister(fd)
            Glibc.close(fd)
        }
    }
#elseif canImport(Network)
    extension NetworkMonitor {
        /// `NWPathMonitor`, whose every update means the path may have changed.
        fileprivate final class Source: @unchecked Sendable {
            // Configured before `start` and then only cancelled, which NWPathMonitor allows from
            // any thread.
            private let pathMonitor = NWPathMonitor()

            init(monitor: NetworkMonitor) {
                pathMonitor.pathUpdateHandler = { [weak monitor] _ in monitor?.publishCurrentPath() }
                pathMonitor.start(queue: DispatchQueue(label: "switchboard.network-monitor"))
            }

            func stop() { pathMonitor.cancel() }
        }
    }
#else
    extension NetworkMonitor {
        /// No change notifications on this platform: subscribers get the path at the start only.
        fileprivate final class Source: Sendable {
            init(monitor: NetworkMonitor) {}
            func stop() {}
        }
    }
#endif
