import Foundation
import Testing

@testable import SwitchboardNet

/// Switchboard client ↔ Switchboard server over loopback.
struct WebSocketLoopbackTests {
    @Test func textAndBinaryMessagesOfEverySizeEchoIntact() async throws {
        let server = try await WebSocketTestServer.start()
        let socket = try await WebSocket.connect(to: server.webSocketURL("/echo"))
        for size in [0, 1, 125, 126, 65_535, 65_536, 1_000_000] {
            let text = String(repeating: "é", count: size / 2) + (size % 2 == 1 ? "x" : "")
            try await socket.send(text: text)
            #expect(try await socket.receive() == .text(text))
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 13) }
            try await socket.send(binary: bytes)
            #expect(try await socket.receive() == .binary(bytes))
        }
        await socket.close()
        #expect(try await socket.receive() == nil)
        await server.stop()
    }

    @Test func messagesLargerThanTheFrameSizeAreFragmentedAndReassembled() async throws {
        let log = WebSocketServerLog()
        let server = try await WebSocketTestServer.start(configuration: .init(maximumFrameSize: 100), log: log)
        let socket = try await WebSocket.connect(
            to: server.webSocketURL(), configuration: .init(maximumFrameSize: 100))
        let text = String(repeating: "ab€", count: 300)
        try await socket.send(text: text)
        #expect(try await socket.receive() == .text(text))
        await socket.close()
        await server.stop()
    }

    @Test func subprotocolsAreNegotiatedAndHeadersSent() async throws {
        let log = WebSocketServerLog()
        let server = try await WebSocketTestServer.start(log: log)
        let socket = try await WebSocket.connect(
            to: server.webSocketURL("/graphql?header=abc"), headers: [("Authorization", "Bearer t"), ("X-Trace", "1")],
            subprotocols: ["graphql-ws", "graphql-transport-ws"])
        #expect(socket.subprotocol == "graphql-transport-ws")
        let headers = try #require(await log.requestHeaders.first)
        #expect(headers["Authorization"] == "Bearer t")
        #expect(headers["X-Trace"] == "1")
        #expect(headers["Host"] == "127.0.0.1:\(server.port)")
        #expect(headers["Sec-WebSocket-Protocol"] == "graphql-ws, graphql-transport-ws")
        let plain = try await WebSocket.connect(to: server.webSocketURL())
        #expect(plain.subprotocol == nil)
        await socket.close()
        await plain.close()
        await server.stop()
    }

    @Test func redirectsAreRefusedNamingTheLocation() async throws {
        let server = try await WebSocketTestServer.start()
        await #expect(throws: WebSocketError.redirectRefused(status: 302, location: "ws://127.0.0.1:1/elsewhere")) {
            _ = try await WebSocket.connect(to: server.webSocketURL("/redirect"))
        }
        await server.stop()
    }

    @Test func aRejectedUpgradeReportsStatusAndBodyExcerpt() async throws {
        let server = try await WebSocketTestServer.start()
        let error = await #expect(throws: WebSocketError.self) {
            _ = try await WebSocket.connect(to: server.webSocketURL("/forbidden"))
        }
        guard case .handshakeRejected(let status, let headers, let excerpt)? = error else {
            Issue.record("expected handshakeRejected, got \(String(describing: error))")
            return
        }
        #expect(status == 403)
        #expect(headers["content-length"] == "20")
        #expect(excerpt == "no token, no socket")
        await server.stop()
    }

    @Test func reservedHeadersAndNonWebSocketURLsAreRejectedBeforeConnecting() async {
        await #expect(throws: WebSocketError.reservedHeader("Sec-WebSocket-Key")) {
            _ = try await WebSocket.connect(
                to: URL(string: "ws://127.0.0.1:1/")!, headers: [("Sec-WebSocket-Key", "x")])
        }
        await #expect(throws: WebSocketError.invalidURL("http://127.0.0.1/")) {
            _ = try await WebSocket.connect(to: URL(string: "http://127.0.0.1/")!)
        }
    }

    @Test func aServerInitiatedCloseEndsReceiveWithItsCode() async throws {
        let server = try await WebSocketTestServer.start()
        let socket = try await WebSocket.connect(to: server.webSocketURL())
        try await socket.send(text: "close-please")
        #expect(try await socket.receive() == nil)
        #expect(socket.closeCode == 4000)
        #expect(socket.closeReason == "as you wish")
        await #expect(throws: WebSocketError.closed(code: 4000, reason: "as you wish")) {
            try await socket.send(text: "too late")
        }
        #expect(try await socket.receive() == nil)
        await server.stop()
    }

    @Test func stoppingTheServerClosesOpenSocketsWithGoingAway() async throws {
        let server = try await WebSocketTestServer.start()
        let socket = try await WebSocket.connect(to: server.webSocketURL())
        try await socket.send(text: "hi")
        #expect(try await socket.receive() == .text("hi"))
        await server.stop()
        #expect(try await socket.receive() == nil)
        #expect(socket.closeCode == 1001)
    }

    @Test func aClientCloseReachesTheServerHandlerWithItsCode() async throws {
        let log = WebSocketServerLog()
        let server = try await WebSocketTestServer.start(log: log)
        let socket = try await WebSocket.connect(to: server.webSocketURL())
        await socket.close(code: 1001, reason: "going away")
        while await log.closeCodes.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        #expect(await log.closeCodes == [1001])
        await server.stop()
    }

    @Test func closeWhileAnotherTaskReceivesCompletesTheHandshake() async throws {
        let server = try await WebSocketTestServer.start()
        let socket = try await WebSocket.connect(to: server.webSocketURL())
        let receiver = Task { try await socket.receive() }
        try await Task.sleep(for: .milliseconds(20))
        await socket.close()
        #expect(try await receiver.value == nil)
        #expect(socket.closeCode == 1000)
        await server.stop()
    }

    @Test func abortDropsTheConnectionAndTheServerSeesConnectionLost() async throws {
        let log = WebSocketServerLog()
        let server = try await WebSocketTestServer.start(log: log)
        let socket = try await WebSocket.connect(to: server.webSocketURL())
        try await socket.send(text: "hello")
        #expect(try await socket.receive() == .text("hello"))
        socket.abort()
        let error = await log.nextError()
        #expect(error.closeCode == 1006)
        await #expect(throws: WebSocketError.self) { _ = try await socket.receive() }
        await server.stop()
    }

    @Test func aSecondConcurrentReceiveIsRefused() async throws {
        let server = try await WebSocketTestServer.start()
        let socket = try await WebSocket.connect(to: server.webSocketURL())
        let first = Task { try await socket.receive() }
        // Deterministic: the first receive is under way before the second one is made.
        while !socket.isReceiving { try await Task.sleep(for: .milliseconds(1)) }
        await #expect(throws: WebSocketError.concurrentReceive) { _ = try await socket.receive() }
        try await socket.send(text: "one")
        #expect(try await first.value == .text("one"))
        await socket.close()
        await server.stop()
    }

    @Test func cancellingReceiveLeavesTheSocketUsable() async throws {
        let server = try await WebSocketTestServer.start()
        let socket = try await WebSocket.connect(to: server.webSocketURL())
        let waiting = Task { try await socket.receive() }
        try await Task.sleep(for: .milliseconds(20))
        waiting.cancel()
        await #expect(throws: CancellationError.self) { _ = try await waiting.value }
        try await socket.send(text: "still here")
        #expect(try await socket.receive() == .text("still here"))
        await socket.close()
        await server.stop()
    }

    @Test func aSlowConsumerHoldsBackTheSenderInsteadOfBuffering() async throws {
        // The server pushes 96 MiB; the client reads nothing for a while. With reads only in
        // receive(), the sender must stall far short of the total (kernel buffers are a few MiB).
        let message = [UInt8](repeating: 7, count: 1 << 20)
        let total = 96
        let sent = SentCounter()
        let server = try await HTTPServer.start(configuration: .patient()) { request in
            .webSocketUpgrade(for: request) { socket in
                for _ in 0..<total {
                    guard (try? await socket.send(binary: message)) != nil else { return }
                    await sent.increment()
                }
            }
        }
        let socket = try await WebSocket.connect(to: server.webSocketURL())
        try await Task.sleep(for: .milliseconds(300))
        let sentWhileIdle = await sent.value
        #expect(sentWhileIdle < total / 4)
        var received = 0
        while received < total, case .binary(let bytes)? = try await socket.receive() {
            #expect(bytes.count == message.count)
            received += 1
        }
        #expect(received == total)
        await socket.close()
        await server.stop()
    }

    @Test func aMessageOverTheLimitClosesWith1009() async throws {
        let server = try await WebSocketTestServer.start()
        let socket = try await WebSocket.connect(
            to: server.webSocketURL(), configuration: .init(maximumMessageSize: 1000))
        try await socket.send(binary: [UInt8](repeating: 1, count: 2000))
        await #expect(throws: WebSocketError.messageTooBig(size: 2000, limit: 1000)) { _ = try await socket.receive() }
        await server.stop()
    }

    @Test func theHandshakeTimesOutWhenTheServerNeverAnswers() async throws {
        let listener = try TCPListener()
        let accepted = Task { try await listener.accept() }
        await #expect(throws: WebSocketError.handshakeTimedOut) {
            _ = try await WebSocket.connect(
                to: URL(string: "ws://127.0.0.1:\(listener.port)/")!,
                configuration: .init(handshakeTimeout: .milliseconds(100)))
        }
        _ = try await accepted.value
        listener.close()
    }
}

actor SentCounter {
    private(set) var value = 0
    func increment() { value += 1 }
}
