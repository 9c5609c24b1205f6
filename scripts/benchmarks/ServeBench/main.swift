// The load generator of scripts/bench serve and serve-peers: HTTP/1.1 keep-alive GraphQL POSTs
// over N connections (SwitchboardNet's TCPConnection, the same client for every server
// measured), every reply checked, and AppSync real-time subscription fan-out.
// scripts/bench.d/serve.sh and serve-peers.sh start the servers and print the tables.
import Foundation

func report(_ error: any Error) -> Never {
    FileHandle.standardError.write(Data("serve-bench: \(error)\n".utf8))
    exit(1)
}

do {
    let options = try BenchOptions(Array(CommandLine.arguments.dropFirst()))
    switch options.command {
    case "seed":
        guard let model = ItemSeeder.Model(rawValue: options.values["model"] ?? "Todo") else {
            throw BenchUsageError(description: "--model is Todo or Ticket")
        }
        let seeder = ItemSeeder(
            endpoint: options.endpoint, headers: options.headers, model: model, count: try options.integer("items"))
        try await seeder.run()
    case "load":
        guard let operation = BenchOperation(rawValue: try options.string("operation")) else {
            let names = BenchOperation.allCases.map(\.rawValue).joined(separator: ", ")
            throw BenchUsageError(description: "--operation is one of \(names)")
        }
        let items = try options.integer("items", default: 10_000)
        let minimumPriority = try options.integer("min-priority", default: 2)
        let pages = try options.integer("pages", default: 5)
        let run = LoadRun(
            endpoint: options.endpoint, headers: options.headers,
            stream: { lane in
                RequestStream(
                    operation: operation, lane: lane, items: items, minimumPriority: minimumPriority, pages: pages)
            },
            connections: try options.integer("connections"), warmUp: try options.duration("warmup", default: 0.5),
            duration: try options.duration("seconds", default: 3),
            serverPID: options.values["server-pid"] == nil ? nil : try options.integer("server-pid"))
        let result = try await run.run()
        if let sample = result.failureSample {
            FileHandle.standardError.write(
                Data("serve-bench: \(result.failures) failed replies, e.g. \(sample)\n".utf8))
        }
        print(
            String(
                format: "RESULT load %d %.3f %.1f %.3f %.3f %d %.4f", result.requests, result.seconds,
                result.requestsPerSecond, result.latencies.percentile(0.5), result.latencies.percentile(0.99),
                result.failures, result.serverCPUSeconds ?? -1))
    case "fanout":
        let run = FanOutRun(
            endpoint: options.endpoint, apiKey: try options.string("api-key"),
            connections: try options.integer("connections", default: 1000),
            subscriptionsPerConnection: try options.integer("per-connection", default: 1),
            events: try options.integer("events", default: 20),
            serverPID: options.values["server-pid"] == nil ? nil : try options.integer("server-pid"))
        let result = try await run.run()
        print(
            String(
                format: "RESULT fanout %d %d %.3f %.3f %.3f %.2f %.3f %.3f %.2f", result.subscriptions, result.events,
                result.latencies.percentile(0.5), result.latencies.percentile(0.99), result.latencies.maximum,
                result.setupSeconds, result.mutationLatencies.percentile(0.5),
                result.mutationLatencies.percentile(0.99),
                result.serverCPUMicrosecondsPerDelivery ?? -1))
    case "fanout-floor":
        let floor = FanOutFloor(
            connections: try options.integer("connections", default: 1000),
            events: try options.integer("events", default: 20))
        let result = try floor.run()
        print(
            String(
                format: "RESULT fanout-floor %d %d %.3f %.3f %.3f %.3f %.3f %.3f %.3f", floor.connections, floor.events,
                result.deliveries.percentile(0.5), result.deliveries.percentile(0.99), result.deliveries.maximum,
                result.roundTrips.percentile(0.5), result.roundTrips.percentile(0.99),
                result.roundTripsDuringWrites.percentile(0.5), result.roundTripsDuringWrites.percentile(0.99)))
    default:
        throw BenchUsageError(description: BenchOptions.usage)
    }
} catch {
    report(error)
}
