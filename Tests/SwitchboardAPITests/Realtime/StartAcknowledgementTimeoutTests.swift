import Foundation
import SwitchboardCore
import SwitchboardNet
import Testing

@testable import SwitchboardAPI

/// A subscription whose `start_ack` does not arrive in time fails, and is stopped on the server:
/// found by `scripts/soak`, where acknowledgements queued behind events on a busy connection
/// arrived late, every timed-out start stayed active on the server (2,047 server-side
/// subscriptions for 1,000 client ones), and each retry made the connection busier still.
@Suite struct StartAcknowledgementTimeoutTests {
    /// An AppSync endpoint that acknowledges the connection, never acknowledges a start, and
    /// records the types and ids of the messages it receives.
    final class SilentStartServer: Sendable {
        let server: HTTPServer
        private let received = Locked<[String]>([])
        var messages: [String] { received.withLock { $0 } }

        init() async throws {
            let received = self.received
            server = try await HTTPServer.start { request in
                .webSocketUpgrade(for: request, selectSubprotocol: { $0.contains("graphql-ws") ? "graphql-ws" : nil }) {
                    socket in
                    while case .text(let text)? = try? await socket.receive() {
                        guard let message = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                            let type = message["type"] as? String
                        else { continue }
                        received.withLock { $0.append("\(type) \(message["id"] as? String ?? "")") }
                        if type == "connection_init" {
                            try? await socket.send(
                                text: #"{"type":"connection_ack","payload":{"connectionTimeoutMs":300000}}"#)
                        }
                    }
                }
            }
        }
    }

    @Test func aStartThatTimesOutIsStoppedOnTheServer() async throws {
        let server = try await SilentStartServer()
        var configuration = RealtimeConfiguration.fastForTests
        configuration.acknowledgementTimeout = .milliseconds(300)
        let plugin = try APIPlugin(realtimeConfiguration: configuration)
        try plugin.configure(
            APICategoryConfiguration(endpoints: [
                try APIEndpointConfiguration(
                    name: "todo", endpoint: server.server.url.appendingPathComponent("graphql"),
                    authorizationType: .apiKey, apiKey: "da2-silentkey")
            ]))
        let recorder = EventRecorder(plugin.subscribe(request: RealtimeHarness.onCreateTodo))
        await RealtimeHarness.eventually("the subscription to fail") { recorder.finished }
        let error = try #require(recorder.error as? SubscriptionError)
        #expect("\(error)" == "\(SubscriptionError.acknowledgementTimeout("start_ack"))")

        // The client may give up before the server has read the start (a loaded machine).
        await RealtimeHarness.eventually("the start on the server") {
            server.messages.contains { $0.hasPrefix("start ") }
        }
        let started = try #require(server.messages.first { $0.hasPrefix("start ") })
        let id = String(started.dropFirst("start ".count))
        await RealtimeHarness.eventually("a stop for \(id)") { server.messages.contains("stop \(id)") }
        await plugin.reset()
        await server.server.stop()
    }
}
