import Foundation
import SwitchboardMock
import SwitchboardNet
import Synchronization
import Testing

@testable import SwitchboardAPI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A first connection that is refused (`RealtimeConfiguration.retriesRefusedFirstConnection`):
/// retried by default, ended at once when asked, and never confused with other failures or with
/// refusals after the server acknowledged a connection.
@Suite struct RealtimeConnectRetryTests {
    /// A transport whose every connection attempt fails with `error`, counting the attempts.
    final class FailingTransport: RealtimeTransport {
        private let count = Mutex(0)
        let error: any Error
        var attempts: Int { count.withLock { $0 } }

        init(_ error: any Error) { self.error = error }

        func connect(to url: URL, headers: [(String, String)], subprotocols: [String]) async throws
            -> any RealtimeSocket
        {
            count.withLock { $0 += 1 }
            throw error
        }
    }

    static let refused = NetworkError(
        .systemCall, operation: "connect", errorNumber: ECONNREFUSED, detail: "127.0.0.1:9 (127.0.0.1:9)")

    static let fast = RealtimeConfiguration(
        reconnectBase: .milliseconds(1), reconnectCap: .milliseconds(5), reconnectAttempts: 2,
        reconnectTimeLimit: .zero)

    private static func plugin(_ transport: FailingTransport, _ configuration: RealtimeConfiguration) async throws
        -> APIPlugin
    {
        let plugin = try APIPlugin(realtimeTransport: transport, realtimeConfiguration: configuration)
        try plugin.configure(
            APICategoryConfiguration(endpoints: [
                try APIEndpointConfiguration(
                    name: "todo", endpoint: URL(string: "http://127.0.0.1:9/graphql?token=secret")!,
                    authorizationType: .apiKey, apiKey: "da2-retrykey")
            ]))
        return plugin
    }

    /// Runs one subscription to its end and returns the error it ended with.
    private static func failure(of plugin: APIPlugin) async -> (any Error)? {
        do {
            for try await _ in plugin.subscribe(request: RealtimeHarness.onCreateTodo) {}
            return nil
        } catch {
            return error
        }
    }

    @Test func aRefusedFirstConnectionEndsAtOnceNamingTheURLWhenRetriesAreOff() async throws {
        let transport = FailingTransport(Self.refused)
        var configuration = Self.fast
        configuration.retriesRefusedFirstConnection = false
        let plugin = try await Self.plugin(transport, configuration)
        let error = await Self.failure(of: plugin)
        #expect(transport.attempts == 1)
        guard case .connectionFailed(let attempts, let lastError)? = error as? SubscriptionError else {
            Issue.record("expected connectionFailed, got \(String(describing: error))")
            return
        }
        #expect(attempts == 0)
        #expect(lastError.hasPrefix("cannot connect to ws://127.0.0.1:9/graphql/realtime: connect failed: "))
        #expect(lastError.contains("errno \(ECONNREFUSED)"))
        #expect("\(error!)" == lastError)
        #expect(!lastError.contains("da2-retrykey") && !lastError.contains("secret"))
    }

    @Test func aRefusedFirstConnectionIsRetriedByDefault() async throws {
        let transport = FailingTransport(Self.refused)
        let plugin = try await Self.plugin(transport, Self.fast)
        let error = await Self.failure(of: plugin)
        #expect(transport.attempts == 3)
        #expect("\(error.map { "\($0)" } ?? "")".contains("after 2 attempts: cannot connect to"))

        // A later subscription counts afresh instead of inheriting the failures of the first.
        _ = await Self.failure(of: plugin)
        #expect(transport.attempts == 6)
    }

    @Test func otherFirstConnectionFailuresAreRetriedEvenWhenRefusalsAreNot() async throws {
        let transport = FailingTransport(WebSocketError.handshakeTimedOut)
        var configuration = Self.fast
        configuration.retriesRefusedFirstConnection = false
        let plugin = try await Self.plugin(transport, configuration)
        _ = await Self.failure(of: plugin)
        #expect(transport.attempts == 3)
    }

    @Test func refusalsAfterAnAcknowledgedConnectionAreRetried() async throws {
        let first = try await MockServer(endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))])
        let port = first.port
        var configuration = RealtimeConfiguration.fastForTests
        configuration.retriesRefusedFirstConnection = false
        let plugin = try await RealtimeHarness.plugin(for: first, configuration: configuration)
        let recorder = EventRecorder(plugin.subscribe(request: RealtimeHarness.onCreateTodo))
        await RealtimeHarness.eventually("connected") { recorder.connectedCount == 1 }

        await first.stop()  // connections to the port are refused until the second server starts
        await RealtimeHarness.eventually("reconnecting") { recorder.states.last == .connecting }
        try await Task.sleep(for: .milliseconds(50))
        let second = try await MockServer(endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))], port: port)
        defer { Task { await second.stop() } }
        await RealtimeHarness.eventually("connected to the restarted server") { recorder.connectedCount == 2 }
        #expect(recorder.error == nil)
        recorder.cancel()
    }
}
