import Foundation
import SwitchboardMock
import Testing

@testable import SwitchboardAPI

/// `CachePolicy.networkFirst` over real sockets: the server's data while it answers, the store's
/// (marked as such) when it cannot be reached, and the error when the store lacks the data.
@Suite struct NetworkFirstTests {
    @Test func theStoreAnswersWhenTheServerCannotBeReached() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .operations("Hero"), response: .graphQL(data: TypedOperationTests.droidHero))
        ])
        let plugin = try TypedOperationTests.plugin(for: server)
        let fresh = try await plugin.fetch(query: HeroQuery(), cachePolicy: .networkFirst)
        #expect(fresh.source == .server)
        #expect(try fresh.response.get().hero?.name == "R2-D2")

        await server.stop()
        let offline = try await plugin.fetch(query: HeroQuery(), cachePolicy: .networkFirst)
        #expect(offline.source == .cache)
        #expect(try offline.response.get().hero?.name == "R2-D2")
        // Not in the store: the network error comes through.
        await #expect {
            _ = try await plugin.fetch(query: HeroQuery(episode: .value(.jedi)), cachePolicy: .networkFirst)
        } throws: { error in
            if case .networkError = error as? APIError { return true }
            return false
        }
        // Other policies do not fall back.
        await #expect(throws: APIError.self) { _ = try await plugin.query(operation: HeroQuery()) }
    }

    @Test func aServerErrorStatusFallsBackButAClientErrorDoesNot() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .operations("Hero"), response: .graphQL(data: TypedOperationTests.droidHero))
        ])
        defer { Task { await server.stop() } }
        let plugin = try TypedOperationTests.plugin(for: server)
        _ = try await plugin.query(operation: HeroQuery())
        // Plugins on servers that fail, sharing the first plugin's store.
        let failing = try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .operations("Hero"), response: .json(["message": "down"], status: 503))
        ])
        defer { Task { await failing.stop() } }
        let unavailable = try TypedOperationTests.plugin(for: failing)
        try unavailable.setStore(try plugin.store(apiName: "starwars"), apiName: "starwars")
        #expect(try await unavailable.fetch(query: HeroQuery(), cachePolicy: .networkFirst).source == .cache)

        let forbidden = try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .operations("Hero"), response: .json(["message": "no"], status: 403))
        ])
        defer { Task { await forbidden.stop() } }
        let refused = try TypedOperationTests.plugin(for: forbidden)
        try refused.setStore(try plugin.store(apiName: "starwars"), apiName: "starwars")
        await #expect {
            _ = try await refused.fetch(query: HeroQuery(), cachePolicy: .networkFirst)
        } throws: { error in
            if case .httpStatusError(403, _) = error as? APIError { return true }
            return false
        }
    }

    @Test func aWatcherStartsFromTheStoreWhenTheServerCannotBeReached() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .operations("Hero"), response: .graphQL(data: TypedOperationTests.droidHero))
        ])
        let plugin = try TypedOperationTests.plugin(for: server)
        _ = try await plugin.query(operation: HeroQuery())
        await server.stop()
        var watcher = plugin.watch(operation: HeroQuery(), cachePolicy: .networkFirst).makeAsyncIterator()
        #expect(try await watcher.next()?.get().hero?.name == "R2-D2")
    }
}
