import Foundation
import SwitchboardNet
import TestSupport
import Testing

/// `switchboard mock` under a low descriptor limit (`ulimit -n 256`, set for the child process
/// only): it holds at most the limit minus its reserve, answers the excess `503` at once instead
/// of leaving it hanging, keeps serving the connections it holds under load, stays alive, and
/// takes new connections again once some close.
@Suite struct MockDescriptorLimitTests {
    /// One request on a kept-alive connection: the status of its response, or `nil` if the server closed.
    private static func request(_ connection: TCPConnection, _ path: String) async throws -> Int? {
        try await connection.write(Array("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        var buffer: [UInt8] = []
        while true {
            if let end = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
                let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self).lowercased()
                let length =
                    head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if buffer.count - end.upperBound >= length {
                    return Int(head.split(separator: " ").dropFirst().first ?? "")
                }
            }
            let bytes = try await connection.read(maxBytes: 4096)
            if bytes.isEmpty { return nil }
            buffer += bytes
        }
    }

    @Test func theMockNeverRunsOutOfDescriptors() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sb-fdlimit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("mock.yaml")
        try Data("http:\n  - path: /ping\n    response: {body: {text: pong}}\n".utf8).write(to: config)
        let process = try CommandRunner.start(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", #"ulimit -n 256 && exec "$0" mock "$1""#, switchboard.path, config.path])
        defer { process.terminate() }
        let first = try #require(await process.nextLine())
        let port = try #require(Int(first.split(separator: ":").last ?? ""))

        let outcome = try await resultUnlessHung { () -> (held: [TCPConnection], refused: Int) in
            var held: [TCPConnection] = []
            var refused = 0
            for index in 0..<300 {
                let connection = try await TCPConnection.connect(host: "127.0.0.1", port: port)
                switch try await Self.request(connection, "/ping?\(index)") {
                case 200: held.append(connection)
                case 503, nil:
                    refused += 1
                    await connection.close()
                case let status: Issue.record("unexpected status \(String(describing: status))")
                }
            }
            return (held, refused)
        }
        let (held, refused) = try #require(outcome, "a connection over the limit was left hanging")
        // 256 descriptors leave room for 192 connections; the mock holds no more than that.
        #expect(held.count <= 192)
        #expect(held.count >= 150)
        #expect(refused == 300 - held.count)

        // Load on every held connection, all at once: still served, and the mock is alive.
        let statuses = try await resultUnlessHung {
            try await withThrowingTaskGroup(of: [Int?].self) { group in
                for connection in held {
                    group.addTask {
                        var statuses: [Int?] = []
                        for round in 0..<5 {
                            statuses.append(try await Self.request(connection, "/ping?round=\(round)"))
                        }
                        return statuses
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
        }
        #expect(statuses?.count == held.count * 5)
        #expect(statuses?.allSatisfy { $0 == 200 } == true)
        #expect(process.isRunning)

        // Once connections close, new ones are served again.
        for connection in held { await connection.close() }
        let served = try await resultUnlessHung { () -> Bool in
            while true {
                let connection = try await TCPConnection.connect(host: "127.0.0.1", port: port)
                defer { connection.closeNow() }
                if try await Self.request(connection, "/ping") == 200 { return true }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        #expect(served == true)
        #expect(process.isRunning)
    }
}
