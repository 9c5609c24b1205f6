import Foundation
import SwitchboardCore
import SwitchboardNet
import TestSupport
import Testing

@testable import SwitchboardAPI

/// Reconnection against a server that acknowledges every connection and then drops it: the
/// back-off keeps growing (the failure count is reset only by a connection that stayed up for
/// `stableConnectionDuration`), and after `reconnectAttempts` short-lived connections the
/// subscriptions end with `connectionFailed`. It used to reconnect about 38 times a second, forever.
@Suite struct RealtimeBackoffTests {
    /// An AppSync real-time endpoint that answers `connection_init` with `connection_ack`, keeps the
    /// connection for `lifetime`, then drops it; it counts the connections it accepted.
    final class AckThenDropServer: Sendable {
        let server: HTTPServer
        private let accepted = Locked(0)
        var connections: Int { accepted.withLock { $0 } }

        init(lifetime: Duration = .zero) async throws {
            let accepted = self.accepted
            server = try await HTTPServer.start { request in
                .webSocketUpgrade(for: request, selectSubprotocol: { $0.contains("graphql-ws") ? "graphql-ws" : nil }) {
                    socket in
                    accepted.withLock { $0 += 1 }
                    guard case .text? = try? await socket.receive() else { return }
                    try? await socket.send(
                        text: #"{"type":"connection_ack","payload":{"connectionTimeoutMs":300000}}"#)
                    if lifetime > .zero { try? await Task.sleep(for: lifetime) }
                    socket.abort()
                }
            }
        }

        func plugin(_ configuration: RealtimeConfiguration) throws -> APIPlugin {
            let plugin = try APIPlugin(realtimeConfiguration: configuration)
            try plugin.configure(
                APICategoryConfiguration(endpoints: [
                    try APIEndpointConfiguration(
                        name: "todo", endpoint: server.url.appendingPathComponent("graphql"),
                        authorizationType: .apiKey, apiKey: "da2-backoffkey")
                ]))
            return plugin
        }
    }

    /// The error that ended a subscription to `onCreateTodo` (`nil` inside when it finished
    /// normally), or `nil` when it had not ended after a minute.
    static func howTheSubscriptionEnds(_ plugin: APIPlugin) async throws -> (any Error)?? {
        try await resultUnlessHung { () -> (any Error)? in
            do {
                for try await _ in plugin.subscribe(request: RealtimeHarness.onCreateTodo) {}
                return nil
            } catch {
                return error
            }
        }
    }

    @Test func reconnectionsBackOffWhenEveryConnectionIsDroppedRightAfterItsAcknowledgement() async throws {
        let server = try await AckThenDropServer()
        // Today's defaults for the delays, and attempts enough that the subscription does not give up
        // during the window: only the back-off limits how often it reconnects.
        var configuration = RealtimeConfiguration(reconnectAttempts: 1_000)
        configuration.acknowledgementTimeout = .seconds(30)
        let plugin = try server.plugin(configuration)
        let recorder = EventRecorder(plugin.subscribe(request: RealtimeHarness.onCreateTodo))
        await RealtimeHarness.eventually("a first connection") { server.connections >= 1 }
        try await Task.sleep(for: .seconds(3))
        let connections = server.connections
        recorder.cancel()
        // Without back-off growth this window saw over 100 connections; with it about 10
        // (delays of up to 50, 100, 200, … ms, drawn at random). The bound leaves a wide margin
        // for the jitter and says nothing about speed.
        #expect(connections <= 40, "\(connections) connections in 3 s")
        await server.server.stop()
    }

    @Test func afterReconnectAttemptsShortLivedConnectionsTheSubscriptionEnds() async throws {
        let server = try await AckThenDropServer()
        let configuration = RealtimeConfiguration(
            reconnectBase: .milliseconds(1), reconnectCap: .milliseconds(5), reconnectAttempts: 3,
            acknowledgementTimeout: .seconds(30), reconnectTimeLimit: .zero)
        let plugin = try server.plugin(configuration)
        let failure = try await Self.howTheSubscriptionEnds(plugin)
        let error = try #require(failure ?? nil, "the subscription never ended")
        guard case .connectionFailed(let attempts, let lastError)? = error as? SubscriptionError else {
            Issue.record("expected connectionFailed, got \(error)")
            return
        }
        #expect(attempts == 3)
        #expect(server.connections == 4)
        #expect(lastError.contains("after connection_ack, sooner than stableConnectionDuration"), "\(lastError)")
        #expect(!lastError.contains("da2-backoffkey"))
        await server.server.stop()
    }

    @Test func attemptsGoOnPastTheCountUntilTheTimeLimitHasPassed() async throws {
        // Every connection fails within milliseconds, so two attempts alone would end the
        // subscription almost at once; the time limit keeps it reconnecting meanwhile.
        let server = try await AckThenDropServer()
        let configuration = RealtimeConfiguration(
            reconnectBase: .milliseconds(1), reconnectCap: .milliseconds(5), reconnectAttempts: 2,
            acknowledgementTimeout: .seconds(30), reconnectTimeLimit: .seconds(1))
        let plugin = try server.plugin(configuration)
        let started = ContinuousClock.now
        let failure = try await Self.howTheSubscriptionEnds(plugin)
        let elapsed = ContinuousClock.now - started
        let error = try #require(failure ?? nil, "the subscription never ended")
        guard case .connectionFailed(let attempts, let lastError)? = error as? SubscriptionError else {
            Issue.record("expected connectionFailed, got \(error)")
            return
        }
        #expect(lastError.contains("s of reconnecting, RealtimeConfiguration.reconnectTimeLimit"), "\(lastError)")
        // The first failure comes after the start, so giving up before a second has passed since
        // the start is giving up too early. (Under load, the attempts themselves may take that long,
        // so the number of attempts is not what to check.)
        #expect(elapsed >= .seconds(1), "gave up after \(attempts) attempts, \(elapsed) after the start")
        #expect(attempts >= 2)
        #expect(server.connections == attempts + 1)
        await server.server.stop()
    }

    @Test func aConnectionThatStayedUpLongEnoughResetsTheCount() async throws {
        // Each connection lasts 300 ms, longer than the 100 ms that count as stable: although only
        // two failures in a row are allowed, the subscription keeps reconnecting.
        let server = try await AckThenDropServer(lifetime: .milliseconds(300))
        var configuration = RealtimeConfiguration(
            reconnectBase: .milliseconds(1), reconnectCap: .milliseconds(5), reconnectAttempts: 2,
            acknowledgementTimeout: .seconds(30))
        configuration.stableConnectionDuration = .milliseconds(100)
        let plugin = try server.plugin(configuration)
        let recorder = EventRecorder(plugin.subscribe(request: RealtimeHarness.onCreateTodo))
        await RealtimeHarness.eventually("six connections") { server.connections >= 6 || recorder.finished }
        #expect(!recorder.finished, "the subscription ended: \(String(describing: recorder.error))")
        recorder.cancel()
        await server.server.stop()
    }
}
