import Foundation
import TestSupport
import Testing

@testable import SwitchboardNet

/// A server stopping cancels the tasks serving its connections, including one that is closing a
/// WebSocket while another reads it. The cancelled `close()` must end (dropping the connection)
/// instead of waiting for ever for a close reply that the cancelled reader will never hand it;
/// otherwise `HTTPServer.stop()` never returns.
struct WebSocketCancelledCloseTests {
    @Test func stoppingTheServerEndsACloseWaitingForASilentPeer() async throws {
        let server = try await HTTPServer.start(configuration: .patient()) { request in
            // A close timeout far longer than the deadline below: only the cancellation may end it.
            .webSocketUpgrade(for: request, configuration: WebSocketConfiguration(closeTimeout: .seconds(3600))) {
                socket in
                async let reading: Void = { while (try? await socket.receive()) != nil {} }()
                while !socket.isReceiving { try? await Task.sleep(for: .milliseconds(1)) }
                await socket.close(code: 1001, reason: "going away")
                await reading
            }
        }
        var peer = try await RawWebSocketPeer.connect(port: server.port)
        // The server's close arrived: it now waits for a reply this peer never sends.
        #expect(try await peer.readCloseCode() == 1001)
        let stopped = try await resultUnlessHung(deadline: .seconds(60)) {
            await server.stop()
            return true
        }
        #expect(stopped == true, "HTTPServer.stop() hung on a cancelled WebSocket close")
        await peer.connection.close()
    }
}
