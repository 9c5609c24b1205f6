import Foundation
import SwitchboardNet
import TestSupport
import Testing

@testable import SwitchboardAPI

/// What a subscription that could not be acknowledged says, word for word: a server that never
/// answers `connection_init`, and one that closes before answering.
@Suite struct SubscriptionErrorTextTests {
    /// Accepts the upgrade, then closes at once or keeps reading without ever answering.
    private static func server(closesAtOnce: Bool) async throws -> HTTPServer {
        try await HTTPServer.start { request in
            .webSocketUpgrade(for: request, selectSubprotocol: { $0.contains("graphql-ws") ? "graphql-ws" : nil }) {
                socket in
                if closesAtOnce { return }
                while (try? await socket.receive()) != nil {}
            }
        }
    }

    /// The error that ends a subscription against `server`; `acknowledgementTimeout` is long when
    /// the close must win the race (a loaded machine can take longer than a short timeout).
    private static func failure(
        against server: HTTPServer, acknowledgementTimeout: Duration = .milliseconds(300)
    ) async throws -> String? {
        let configuration = RealtimeConfiguration(
            reconnectAttempts: 0, acknowledgementTimeout: acknowledgementTimeout, reconnectTimeLimit: .zero)
        let plugin = try APIPlugin(realtimeConfiguration: configuration)
        try plugin.configure(
            APICategoryConfiguration(endpoints: [
                try APIEndpointConfiguration(
                    name: "todo", endpoint: server.url.appendingPathComponent("graphql"), authorizationType: .apiKey,
                    apiKey: "da2-textkey")
            ]))
        let ending = try await resultUnlessHung { () -> String in
            do {
                for try await _ in plugin.subscribe(request: RealtimeHarness.onCreateTodo) {}
                return "ended without an error"
            } catch {
                return "\(error)"
            }
        }
        await server.stop()
        return ending
    }

    @Test func aServerThatNeverAcknowledgesIsReportedOnce() async throws {
        let text = try await Self.failure(against: try await Self.server(closesAtOnce: false))
        #expect(text == "no connection_ack arrived in time (RealtimeConfiguration.acknowledgementTimeout)")
    }

    @Test func aServerThatClosesBeforeAcknowledgingIsNotCalledATimeout() async throws {
        let text = try await Self.failure(
            against: try await Self.server(closesAtOnce: true), acknowledgementTimeout: .seconds(30))
        #expect(text == "protocol violation: the server closed the connection before connection_ack")
    }

    @Test func theAcknowledgementTimeoutTextNamesWhatWasMissing() {
        #expect(
            "\(SubscriptionError.acknowledgementTimeout("start_ack"))"
                == "no start_ack arrived in time (RealtimeConfiguration.acknowledgementTimeout)")
    }
}
