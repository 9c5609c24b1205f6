// Switchboard WebSocket echo on loopback: Switchboard client ↔ Switchboard server (HTTPServer +
// webSocketUpgrade), sequential round trips of one binary message at a time.
// Prints "RESULT switchboard SIZE MESSAGES SECONDS" per size; scripts/bench websocket compares.
import Foundation
import SwitchboardNet

let sizes = [64, 65_536]
let messages = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 20_000 : 20_000
let configuration = WebSocketConfiguration(maximumMessageSize: 1 << 20, maximumFrameSize: 1 << 20)

let server = try await HTTPServer.start { request in
    .webSocketUpgrade(for: request, configuration: configuration) { socket in
        while let message = try? await socket.receive() {
            switch message {
            case .text(let text): try? await socket.send(text: text)
            case .binary(let bytes): try? await socket.send(binary: bytes)
            }
        }
    }
}

for size in sizes {
    let count = size >= 65_536 ? max(messages / 10, 1) : messages
    let socket = try await WebSocket.connect(
        to: URL(string: "ws://127.0.0.1:\(server.port)/echo")!, configuration: configuration)
    let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0) }
    for _ in 0..<100 {
        try await socket.send(binary: payload)
        _ = try await socket.receive()
    }
    let start = ContinuousClock.now
    for _ in 0..<count {
        try await socket.send(binary: payload)
        guard case .binary(let echo)? = try await socket.receive(), echo.count == size else {
            FileHandle.standardError.write(Data("bad echo\n".utf8))
            exit(1)
        }
    }
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print("RESULT switchboard \(size) \(count) \(seconds)")
    await socket.close()
}
await server.stop()
