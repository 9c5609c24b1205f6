import Foundation
import SwitchboardCore
import SwitchboardNet
import TestSupport
import Testing

@testable import SwitchboardAPI

/// Concurrency, cancellation, metrics and the `Switchboard.API` facade over loopback HTTP.
@Suite struct LoopbackConcurrencyTests {
    /// Holds every request until `expected` are in flight at once (or a generous deadline
    /// passes), so the test proves overlap rather than inferring it from timings.
    final class Barrier: Sendable {
        private let state = Locked<(inFlight: Int, peak: Int)>((0, 0))
        let expected: Int

        init(expected: Int) { self.expected = expected }

        var peak: Int { state.withLock { $0.peak } }

        func arriveAndWait() async {
            state.withLock { state in
                state.inFlight += 1
                state.peak = max(state.peak, state.inFlight)
            }
            let deadline = ContinuousClock.now + .seconds(20)
            while state.withLock({ $0.peak }) < expected && ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(5))
            }
            state.withLock { $0.inFlight -= 1 }
        }
    }

    @Test func hundredConcurrentQueriesAreInFlightTogether() async throws {
        let barrier = Barrier(expected: 100)
        let server = try await LoopbackGraphQLServer { request in
            await barrier.arriveAndWait()
            return .json(#"{"data":{"echo":\#(request.graphQLQuery.map { "\"\($0)\"" } ?? "null")}}"#)
        }
        defer { Task { await server.stop() } }
        // Room for all of them: the default transport opens at most 64 connections to one host.
        let plugin = try await server.makePlugin(transport: HTTPClientTransport(maximumConnectionsPerHost: 100))
        let answers = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<100 {
                group.addTask {
                    try await plugin.query(
                        request: GraphQLRequest(document: "q\(index)", responseType: String.self, decodePath: "echo")
                    ).get()
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(barrier.peak == 100)
        #expect(answers == Set((0..<100).map { "\"q\($0)\"" }))
    }

    @Test func cancellingTheCallerCancelsTheHTTPRequest() async throws {
        let arrived = AsyncStream<Void>.makeStream()
        let server = try await LoopbackGraphQLServer { _ in
            arrived.continuation.yield()
            try? await Task.sleep(for: .seconds(30))
            return .json(#"{"data":{"late":true}}"#)
        }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin()
        let operation = Task {
            try await plugin.query(request: GraphQLRequest(document: "{ late }", responseType: JSONValue.self))
        }
        var iterator = arrived.stream.makeAsyncIterator()
        await iterator.next()
        let cancelledAt = ContinuousClock.now
        operation.cancel()
        await #expect(throws: CancellationError.self) { _ = try await operation.value }
        // Generous bound: only proves the 30-second response was not awaited.
        #expect(ContinuousClock.now - cancelledAt < .seconds(20))
    }

    @Test func cancellationBeforeTheRequestIsSentThrowsCancellationError() async throws {
        let server = try await LoopbackGraphQLServer { _ in .json(#"{"data":{"a":1}}"#) }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin()
        let operation = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await plugin.query(request: GraphQLRequest(document: "{ a }", responseType: JSONValue.self))
        }
        await #expect(throws: CancellationError.self) { _ = try await operation.value }
    }

    @Test func metricsObserverReceivesEveryStage() async throws {
        final class Collector: OperationMetricsObserver {
            let all = Locked<[OperationMetrics]>([])
            func operationFinished(_ metrics: OperationMetrics) { all.withLock { $0.append(metrics) } }
        }
        let collector = Collector()
        let server = try await LoopbackGraphQLServer { _ in .json(#"{"data":{"a":1}}"#) }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin(metricsObserver: collector)
        _ = try await plugin.query(request: GraphQLRequest(document: "{ a }", responseType: JSONValue.self))
        let metrics = try #require(collector.all.withLock { $0.first })
        #expect(metrics.succeeded)
        #expect(metrics.apiName == "todo")
        for stage in ["authorization", "interceptors", "transport", "decoder"] {
            #expect(metrics.duration(of: stage) != nil, "missing stage \(stage): \(metrics.stages.map(\.name))")
        }
    }

    @Test func severalOperationsInOneDocumentWithOperationName() async throws {
        let server = try await LoopbackGraphQLServer { request in
            let body = try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any]
            let name = body?["operationName"] as? String ?? "none"
            return .json(#"{"data":{"which":"\#(name)"}}"#)
        }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin()
        let document = "query A { a } query B { b }"
        let request = GraphQLRequest(
            document: document, responseType: String.self, decodePath: "which", operationName: "B")
        #expect(try await plugin.query(request: request).get() == #""B""#)
        #expect(server.requests.last?.graphQLQuery == document)
    }

    @Test func theSwitchboardAPIFacadeRunsThePipeline() async throws {
        let server = try await LoopbackGraphQLServer { _ in .json(#"{"data":{"getTodo":{"id":"9","name":"hub"}}}"#) }
        defer { Task { await server.stop() } }
        try await AsyncGate.hub.run {
            await Switchboard.reset()
            try Switchboard.add(plugin: APIPlugin())
            try Switchboard.configure(server.configurationJSON())
            let todo = try await Switchboard.API.query(
                request: GraphQLRequest(
                    document: "{ getTodo { id name } }", responseType: Todo.self, decodePath: "getTodo")
            ).get()
            #expect(todo == Todo(id: "9", name: "hub"))
            await Switchboard.reset()
        }
    }
}
