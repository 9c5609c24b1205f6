import Foundation
import SwitchboardCore
import SwitchboardMock
import Testing

@testable import SwitchboardAPI

/// Identical queries in flight share one request, counted by the mock server over real sockets.
@Suite struct QueryDeduplicationTests {
    static func server() async throws -> MockServer {
        try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .operations("Hero"), response: .graphQL(data: TypedOperationTests.droidHero)),
            GraphQLEndpoint(.POST, .operations("Ping"), response: .graphQL(data: ["ping": "pong"])),
        ])
    }

    /// A plugin whose requests wait at `gate` until the test opens it.
    static func gatedPlugin(for server: MockServer) throws -> (APIPlugin, RequestGate) {
        let plugin = try TypedOperationTests.plugin(for: server)
        let gate = RequestGate()
        try plugin.add(interceptor: gate, for: "starwars")
        return (plugin, gate)
    }

    static let ping = GraphQLRequest(document: "query Ping { ping }", responseType: JSONValue.self, decodePath: "ping")

    @Test func fiftyConcurrentIdenticalQueriesMakeOneRequest() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let (plugin, gate) = try Self.gatedPlugin(for: server)
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
            // One caller holds the request at the gate; the other 49 wait for it.
            try await RequestGate.waitUntil("49 callers wait") { plugin.inFlightQueries.waiterCount == 49 }
            #expect(gate.heldCount == 1)
            gate.open()
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
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let (plugin, gate) = try Self.gatedPlugin(for: server)
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
            // Everything else is held at the gate while the second plain ping waits for the first.
            try await RequestGate.waitUntil("7 requests are held and 1 caller waits") {
                gate.heldCount == 7 && plugin.inFlightQueries.waiterCount == 1
            }
            gate.open()
            try await group.waitForAll()
        }
        // One shared by the two plain ones, two opted out, one tagged, one other variables, two mutations.
        #expect(server.receivedRequests.count == 7)
    }

    @Test func aCancelledWaiterLeavesTheRequestToTheOthers() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let (plugin, gate) = try Self.gatedPlugin(for: server)
        let first = Task { try await plugin.query(operation: HeroQuery()).get().hero?.name }
        try await RequestGate.waitUntil("the first request is held") { gate.heldCount == 1 }
        let second = Task { try await plugin.query(operation: HeroQuery()).get().hero?.name }
        try await RequestGate.waitUntil("the second caller waits") { plugin.inFlightQueries.waiterCount == 1 }
        second.cancel()
        await #expect(throws: CancellationError.self) { _ = try await second.value }
        gate.open()
        #expect(try await first.value == "R2-D2")
        #expect(server.receivedRequests.count == 1)
    }

    @Test func whenTheFirstCallerIsCancelledAWaiterSendsTheQueryItself() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let (plugin, gate) = try Self.gatedPlugin(for: server)
        let first = Task { try await plugin.query(operation: HeroQuery()).get().hero?.name }
        try await RequestGate.waitUntil("the first request is held") { gate.heldCount == 1 }
        let second = Task { try await plugin.query(operation: HeroQuery()).get().hero?.name }
        try await RequestGate.waitUntil("the second caller waits") { plugin.inFlightQueries.waiterCount == 1 }
        first.cancel()
        await #expect(throws: CancellationError.self) { _ = try await first.value }
        // The second caller sends the query itself; only its request reaches the server.
        try await RequestGate.waitUntil("the second caller's request is held") { gate.heldCount == 1 }
        gate.open()
        #expect(try await second.value == "R2-D2")
        #expect(server.receivedRequests.count == 1)
    }
}
