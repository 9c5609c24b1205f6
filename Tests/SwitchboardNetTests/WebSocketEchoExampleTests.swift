import Foundation
import SwitchboardNet
import Testing

/// The WebSocket echo example of Internals/WebSockets.md, compiled and run as written (between
/// the markers).
struct WebSocketEchoExampleTests {
    @Test func readmeEchoExampleRuns() async throws {
        // EXAMPLE BEGIN
        let server = try await HTTPServer.start { request in
            .webSocketUpgrade(for: request) { socket in
                while let message = try? await socket.receive() {
                    if case .text(let text) = message { try? await socket.send(text: "echo: \(text)") }
                }
            }
        }
        let socket = try await WebSocket.connect(to: URL(string: "ws://127.0.0.1:\(server.port)/")!)
        try await socket.send(text: "hello")
        let reply = try await socket.receive()  // .text("echo: hello")
        await socket.close()
        await server.stop()
        // EXAMPLE END
        #expect(reply == .text("echo: hello"))
    }
}
