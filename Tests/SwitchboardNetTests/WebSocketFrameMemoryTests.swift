import Foundation
import SwitchboardCore
import TestSupport
import Testing

@testable import SwitchboardNet

/// A frame header claiming the maximum length costs no memory until the bytes arrive: the message
/// grows with what is received, however much a header promises.
struct WebSocketFrameMemoryTests {
    @Test func aHeaderClaimingSixteenMebibytesReservesOnlyWhatArrived() async throws {
        let sockets = Locked<[WebSocket]>([])
        let server = try await HTTPServer.start(configuration: .patient()) { request in
            .webSocketUpgrade(for: request) { socket in
                sockets.withLock { $0.append(socket) }
                while (try? await socket.receive()) != nil {}
            }
        }
        let peer = try await RawWebSocketPeer.connect(port: server.port)
        // A binary frame announcing 16 MiB (the default maximum), followed by only 1 KiB of it.
        let claimed = 16 << 20
        var header: [UInt8] = [0x82, 0x80 | 127]
        for shift in stride(from: 56, through: 0, by: -8) { header.append(UInt8((claimed >> shift) & 0xFF)) }
        header += [0x11, 0x22, 0x33, 0x44]
        try await peer.send(header + [UInt8](repeating: 0x55, count: 1024))
        let capacity = try await resultUnlessHung { () -> Int in
            while true {
                if let socket = sockets.withLock({ $0.first }), socket.incomingMessageCapacity > 0 {
                    return socket.incomingMessageCapacity
                }
                try await Task.sleep(for: .milliseconds(5))
            }
        }
        let held = try #require(capacity)
        #expect(held < 1 << 20, "\(held) bytes held for 1 KiB received")

        await peer.connection.close()
        await server.stop()
    }
}
