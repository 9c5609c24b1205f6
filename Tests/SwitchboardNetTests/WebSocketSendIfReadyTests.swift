import Foundation
import TestSupport
import Testing

@testable import SwitchboardNet

/// `WebSocket.sendIfReady(texts:)`: a publisher's write from its own thread, which must never tear
/// a frame or reorder messages when the socket fills up part-way through one.
struct WebSocketSendIfReadyTests {
    @Test func messagesSentWithoutWaitingStayWholeAndInOrderWhenTheSocketFills() async throws {
        let server = try await WebSocketTestServer.start()
        let socket = try await WebSocket.connect(to: server.webSocketURL("/echo"))
        let chunk = String(repeating: "x", count: 50_000)
        // The echoes are not read yet, so the server stops reading once its replies back up, and
        // the socket fills: the message that finds it full is refused whole, after one that went
        // only in part (finished later, before anything else).
        var sent: [String] = []
        var refused = false
        for index in 0..<2_000 {
            let text = "\(index):" + chunk
            guard socket.sendIfReady(texts: [text]) else {
                refused = true
                break
            }
            sent.append(text)
        }
        #expect(refused, "2,000 messages of 50 KB went out without the socket ever filling")
        #expect(!sent.isEmpty)
        let more = (0..<3).map { "more \($0):" + chunk }
        // A torn frame makes the server fail the connection; a send could then wait forever.
        let finished = try await resultUnlessHung(deadline: .seconds(60)) { [sent] in
            async let sending: Void = socket.send(texts: more)
            for expected in sent + more {
                guard case .text(let text)? = try await socket.receive() else {
                    Issue.record("the connection ended before \(expected.prefix(12))")
                    break
                }
                #expect(text.prefix(12) == expected.prefix(12))
                #expect(text == expected)
            }
            try await sending
            return true
        }
        #expect(finished == true, "the echoes did not all arrive")
        await socket.close()
        await server.stop()
    }

    @Test func nothingIsWrittenAfterTheCloseFrame() async throws {
        let server = try await WebSocketTestServer.start()
        let socket = try await WebSocket.connect(to: server.webSocketURL("/echo"))
        #expect(socket.sendIfReady(texts: ["before"]))
        #expect(try await socket.receive() == .text("before"))
        await socket.close()
        #expect(!socket.sendIfReady(texts: ["after"]))
        await server.stop()
    }
}
