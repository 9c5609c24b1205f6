import Foundation
import SwitchboardCore
import TestSupport
import Testing

@testable import SwitchboardNet

/// `WebSocketConfiguration.writeTimeout`: a send to a peer that takes no bytes at all fails with
/// `writeTimedOut` and drops the connection, instead of waiting for ever; a slow but steady
/// reader is not cut off.
struct WebSocketWriteTimeoutTests {
    @Test func aSendToAPeerThatNeverReadsTimesOutAndDropsTheConnection() async throws {
        let outcome = Locked<WebSocketError?>(nil)
        let configuration = WebSocketConfiguration(writeTimeout: .milliseconds(500))
        let server = try await HTTPServer.start(configuration: .patient()) { request in
            .webSocketUpgrade(for: request, configuration: configuration) { socket in
                let message = String(repeating: "m", count: 64 << 10)
                while true {
                    do {
                        try await socket.send(text: message)
                    } catch {
                        outcome.withLock { $0 = error as? WebSocketError }
                        return
                    }
                }
            }
        }
        // The peer completes the handshake, then never reads again.
        let peer = try await RawWebSocketPeer.connect(port: server.port)
        let error = try await resultUnlessHung { () -> WebSocketError? in
            while outcome.withLock({ $0 }) == nil { try await Task.sleep(for: .milliseconds(10)) }
            return outcome.withLock { $0 }
        }
        guard let failure = error ?? nil else {
            // Stopping the server would wait for the stuck send: leave it.
            Issue.record("the send to a peer that never reads did not end")
            return
        }
        #expect(failure == .writeTimedOut(.milliseconds(500)))
        #expect(failure.closeCode == 1006)
        #expect("\(failure)".contains("took no data for 0.5 seconds"))
        await peer.connection.close()
        await server.stop()
    }

    @Test func aSlowButSteadyReaderIsNotCutOff() async throws {
        // 32 MiB in 64 KiB messages to a reader that takes 64 KiB every 2 ms: far more than the
        // socket buffers hold, so the sender waits often, but never for the whole timeout.
        let configuration = WebSocketConfiguration(writeTimeout: .seconds(8))
        let server = try await HTTPServer.start(configuration: .patient()) { request in
            .webSocketUpgrade(for: request, configuration: configuration) { socket in
                let message = [UInt8](repeating: 7, count: 64 << 10)
                for _ in 0..<512 { try? await socket.send(binary: message) }
            }
        }
        // The reader runs on the loop, as the server does: on the cooperative pool, which the
        // parallel suite can keep busy for seconds, it could stop reading for longer than the
        // timeout, and the server would rightly cut it off.
        let received = try await onEventLoop {
            var peer = try await RawWebSocketPeer.connect(port: server.port)
            var received = 0
            while received < 512, let frame = try await peer.readFrame() {
                if frame.opcode == 2 { received += 1 }
                try await Task.sleep(for: .milliseconds(2))
            }
            await peer.connection.close()
            return received
        }
        #expect(received == 512)
        await server.stop()
    }
}
