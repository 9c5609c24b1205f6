// The standard Autobahn test-client loop against a fuzzing server (Autobahn's own, or kosoku):
// getCaseCount, then runCase?case=N&agent=switchboard echoing every message until the server
// closes, then updateReports. Usage: autobahn-client ws://127.0.0.1:9001 [agent]
//
// `autobahn-client --serve PORT` instead runs an echo server on 127.0.0.1:PORT (the server role)
// for a fuzzing client to drive, until killed.
import Foundation
import SwitchboardNet

let arguments = CommandLine.arguments
if arguments.count >= 3, arguments[1] == "--serve", let port = Int(arguments[2]) {
    let limits = WebSocketConfiguration(maximumMessageSize: 64 << 20, maximumFrameSize: 64 << 20)
    let server = try await HTTPServer.start(
        port: port, configuration: .init(idleTimeout: .seconds(600))
    ) { request in
        .webSocketUpgrade(for: request, configuration: limits) { socket in
            while let message = try? await socket.receive() {
                switch message {
                case .text(let text): try? await socket.send(text: text)
                case .binary(let bytes): try? await socket.send(binary: bytes)
                }
            }
        }
    }
    print("autobahn-client: echo server on ws://127.0.0.1:\(server.port)")
    while true { try await Task.sleep(for: .seconds(3600)) }
}
guard arguments.count >= 2, let base = URL(string: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: autobahn-client ws://HOST:PORT [AGENT]\n".utf8))
    exit(2)
}
let agent = arguments.count >= 3 ? arguments[2] : "switchboard"
// Autobahn's 9.* cases send messages of up to 16 MiB; allow them with room to spare.
let configuration = WebSocketConfiguration(maximumMessageSize: 64 << 20, maximumFrameSize: 64 << 20)

func url(_ pathAndQuery: String) -> URL {
    URL(string: base.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + pathAndQuery)!
}

func caseCount() async throws -> Int {
    let socket = try await WebSocket.connect(to: url("/getCaseCount"), configuration: configuration)
    defer { Task { await socket.close() } }
    guard case .text(let text)? = try await socket.receive(), let count = Int(text) else {
        throw WebSocketError.invalidHandshake("getCaseCount did not answer with a number")
    }
    return count
}

/// Echoes every message of one case until the server closes (or fails) the connection.
func run(case number: Int) async {
    do {
        let socket = try await WebSocket.connect(
            to: url("/runCase?case=\(number)&agent=\(agent)"), configuration: configuration)
        while let message = try await socket.receive() {
            switch message {
            case .text(let text): try await socket.send(text: text)
            case .binary(let bytes): try await socket.send(binary: bytes)
            }
        }
    } catch {
        // Failing the connection is the expected outcome of many cases; the server judges it.
    }
}

do {
    let count = try await caseCount()
    print("autobahn-client: \(count) cases")
    for number in 1...max(count, 1) where count > 0 {
        await run(case: number)
        if number % 50 == 0 { print("autobahn-client: \(number)/\(count)") }
    }
    let reports = try await WebSocket.connect(to: url("/updateReports?agent=\(agent)"), configuration: configuration)
    _ = try? await reports.receive()
    await reports.close()
    print("autobahn-client: done")
} catch {
    FileHandle.standardError.write(Data("autobahn-client: \(error)\n".utf8))
    exit(1)
}
