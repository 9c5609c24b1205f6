import Foundation

/// The process's open file descriptors and resident memory, read from `/proc/self` (Linux);
/// `nil` where there is no `/proc`.
enum ProcessProbe {
    /// Entries of `/proc/self/fd`, less the one the listing itself opens.
    static func openDescriptors() -> Int? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        return entries.count - 1
    }

    /// What each open descriptor is, counted by kind: TCP sockets by state and side of `port`
    /// (`tcp ESTABLISHED client`), other sockets, pipes, `anon_inode:[eventfd]`, paths.
    static func descriptorKinds(port: Int) -> [String: Int] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return [:] }
        let tcp = tcpSockets(port: port)
        var kinds: [String: Int] = [:]
        for entry in entries {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)")
            else { continue }
            let kind: String
            if target.hasPrefix("socket:[") {
                let inode = String(target.dropFirst(8).dropLast())
                kind = tcp[inode] ?? otherSocketKind(inode: inode)
            } else {
                kind = target.hasPrefix("pipe:") ? "pipe" : target
            }
            kinds[kind, default: 0] += 1
        }
        return kinds
    }

    /// The `/proc/self/net` table (`unix`, `udp`, `netlink`, …) that lists socket `inode`.
    private static func otherSocketKind(inode: String) -> String {
        for table in ["unix", "udp", "udp6", "netlink", "raw", "raw6", "packet"] {
            guard let text = try? String(contentsOfFile: "/proc/self/net/\(table)", encoding: .utf8) else { continue }
            for line in text.split(separator: "\n").dropFirst()
            where line.split(separator: " ").contains(Substring(inode)) {
                return "socket \(table)"
            }
        }
        return "socket (unknown)"
    }

    /// TCP sockets by inode: `tcp STATE server|client|other`, the side relative to `port`.
    private static func tcpSockets(port: Int) -> [String: String] {
        let states = [
            "01": "ESTABLISHED", "02": "SYN_SENT", "03": "SYN_RECV", "04": "FIN_WAIT1", "05": "FIN_WAIT2",
            "06": "TIME_WAIT", "07": "CLOSE", "08": "CLOSE_WAIT", "09": "LAST_ACK", "0A": "LISTEN", "0B": "CLOSING",
        ]
        var sockets: [String: String] = [:]
        for table in ["/proc/self/net/tcp", "/proc/self/net/tcp6"] {
            guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 9 else { continue }
                let localPort = fields[1].split(separator: ":").last.flatMap { Int($0, radix: 16) }
                let remotePort = fields[2].split(separator: ":").last.flatMap { Int($0, radix: 16) }
                let side = localPort == port ? "server" : remotePort == port ? "client" : "other"
                sockets[String(fields[9])] = "tcp \(states[String(fields[3])] ?? String(fields[3])) \(side)"
            }
        }
        return sockets
    }

    /// `VmRSS` of `/proc/self/status`, in KiB.
    static func residentKiB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        }
        return nil
    }

    /// The smallest descriptor count seen over `window`: descriptors the runtime opens for a moment
    /// (libdispatch reads a file about once a second) do not count, and sockets being closed settle.
    static func settledDescriptors(over window: Duration = .seconds(2)) async -> Int? {
        var lowest: Int?
        let end = ContinuousClock.now + window
        while ContinuousClock.now < end {
            if let count = openDescriptors() { lowest = min(lowest ?? count, count) }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return lowest
    }
}

/// Descriptors and RSS at one moment of the run.
struct ResourceSample: Sendable {
    let descriptors: Int?
    let residentKiB: Int?
    /// Descriptors by kind, taken for the settled samples (to name what leaked).
    var kinds: [String: Int] = [:]

    static func now() -> ResourceSample {
        ResourceSample(descriptors: ProcessProbe.openDescriptors(), residentKiB: ProcessProbe.residentKiB())
    }

    /// The settled count (see ``ProcessProbe/settledDescriptors(over:)``); TCP sockets are told
    /// apart by their side of `port`, the mock's.
    static func settled(port: Int) async -> ResourceSample {
        let descriptors = await ProcessProbe.settledDescriptors()
        return ResourceSample(
            descriptors: descriptors, residentKiB: ProcessProbe.residentKiB(),
            kinds: ProcessProbe.descriptorKinds(port: port))
    }
}
