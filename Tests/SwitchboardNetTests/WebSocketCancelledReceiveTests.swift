import Foundation
import Testing

@testable import SwitchboardNet

/// A receive cancelled mid-read leaves the socket usable: the next receive gets the next message,
/// and a close afterwards completes its handshake with the peer's reply, not by waiting out the
/// close timeout.
struct WebSocketCancelledReceiveTests {
    @Test func aCloseAfterACancelledReceiveEndsWithThePeersReply() async throws {
        let server = try await WebSocketTestServer.start()
        defer { Task { await server.stop() } }
        let socket = try await WebSocket.connect(
            to: server.webSocketURL("/echo"), configuration: .init(closeTimeout: .seconds(30)))
        let reader = Task { try await socket.receive() }
        while !socket.isReceiving { try await Task.sleep(for: .milliseconds(1)) }
        try await Task.sleep(for: .milliseconds(20))
        reader.cancel()
        _ = await reader.result
        #expect(!socket.isReceiving)
        // Still usable.
        try await socket.send(text: "after")
        #expect(try await socket.receive() == .text("after"))

        let clock = ContinuousClock()
        let started = clock.now
        await socket.close()
        let took = clock.now - started
        #expect(took < .seconds(10), "the close waited \(took)")
    }

    @Test func aCloseRightAfterCancellingTheReaderDoesNotWaitOutTheTimeout() async throws {
        let server = try await WebSocketTestServer.start()
        defer { Task { await server.stop() } }
        for _ in 0..<5 {
            let socket = try await WebSocket.connect(
                to: server.webSocketURL("/echo"), configuration: .init(closeTimeout: .seconds(30)))
            let reader = Task { try await socket.receive() }
            while !socket.isReceiving { try await Task.sleep(for: .milliseconds(1)) }
            // The reader still holds the socket's frame reader when the close begins.
            reader.cancel()
            let clock = ContinuousClock()
            let started = clock.now
            await socket.close()
            let took = clock.now - started
            #expect(took < .seconds(10), "the close waited \(took)")
            #expect(socket.closeCode == 1000)
            _ = await reader.result
        }
    }
}
