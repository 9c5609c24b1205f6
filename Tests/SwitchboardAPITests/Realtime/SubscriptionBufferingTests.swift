import Foundation
import SwitchboardMock
import Testing

@testable import SwitchboardAPI

/// `RealtimeConfiguration.maximumBufferedEvents`: a consumer that falls behind gets the events held
/// for it and then a typed error, instead of unbounded memory or silently lost events.
@Suite struct SubscriptionBufferingTests {
    typealias Harness = RealtimeHarness

    @Test func aConsumerThatFallsBehindGetsTheHeldEventsThenConsumerTooSlow() async throws {
        let server = try await MockServer(endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))])
        defer { Task { await server.stop() } }
        var configuration = RealtimeConfiguration.fastForTests
        configuration.maximumBufferedEvents = 5
        let plugin = try await Harness.plugin(for: server, configuration: configuration)
        var events = plugin.subscribe(request: Harness.onCreateTodo).makeAsyncIterator()
        // Read up to the acknowledgement, then stop reading while the server sends twenty events.
        while let event = try await events.next() {
            if case .connection(.connected) = event { break }
        }
        for id in 1...20 {
            let todo: JSONValue = ["id": .string("\(id)"), "name": .string("Todo \(id)")]
            _ = await server.publish(["onCreateTodo": todo], toSubscriptionsOf: "OnCreateTodo")
        }
        // The overflow ends the subscription, which the server sees as a stop.
        await Harness.eventually("the subscription to stop") {
            server.realtimeStatistics.activeSubscriptions == 0
        }

        var received: [String] = []
        do {
            while let event = try await events.next() {
                if case .data(let result) = event { received.append(try result.get().id) }
            }
            Issue.record("expected the stream to end with consumerTooSlow")
        } catch let error as SubscriptionError {
            guard case .consumerTooSlow(let count) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(count == 5)
            #expect("\(error)".contains("maximumBufferedEvents"))
        }
        #expect(received == ["1", "2", "3", "4", "5"])
    }

    @Test func byDefaultAConsumerThatStopsReadingIsBoundedAtTenThousandEvents() async throws {
        let server = try await MockServer(endpoints: [SubscriptionEndpoint(.operations("OnCreateTodo"))])
        defer { Task { await server.stop() } }
        #expect(RealtimeConfiguration().maximumBufferedEvents == 10_000)
        let plugin = try await Harness.plugin(for: server, configuration: RealtimeConfiguration.fastForTests)
        var events = plugin.subscribe(request: Harness.onCreateTodo).makeAsyncIterator()
        while let event = try await events.next() {
            if case .connection(.connected) = event { break }
        }
        // Far more events than the default holds, while nothing reads the stream.
        for id in 1...10_050 {
            let todo: JSONValue = ["id": .string("\(id)"), "name": "n"]
            if await server.publish(["onCreateTodo": todo], toSubscriptionsOf: "OnCreateTodo") == 0 { break }
        }
        await Harness.eventually("the subscription to stop") {
            server.realtimeStatistics.activeSubscriptions == 0
        }
        // Without a bound the stream would wait for more events after the last one: stop here.
        guard server.realtimeStatistics.activeSubscriptions == 0 else { return }
        var received = 0
        do {
            while let event = try await events.next() {
                if case .data(let result) = event {
                    received += 1
                    #expect(try result.get().id == "\(received)")
                }
            }
            Issue.record("expected the stream to end with consumerTooSlow")
        } catch SubscriptionError.consumerTooSlow(let count) {
            #expect(count == 10_000)
        }
        #expect(received == 10_000)
    }
}
