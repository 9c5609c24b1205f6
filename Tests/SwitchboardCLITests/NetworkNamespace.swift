import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A network namespace joined to this one by a veth pair, for tests that take a link down and
/// up for real: `hostAddress` is this namespace's end, `peerAddress` the namespace's. Needs root
/// and `ip` (iproute2); ``make(caller:)`` says why it cannot and returns `nil` otherwise.
struct NetworkNamespace {
    static let ipCommand = URL(
        fileURLWithPath: ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        } ?? "/usr/sbin/ip")

    let name: String
    let hostInterface: String
    let hostAddress: String
    let peerAddress: String

    /// Creates the namespace and the pair, both ends up; `nil` (with a printed reason) where
    /// that is not possible.
    static func make(caller: String = #function) async throws -> NetworkNamespace? {
        #if os(Linux)
            guard geteuid() == 0 else {
                print("skipping \(caller): creating a network namespace needs root")
                return nil
            }
            guard FileManager.default.isExecutableFile(atPath: ipCommand.path) else {
                print("skipping \(caller): the ip command (iproute2) is not installed")
                return nil
            }
            // Names and a /30 unique to this process, so that parallel runs do not meet.
            let id = Int(getpid()) % 60_000
            let namespace = NetworkNamespace(
                name: "sbnet\(id)", hostInterface: "sbh\(id)", hostAddress: "10.\(200 + id / 250 % 50).\(id % 250).1",
                peerAddress: "10.\(200 + id / 250 % 50).\(id % 250).2")
            let peerInterface = "sbp\(id)"
            let created = try await run(["netns", "add", namespace.name])
            guard created.status == 0 else {
                print("skipping \(caller): ip netns add failed: \(created.standardError)")
                return nil
            }
            for step in [
                ["link", "add", namespace.hostInterface, "type", "veth", "peer", "name", peerInterface],
                ["link", "set", peerInterface, "netns", namespace.name],
                ["addr", "add", "\(namespace.hostAddress)/30", "dev", namespace.hostInterface],
                ["link", "set", namespace.hostInterface, "up"],
                [
                    "netns", "exec", namespace.name, "ip", "addr", "add", "\(namespace.peerAddress)/30", "dev",
                    peerInterface,
                ],
                ["netns", "exec", namespace.name, "ip", "link", "set", peerInterface, "up"],
                ["netns", "exec", namespace.name, "ip", "link", "set", "lo", "up"],
            ] {
                let result = try await run(step)
                guard result.status == 0 else {
                    await namespace.remove()
                    throw NamespaceError(message: "ip \(step.joined(separator: " ")) failed: \(result.standardError)")
                }
            }
            return namespace
        #else
            print("skipping \(caller): network namespaces are a Linux feature")
            return nil
        #endif
    }

    /// Takes this namespace's end of the pair down or up.
    func setHostLink(up: Bool) async throws {
        let result = try await Self.run(["link", "set", hostInterface, up ? "up" : "down"])
        guard result.status == 0 else { throw NamespaceError(message: "ip link set failed: \(result.standardError)") }
    }

    /// Deletes the namespace, and with it the pair.
    func remove() async {
        _ = try? await Self.run(["netns", "del", name])
        _ = try? await Self.run(["link", "del", hostInterface])
    }

    private static func run(_ arguments: [String]) async throws -> CommandRunner.Result {
        try await CommandRunner.run(ipCommand, arguments, timeout: .seconds(20))
    }

    struct NamespaceError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
