import Foundation
import SwitchboardCore
import SwitchboardMock
import Testing

@testable import SwitchboardAPI

/// A todo as subscriptions deliver it.
struct LiveTodo: Codable, Sendable, Equatable {
    let id: String
    let name: String
}

/// Fast reconnection for tests, so that reconnect scenarios finish in milliseconds.
extension RealtimeConfiguration {
    static let fastForTests = RealtimeConfiguration(
        reconnectBase: .milliseconds(5), reconnectCap: .milliseconds(100), reconnectAttempts: 200,
        acknowledgementTimeout: .seconds(10))
}

/// Builds plugins pointed at a ``MockServer`` and records subscription streams.
enum RealtimeHarness {
    /// A plugin whose API `todo` is the mock server, with Switchboard's default WebSocket transport.
    static func plugin(
        for server: MockServer, subscriptionProtocol: String? = nil, authorizationType: String = "API_KEY",
        configuration: RealtimeConfiguration = .fastForTests,
        tokenProviders: [AuthorizationType: any AuthTokenProvider] = [:]
    ) async throws -> APIPlugin {
        var api: [String: Any] = [
            "endpointType": "GraphQL", "endpoint": server.graphQLURL.absoluteString,
            "authorizationType": authorizationType, "apiKey": "da2-realtimekey", "region": "us-east-1",
        ]
        if let subscriptionProtocol { api["subscriptionProtocol"] = subscriptionProtocol }
        let root: [String: Any] = ["api": ["plugins": ["awsAPIPlugin": ["todo": api]]]]
        let plugin = try APIPlugin(authTokenProviders: tokenProviders, realtimeConfiguration: configuration)
        try plugin.configure(
            using: SwitchboardConfiguration(data: try JSONSerialization.data(withJSONObject: root)))
        return plugin
    }

    /// `subscription OnCreateTodo { onCreateTodo { id name } }` decoded at `onCreateTodo`.
    static let onCreateTodo = GraphQLRequest(
        document: "subscription OnCreateTodo { onCreateTodo { id name } }", responseType: LiveTodo.self,
        decodePath: "onCreateTodo")

    /// Waits until `condition` holds, polling; fails the test after `timeout` (generous: on a
    /// 2-core machine the parallel suite can starve the cooperative pool for seconds).
    static func eventually(
        _ what: String, timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: () async -> Bool
    ) async {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if await condition() { return }
            try? await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
    }
}

/// Consumes a subscription stream in the background and keeps every event.
final class EventRecorder<R: Decodable & Sendable & Equatable>: Sendable {
    private struct State {
        var events: [GraphQLSubscriptionEvent<R>] = []
        var finished = false
        var error: (any Error)?
    }

    private let state = Locked(State())
    private let task = Locked<Task<Void, Never>?>(nil)

    init(_ stream: SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<R>>) {
        let consumer = Task { [self] in
            do {
                for try await event in stream { self.state.withLock { $0.events.append(event) } }
                self.state.withLock { $0.finished = true }
            } catch {
                self.state.withLock {
                    $0.error = error
                    $0.finished = true
                }
            }
        }
        task.withLock { $0 = consumer }
    }

    var events: [GraphQLSubscriptionEvent<R>] { state.withLock { $0.events } }
    var finished: Bool { state.withLock { $0.finished } }
    var error: (any Error)? { state.withLock { $0.error } }

    /// The successfully decoded values, in order.
    var values: [R] {
        events.compactMap { event in
            if case .data(.success(let value)) = event { return value }
            return nil
        }
    }

    /// The connection states, in order.
    var states: [SubscriptionConnectionState] {
        events.compactMap { event in
            if case .connection(let state) = event { return state }
            return nil
        }
    }

    /// How many times the subscription became connected.
    var connectedCount: Int { states.filter { $0 == .connected || $0 == .connectedAfterGap }.count }

    /// Stops consuming, which ends the subscription.
    func cancel() { task.withLock { $0?.cancel() } }
}
