import Foundation
import SwitchboardCore
import SwitchboardMock
import Testing

@testable import SwitchboardAPI

/// Identical queries in flight share one request, counted by the mock server over real sockets.
@Suite struct QueryDeduplicationTests {
    static func slowServer() async throws -> MockServer {
        try await MockServer(endpoints: [
            GraphQLEndpoint(
                .POST, .operations("Hero"),
                response: .graphQL(data: TypedOperationTests.droidHero, delay: .milliseconds(300))),
            GraphQLEndpoint(
                .POST, .operations("Ping"), response: .graphQL(data: ["ping": "pong"], delay: .milliseconds(300))),
        ])
    }

    static let ping = GraphQLRequest(document: "query Ping { ping }", responseType: JSONValue.self, decodePath: "ping")

    @Test func fiftyConcurrentIdenticalQueriesMakeOneRequest() async throws {
        let server = try await Self.slowServer()
        defer { Task { await server.stop() } }
        let plugin = try TypedOperationTests.plugin(for: server)
        let names = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<50 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        return try await plugin.query(operation: HeroQuery()).get().hero?.name
                    }
                    return try await plugin.query(operation: HeroQuery(), cachePolicy: .returnCacheDataElseFetch).get()
                        .hero?.name
                }
            }
            var names: [String?] = []
            for try await name in group { names.append(name) }
            return names
        }
        #expect(names == Array(repeating: "R2-D2", count: 50))
        #expect(server.receivedRequests.count == 1)
        #expect(plugin.inFlightQueries.count == 0)
        // Finished: the same query is sent again.
        _ = try await plugin.query(operation: HeroQuery())
        #expect(server.receivedRequests.count == 2)
    }

    @Test func differentVariablesHeadersOrAnOptOutAreSeparateRequests() async throws {
        let server = try await Self.slowServer()
        defer { Task { await server.stop() } }
        let plugin = try TypedOperationTests.plugin(for: server)
        var apart = Self.ping
        apart.options.deduplicates = false
        var tagged = Self.ping
        tagged.options.headers = ["x-tag": "1"]
        var otherVariables = Self.ping
        otherVariables.variables = ["unused": 1]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for request in [Self.ping, Self.ping, apart, apart, tagged, otherVariables] {
                group.addTask {
                    var request = request
                    request.apiName = "starwars"
                    _ = try await plugin.query(request: request).get()
                }
            }
            // A mutation with the same document is never shared.
            for _ in 0..<2 {
                group.addTask {
                    _ = try await plugin.mutate(
                        request: GraphQLRequest(
                            document: "query Ping { ping }", responseType: JSONValue.self, decodePath: "ping"))
                }
            }
            try await group.waitForAll()
        }
        // One shared by the two plain ones, two opted out, one tagged, one other variables, two mutations.
        #expect(server.receivedRequests.count == 7)
    }

    @Test func aCancelledWaiterLeavesTheRequestToTheOthers() async throws {
        let server = try await Self.slowServer()
        defer { Task { await server.stop() } }
        let plugin = try TypedOperationTests.plugin(for: server)
        let first = Task { try await plugin.query(operation: HeroQuery()).get().hero?.name }
        while plugin.inFlightQueries.count == 0 { try await Task.sleep(for: .milliseconds(1)) }
        let second = Task { try await plugin.query(operation: HeroQuery()).get().hero?.name }
        try await Task.sleep(for: .milliseconds(50))
        second.cancel()
        await #expect(throws: CancellationError.self) { _ = try await second.value }
        #expect(try await first.value == "R2-D2")
        #expect(server.receivedRequests.count == 1)
    }

    @Test func whenTheFirstCallerIsCancelledAWaiterSendsTheQueryItself() async throws {
        let server = try await Self.slowServer()
        defer { Task { await server.stop() } }
        let plugin = try TypedOperationTests.plugin(for: server)
        let first = Task { try await plugin.query(operation: HeroQuery()).get().hero?.name }
        // The first caller's request reached the server before it is cancelled.
        while server.receivedRequests.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
        let second = Task { try await plugin.query(operation: HeroQuery()).get().hero?.name }
        try await Task.sleep(for: .milliseconds(50))
        first.cancel()
        await #expect(throws: CancellationError.self) { _ = try await first.value }
        #expect(try await second.value == "R2-D2")
        #expect(server.receivedRequests.count == 2)
    }
}
