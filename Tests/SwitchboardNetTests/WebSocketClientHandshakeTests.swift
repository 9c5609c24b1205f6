import Foundation
import Testing

@testable import SwitchboardNet

/// The client role against a hand-written server that answers with exactly the bytes a test
/// chooses (bad accept keys, unoffered subprotocols, masked frames).
struct WebSocketClientHandshakeTests {
    /// Accepts one connection, reads the upgrade request and answers with `respond(key)`, then
    /// sends `frames`; returns the request head.
    private func withRawServer(
        respond: @escaping @Sendable (String) -> String, frames: [UInt8] = [],
        client: @Sendable (URL) async throws -> Void
    ) async throws {
        let listener = try TCPListener()
        let server = Task {
            let connection = try await listener.accept()
            var peer = RawWebSocketPeer(connection: connection)
            let head = try await peer.readHead()
            let key =
                head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
                .map { String($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? ""
            try await peer.send(Array(respond(key).utf8) + frames)
            _ = await peer.readsEndOfStream()
        }
        try await client(URL(string: "ws://127.0.0.1:\(listener.port)/")!)
        server.cancel()
        listener.close()
    }

    private func accepted(_ key: String, extra: String = "") -> String {
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(for: key))\r\n\(extra)\r\n"
    }

    @Test func aWrongAcceptKeyIsRejected() async throws {
        try await withRawServer(respond: { _ in self.accepted("AAAAAAAAAAAAAAAAAAAAAA==") }) { url in
            await #expect(throws: WebSocketError.invalidHandshake("Sec-WebSocket-Accept does not match the key sent")) {
                _ = try await WebSocket.connect(to: url)
            }
        }
    }

    @Test func anUnofferedSubprotocolIsRejected() async throws {
        try await withRawServer(respond: { self.accepted($0, extra: "Sec-WebSocket-Protocol: mqtt\r\n") }) { url in
            await #expect(throws: WebSocketError.self) {
                _ = try await WebSocket.connect(to: url, subprotocols: ["graphql-ws"])
            }
        }
    }

    @Test func anUnnegotiatedExtensionIsRejected() async throws {
        try await withRawServer(respond: {
            self.accepted($0, extra: "Sec-WebSocket-Extensions: permessage-deflate\r\n")
        }) {
            url in
            await #expect(throws: WebSocketError.self) { _ = try await WebSocket.connect(to: url) }
        }
    }

    @Test func framesArrivingWithTheHandshakeResponseAreDelivered() async throws {
        let frames = RawWebSocketPeer.frame(1, Array("first".utf8), mask: nil)
        try await withRawServer(respond: { self.accepted($0) }, frames: frames) { url in
            let socket = try await WebSocket.connect(to: url)
            #expect(try await socket.receive() == .text("first"))
            socket.abort()
        }
    }

    @Test func aMaskedFrameFromTheServerFailsWith1002() async throws {
        let frames = RawWebSocketPeer.frame(1, Array("masked".utf8))
        try await withRawServer(respond: { self.accepted($0) }, frames: frames) { url in
            let socket = try await WebSocket.connect(to: url, configuration: .init(closeTimeout: .milliseconds(200)))
            await #expect(throws: WebSocketError.protocolViolation("masked frame from a server", byteOffset: 0)) {
                _ = try await socket.receive()
            }
        }
    }

    @Test func aConnectionDroppedMidMessageIsConnectionLost() async throws {
        let listener = try TCPListener()
        let server = Task {
            let connection = try await listener.accept()
            var peer = RawWebSocketPeer(connection: connection)
            let head = try await peer.readHead()
            let key =
                head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
                .map { String($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? ""
            let partial = Array(RawWebSocketPeer.frame(2, Array(repeating: 1, count: 100), mask: nil)[0..<50])
            try await peer.send(Array(self.accepted(key).utf8) + partial)
            await connection.close()
        }
        let socket = try await WebSocket.connect(to: URL(string: "ws://127.0.0.1:\(listener.port)/")!)
        await #expect(throws: WebSocketError.connectionLost(byteOffset: 50)) { _ = try await socket.receive() }
        try await server.value
        listener.close()
    }
}
