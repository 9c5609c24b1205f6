import Foundation
import SwitchboardNet
import Testing

@testable import SwitchboardAPI

struct WebSocketRealtimeTransportTests {
    @Test func textMessagesFlowBinaryFramesAreSkippedAndCloseEndsReceive() async throws {
        let server = try await HTTPServer.start { request in
            .webSocketUpgrade(for: request, selectSubprotocol: { $0.first }) { socket in
                guard case .text(let text)? = try? await socket.receive() else { return }
                try? await socket.send(binary: [1, 2, 3])
                try? await socket.send(text: "echo: \(text) \(request.headers["Authorization"] ?? "-")")
                await socket.close(code: 1000)
            }
        }
        let transport = WebSocketRealtimeTransport()
        let socket = try await transport.connect(
            to: URL(string: "ws://127.0.0.1:\(server.port)/graphql")!, headers: [("Authorization", "token")],
            subprotocols: ["graphql-transport-ws"])
        try await socket.send(text: "hi")
        #expect(try await socket.receive() == "echo: hi token")
        #expect(try await socket.receive() == nil)
        await socket.close(code: 1000)
        await server.stop()
    }

    @Test func thePluginUsesTheWebSocketTransportByDefault() async throws {
        let plugin = try APIPlugin()
        #expect(plugin.realtimeConnections.transport is WebSocketRealtimeTransport)
    }
}
