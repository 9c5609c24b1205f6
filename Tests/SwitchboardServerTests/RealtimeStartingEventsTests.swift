import Foundation
import Switchboard
import SwitchboardNet
import SwitchboardRealtimeServer
import Testing

/// Events published to a subscription whose start is still being decided wait for its
/// acknowledgement, within the connection's outbound limit.
@Suite struct RealtimeStartingEventsTests {
    /// A backend whose starts publish `events` payloads of `size` bytes to the subscription before
    /// they are acknowledged.
    struct PublishingWhileStarting: RealtimeBackend {
        let events: Int
        let size: Int

        func connect(headers: HTTPHeaders, session: RealtimeSession) async -> [JSONValue]? { nil }

        func start(_ request: RealtimeStartRequest, session: RealtimeSession) async -> [JSONValue]? {
            for index in 0..<events {
                let blob = String(repeating: "x", count: size)
                let payload = JSONValue.object(["data": ["n": .number(Double(index)), "blob": .string(blob)]])
                session.deliver(id: request.id, payload: Array(payload.jsonText.utf8))
            }
            return nil
        }

        func stop(id: String, session: RealtimeSession) async {}
        func disconnected(session: RealtimeSession) async {}
    }

    /// Subscribes over graphql-transport-ws to a host serving `backend`, and reads until the
    /// connection ends: the `next` events' numbers, and the close code.
    func subscribe(_ backend: PublishingWhileStarting, maximumOutboundBytes: Int) async throws -> ([Int], UInt16?) {
        let host = RealtimeHost(
            options: RealtimeServerOptions(maximumOutboundBytes: maximumOutboundBytes, writeTimeout: .seconds(60)))
        let server = try await HTTPServer.start { request in host.upgrade(request, backend: backend) }
        let socket = try await WebSocket.connect(
            to: URL(string: "ws://127.0.0.1:\(server.port)/graphql")!, subprotocols: ["graphql-transport-ws"])
        try await socket.send(text: #"{"type":"connection_init"}"#)
        try await socket.send(
            text: #"{"type":"subscribe","id":"1","payload":{"query":"subscription { onN { n } }"}}"#)
        var numbers: [Int] = []
        while case .text(let text)? = try? await socket.receive() {
            let message = try JSONValue(parsing: Data(text.utf8))
            if message["type"] == "next", case .number(let number)? = message["payload"]?["data"]?["n"] {
                numbers.append(Int(number))
            }
            if numbers.count == backend.events { break }
        }
        let code = numbers.count == backend.events ? nil : socket.closeCode
        await socket.close()
        await host.shutdown()
        await server.stop()
        return (numbers, code)
    }

    @Test func eventsFromBeforeTheAcknowledgementFollowItInOrder() async throws {
        let (numbers, code) = try await subscribe(
            PublishingWhileStarting(events: 20, size: 1_000), maximumOutboundBytes: 1 << 20)
        #expect(numbers == Array(0..<20))
        #expect(code == nil)
    }

    @Test func heldEventsOverTheOutboundLimitDisconnectTheSlowConsumer() async throws {
        let (numbers, code) = try await subscribe(
            PublishingWhileStarting(events: 20, size: 64 << 10), maximumOutboundBytes: 256 << 10)
        #expect(numbers.isEmpty)
        #expect(code == 1013)
    }
}
