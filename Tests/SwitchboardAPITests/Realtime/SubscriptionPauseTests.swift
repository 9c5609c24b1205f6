import Foundation
import SwitchboardCore
import SwitchboardMock
import Testing

@testable import SwitchboardAPI

/// Pausing and resuming subscriptions for the app's lifecycle, and the connection-state stream,
/// over real sockets against the mock server.
@Suite struct SubscriptionPauseTests {
    typealias Harness = RealtimeHarness

    /// Collects a connection-state stream in the background.
    final class StateRecorder: Sendable {
        private let states = Locked<[SubscriptionConnectionState]>([])
        private let task: Task<Void, Never>

        init(_ stream: AsyncStream<RealtimeConnectionStateChange>) {
            let states = self.states
            task = Task {
                for await change in stream where change.apiName == "todo" {
                    states.withLock { $0.append(change.state) }
                }
            }
        }

        var values: [SubscriptionConnectionState] { states.withLock { $0 } }
        func cancel() { task.cancel() }
    }

    static func todo(_ id: String) -> JSONValue {
        ["onCreateTodo": ["id": .string(id), "name": .string("Todo \(id)")]]
    }

    @Test(arguments: [nil, "graphql-transport-ws", "graphql-ws"])
    func pauseClosesTheSocketAndResumeRestartsEverySubscription(protocolName: String?) async throws {
        let server = try await MockServer(endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))])
        defer { Task { await server.stop() } }
        let plugin = try await Harness.plugin(for: server, subscriptionProtocol: protocolName)
        let states = StateRecorder(plugin.connectionStates())
        defer { states.cancel() }
        let first = EventRecorder(plugin.subscribe(request: Harness.onCreateTodo))
        let second = EventRecorder(plugin.subscribe(request: Harness.onCreateTodo))
        await Harness.eventually("two subscriptions") { server.realtimeStatistics.activeSubscriptions == 2 }
        #expect(await server.publish(Self.todo("1"), toSubscriptionsOf: "OnCreateTodo") == 2)
        await Harness.eventually("the first event") { first.values.count == 1 && second.values.count == 1 }

        await plugin.pauseSubscriptions()
        // The socket is closed by the time the pause returns; the server sees it go.
        await Harness.eventually("the socket to close") { server.realtimeStatistics.openConnections == 0 }
        await Harness.eventually("both paused") { first.states.last == .paused && second.states.last == .paused }
        #expect(await server.publish(Self.todo("2"), toSubscriptionsOf: "OnCreateTodo") == 0)
        // A subscription started while paused waits for the resume without connecting.
        let third = EventRecorder(plugin.subscribe(request: Harness.onCreateTodo))
        await Harness.eventually("the third to be paused") { third.states == [.paused] }
        #expect(server.realtimeStatistics.connectionsAccepted == 1)

        await plugin.resumeSubscriptions()
        await Harness.eventually("three subscriptions again") {
            server.realtimeStatistics.activeSubscriptions == 3
        }
        #expect(server.realtimeStatistics.connectionsAccepted == 2)
        #expect(await server.publish(Self.todo("3"), toSubscriptionsOf: "OnCreateTodo") == 3)
        await Harness.eventually("the third event everywhere") {
            first.values.count == 2 && second.values.count == 2 && third.values.count == 1
        }
        // Nothing published while paused arrived, and nothing twice.
        #expect(first.values.map(\.id) == ["1", "3"] && second.values.map(\.id) == ["1", "3"])
        #expect(third.values.map(\.id) == ["3"])
        // Events published while paused were not delivered: the resumed streams say so.
        #expect(first.states == [.connecting, .connected, .paused, .connecting, .connectedAfterGap])
        #expect(third.states.prefix(2) == [.paused, .connecting])
        await Harness.eventually("the states stream to see the resume") { states.values.last == .connected }
        #expect(states.values == [.connecting, .connected, .paused, .connecting, .connected])
        for recorder in [first, second, third] { recorder.cancel() }
        await Harness.eventually("the last subscription to close the socket") {
            states.values.last == .disconnected
        }
    }

    @Test func aPauseDuringReconnectionStopsTheAttemptsUntilTheResume() async throws {
        let server = try await MockServer(endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))])
        let port = server.port
        let plugin = try await Harness.plugin(for: server)
        let recorder = EventRecorder(plugin.subscribe(request: Harness.onCreateTodo))
        await Harness.eventually("connected") { recorder.states.last == .connected }
        await server.stop()
        await Harness.eventually("reconnecting") { recorder.states.last == .connecting }
        await plugin.pauseSubscriptions()
        await Harness.eventually("paused") { recorder.states.last == .paused }
        // A server on the same port again (retried: the freed port can be taken for a moment as
        // the local port of another test's connection): nothing connects to it while paused.
        var restarted: MockServer?
        for _ in 0..<50 where restarted == nil {
            restarted = try? await MockServer(
                endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))], port: port)
            if restarted == nil { try await Task.sleep(for: .milliseconds(100)) }
        }
        let again = try #require(restarted)
        defer { Task { await again.stop() } }
        try await Task.sleep(for: .milliseconds(300))
        #expect(again.realtimeStatistics.connectionsAccepted == 0)
        await plugin.resumeSubscriptions()
        await Harness.eventually("connected to the new server") { again.realtimeStatistics.activeSubscriptions == 1 }
        await Harness.eventually("the stream to see the resume") {
            recorder.states.suffix(3) == [.paused, .connecting, .connectedAfterGap]
        }
        recorder.cancel()
    }

    @Test(arguments: [nil, "graphql-transport-ws", "graphql-ws"])
    func oneSubscriptionPausesAndResumesWhileTheOthersGoOn(protocolName: String?) async throws {
        let server = try await MockServer(endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))])
        defer { Task { await server.stop() } }
        let plugin = try await Harness.plugin(for: server, subscriptionProtocol: protocolName)
        let pausedStream = plugin.subscribe(request: Harness.onCreateTodo)
        let paused = EventRecorder(pausedStream)
        let other = EventRecorder(plugin.subscribe(request: Harness.onCreateTodo))
        await Harness.eventually("two subscriptions") {
            paused.connectedCount == 1 && other.connectedCount == 1
        }
        // The graphql-ws family has no acknowledgement: "connected" means sent, so wait for the
        // server to hold both, or its count passes 1 on the way up rather than after the stop.
        await Harness.eventually("the server to start both") { server.realtimeStatistics.activeSubscriptions == 2 }

        await pausedStream.pause()
        await Harness.eventually("the server to stop one") { server.realtimeStatistics.activeSubscriptions == 1 }
        await Harness.eventually("the stream to say so") { paused.states.last == .paused }
        #expect(await server.publish(Self.todo("1"), toSubscriptionsOf: "OnCreateTodo") == 1)
        await Harness.eventually("the other to receive it") { other.values.count == 1 }

        // Resumed at once: a late answer to the stop must not end the resumed subscription.
        await pausedStream.resume()
        await pausedStream.pause()
        await pausedStream.resume()
        await Harness.eventually("the resumed stream connected") { paused.states.last == .connectedAfterGap }
        // Without an acknowledgement (the graphql-ws family) "connected" means sent: publish until
        // the resumed subscription receives an event, which says the server has read its start.
        var published = 0
        await Harness.eventually("the resumed stream to receive an event") {
            guard paused.values.isEmpty else { return true }
            published += 1
            _ = await server.publish(Self.todo("2.\(published)"), toSubscriptionsOf: "OnCreateTodo")
            try? await Task.sleep(for: .milliseconds(20))
            return !paused.values.isEmpty
        }
        #expect(server.realtimeStatistics.activeSubscriptions == 2)
        #expect(await server.publish(Self.todo("3"), toSubscriptionsOf: "OnCreateTodo") == 2)
        await Harness.eventually("both to receive it") {
            paused.values.last?.id == "3" && other.values.count == 2 + published
        }
        // The resumed stream got the events from the one that told it was started, each once.
        let otherIDs = other.values.map(\.id)
        #expect(paused.values.map(\.id) == Array(otherIDs.suffix(paused.values.count)))
        #expect(!paused.finished)

        // The last active subscription to pause closes the socket; a resume opens one again.
        await pausedStream.pause()
        other.cancel()
        await Harness.eventually("the socket to close") { server.realtimeStatistics.openConnections == 0 }
        await pausedStream.resume()
        await Harness.eventually("connected again") { server.realtimeStatistics.activeSubscriptions == 1 }
        #expect(server.realtimeStatistics.connectionsAccepted == 2)
        paused.cancel()
    }
}
