// scripts/bench subscriptions: 1,000 subscriptions on one connection to the in-process mock
// server, 100 events published to all of them; reports delivery latency (publish → the event
// reaching the app's stream, decoded) p50/p99/max and deliveries per second. Each event is
// published once the previous one reached every subscriber, so the figures are fan-out latency,
// not queueing behind earlier events. The baseline in the same run is one subscription.
import Dispatch
import Foundation
import SwitchboardAPI
import SwitchboardCore
import SwitchboardMock

struct Tick: Decodable, Sendable {
    let sent: Double
}

struct Measurement {
    let subscriptions: Int
    let events: Int
    let latencies: [Double]  // milliseconds
    let seconds: Double

    func percentile(_ p: Double) -> Double {
        let sorted = latencies.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    var line: String {
        String(
            format: "%6d subscriptions × %d events: p50 %.2f ms, p99 %.2f ms, max %.2f ms, %.0f deliveries/s",
            subscriptions, events, percentile(0.5), percentile(0.99), latencies.max() ?? 0,
            Double(latencies.count) / seconds)
    }
}

/// Deliveries so far, shared by every consumer task.
final class Counter: Sendable {
    let value = Locked<Int>(0)
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }

func measure(subscriptions: Int, events: Int) async throws -> Measurement {
    // Every subscription shares one connection, past AppSync's 100 per connection.
    let server = try await MockServer(
        endpoints: [SubscriptionEndpoint(.operations("OnTick"))],
        realtime: RealtimeServerOptions(maximumSubscriptionsPerConnection: nil))
    let configuration = """
        {"api": {"plugins": {"awsAPIPlugin": {"bench": {"endpointType": "GraphQL",
          "endpoint": "\(server.graphQLURL.absoluteString)", "region": "us-east-1",
          "authorizationType": "API_KEY", "apiKey": "da2-bench"}}}}}
        """
    let plugin = try APIPlugin()
    try plugin.configure(using: SwitchboardConfiguration(data: Data(configuration.utf8)))
    let request = GraphQLRequest(
        document: "subscription OnTick { onTick { sent } }", responseType: Tick.self, decodePath: "onTick")

    let connected = AsyncStream<Void>.makeStream()
    let delivered = Counter()
    var consumers: [Task<[Double], any Error>] = []
    for _ in 0..<subscriptions {
        consumers.append(
            Task {
                var latencies: [Double] = []
                latencies.reserveCapacity(events)
                for try await event in plugin.subscribe(request: request) {
                    switch event {
                    case .connection(.connected): connected.continuation.yield()
                    case .data(.success(let tick)):
                        latencies.append(now() - tick.sent)
                        delivered.value.withLock { $0 += 1 }
                        if latencies.count == events { return latencies }
                    default: break
                    }
                }
                return latencies
            })
    }
    var ready = 0
    for await _ in connected.stream {
        ready += 1
        if ready == subscriptions { break }
    }
    let start = now()
    for event in 0..<events {
        await server.publish(["onTick": ["sent": .number(now())]], toSubscriptionsOf: "OnTick")
        while delivered.value.withLock({ $0 }) < (event + 1) * subscriptions { await Task.yield() }
    }
    var all: [Double] = []
    for consumer in consumers { all += try await consumer.value }
    let seconds = (now() - start) / 1000
    await plugin.reset()
    await server.stop()
    return Measurement(subscriptions: subscriptions, events: events, latencies: all, seconds: seconds)
}

let subscriptions = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 1000 : 1000
let events = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 100 : 100
let baseline = try await measure(subscriptions: 1, events: events)
let fanOut = try await measure(subscriptions: subscriptions, events: events)
print("baseline   \(baseline.line)")
print("fan-out    \(fanOut.line)")
print(
    String(
        format: "p50 ratio (fan-out / single subscription): %.1fx", fanOut.percentile(0.5) / baseline.percentile(0.5)))
