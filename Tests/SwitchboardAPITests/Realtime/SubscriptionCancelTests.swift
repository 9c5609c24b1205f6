import Foundation
import SwitchboardMock
import Testing

@testable import SwitchboardAPI

/// `subscription.cancel()`, as Amplify apps call it, over real WebSockets.
@Suite struct SubscriptionCancelTests {
    typealias Harness = RealtimeHarness

    @Test(arguments: [nil, "graphql-transport-ws", "graphql-ws"])
    func cancelEndsTheLoopWithoutAnErrorAndStopsTheSubscription(protocolName: String?) async throws {
        let server = try await MockServer(endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))])
        defer { Task { await server.stop() } }
        let plugin = try await Harness.plugin(for: server, subscriptionProtocol: protocolName)
        // Declared with Amplify's type name, as ported code does.
        let subscription: AmplifyAsyncThrowingSequence<GraphQLSubscriptionEvent<LiveTodo>> = plugin.subscribe(
            request: Harness.onCreateTodo)
        let recorder = EventRecorder(subscription)
        await Harness.eventually("connected") { recorder.connectedCount == 1 }
        await Harness.eventually("the server to see the subscription") {
            server.realtimeStatistics.activeSubscriptions == 1
        }

        subscription.cancel()
        await Harness.eventually("the loop to end") { recorder.finished }
        #expect(recorder.error == nil)
        await Harness.eventually("the server to see the stop and the socket close") {
            let statistics = server.realtimeStatistics
            return statistics.activeSubscriptions == 0 && statistics.openConnections == 0
        }
    }

    @Test func aSubscriptionBeforeConfigureFailsItsSequence() async throws {
        let sequence = SwitchboardAsyncThrowingSequence<Int>(failing: SwitchboardError.notConfigured)
        await #expect(throws: SwitchboardError.self) {
            for try await _ in sequence {}
        }
    }
}
