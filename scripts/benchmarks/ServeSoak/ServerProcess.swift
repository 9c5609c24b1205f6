import Foundation
import SwitchboardCore

/// Why the server under soak could not be started or misbehaved as a process.
struct ServerProcessError: Error, CustomStringConvertible {
    let description: String
}

/// `switchboard serve` run as a child process, the way a developer leaves it running: its
/// output drained (and counted) as it comes, its memory and descriptors read from `/proc`.
final class ServerProcess: Sendable {
    let process: Process
    /// The port it listens on, from its banner.
    let port: Int
    /// Bytes it wrote to stdout and stderr, and the last lines (for a failure report).
    let output: Locked<(bytes: Int, tail: [String])>

    var pid: Int32 { process.processIdentifier }

    private init(process: Process, port: Int, output: Locked<(bytes: Int, tail: [String])>) {
        self.process = process
        self.port = port
        self.output = output
    }

    /// Starts `binary serve arguments…` and waits (at most 30 s) for its banner.
    static func start(binary: String, arguments: [String]) async throws -> ServerProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let output = Locked((bytes: 0, tail: [String]()))
        let port = Locked<Int?>(nil)
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                return
            }
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
            output.withLock { output in
                output.bytes += data.count
                output.tail = Array((output.tail + lines).suffix(20))
            }
            for line in lines where line.hasPrefix("  GraphQL:") {
                let digits = line.split(separator: ":").last?.prefix { $0.isNumber } ?? ""
                port.withLock { $0 = Int(digits) }
            }
        }
        try process.run()
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if let found = port.withLock({ $0 }), output.withLock({ $0.tail.contains { $0.hasPrefix("Stop with") } }) {
                return ServerProcess(process: process, port: found, output: output)
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.terminate()
        let tail = output.withLock { $0.tail.joined(separator: "\n") }
        throw ServerProcessError(description: "switchboard serve did not print its banner within 30 s:\n\(tail)")
    }

    /// `VmRSS` in KiB; nil once the process is gone.
    func residentKiB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return line?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    /// The processor time it has used, user and system (`/proc/PID/stat`); nil once it is gone.
    func processorSeconds() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        // After the command name (which may hold spaces): state is field 3, utime 14, stime 15.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Its open descriptors: TCP connections (in any state but listening), and everything else.
    func descriptors() -> (connections: Int, other: Int)? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") else { return nil }
        let connected = Set(tcpTable().filter { $0.state != "0A" }.map(\.inode))
        var connections = 0
        var other = 0
        for entry in entries {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(entry)")) ?? ""
            if target.hasPrefix("socket:["), connected.contains(String(target.dropFirst(8).dropLast())) {
                connections += 1
            } else {
                other += 1
            }
        }
        return (connections, other)
    }

    /// Its connections by TCP state (`ESTABLISHED 3, CLOSE_WAIT 1`): what a held connection is waiting for.
    func connectionStates() -> String {
        let names = [
            "01": "ESTABLISHED", "02": "SYN_SENT", "03": "SYN_RECV", "04": "FIN_WAIT1", "05": "FIN_WAIT2",
            "06": "TIME_WAIT", "07": "CLOSE", "08": "CLOSE_WAIT", "09": "LAST_ACK", "0B": "CLOSING",
        ]
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") else { return "" }
        let inodes = Set(
            entries.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)") }
                .filter { $0.hasPrefix("socket:[") }.map { String($0.dropFirst(8).dropLast()) })
        var counts: [String: Int] = [:]
        for row in tcpTable() where inodes.contains(row.inode) && row.state != "0A" {
            counts[names[row.state] ?? row.state, default: 0] += 1
        }
        return counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    /// Connections to its port that are open on the client's side (ESTABLISHED from this process).
    func openClientConnections() -> Int {
        tcpTable().filter { $0.remotePort == port && $0.state == "01" }.count
    }

    private func tcpTable() -> [(localPort: Int, remotePort: Int, state: String, inode: String)] {
        var rows: [(Int, Int, String, String)] = []
        for table in ["/proc/\(pid)/net/tcp", "/proc/\(pid)/net/tcp6"] {
            // Read to the end: the kernel hands out /proc's tables a page per read, and one read is not the table.
            guard let data = FileHandle(forReadingAtPath: table)?.readDataToEndOfFile() else { continue }
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 9,
                    let local = fields[1].split(separator: ":").last.flatMap({ Int($0, radix: 16) }),
                    let remote = fields[2].split(separator: ":").last.flatMap({ Int($0, radix: 16) })
                else { continue }
                rows.append((local, remote, String(fields[3]), String(fields[9])))
            }
        }
        return rows
    }

    /// Stops it as Ctrl-C does and waits (at most 10 s); its exit status, or nil if it did not exit.
    func interrupt() async -> Int32? {
        process.interrupt()
        let deadline = ContinuousClock.now + .seconds(10)
        while process.isRunning && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        guard !process.isRunning else {
            kill(pid, SIGKILL)
            return nil
        }
        return process.terminationStatus
    }
}
