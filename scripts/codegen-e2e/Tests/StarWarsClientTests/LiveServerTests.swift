import Foundation
import SwitchboardAPI
import Testing

@testable import StarWarsClient

/// The server the live tests talk to.
let liveServerEndpoint = ProcessInfo.processInfo.environment["CODEGEN_E2E_GRAPHQL_URL"].flatMap(URL.init(string:))

/// The generated operations against a real GraphQL server implementing the schema, named by
/// `CODEGEN_E2E_GRAPHQL_URL`: scripts/interop.d/codegen-strawberry.sh starts Strawberry and sets
/// it. The server executes the documents itself — the added `__typename`s, type conditions and
/// fragments — so this checks them against an independent executor. Skipped without the variable.
@Suite(.enabled(if: liveServerEndpoint != nil, "CODEGEN_E2E_GRAPHQL_URL is not set"))
struct LiveServerTests {
    static let endpoint = liveServerEndpoint

    func plugin() throws -> APIPlugin {
        let plugin = try APIPlugin()
        try plugin.configure(
            APICategoryConfiguration(endpoints: [
                APIEndpointConfiguration(
                    name: "starwars", endpointType: .graphQL, endpoint: try #require(Self.endpoint),
                    authorizationType: .none, subscriptionProtocol: .graphQLTransportWS)
            ]))
        return plugin
    }

    @Test func typeCasesAndFragmentsFollowTheServersTypes() async throws {
        let plugin = try plugin()
        let droid = try #require(try await plugin.query(operation: StarWarsAPI.HeroAsDroidQuery()).get().hero)
        #expect(droid.__typename == "Droid")
        #expect(droid.asDroid?.primaryFunction == "Astromech")
        #expect(droid.asHuman == nil)
        let details = try #require(droid.fragments.droidDetails)
        #expect(details.friends?.compactMap { $0.map(friendLine) } == ["friend: Luke Skywalker"])

        let human = try #require(
            try await plugin.query(operation: StarWarsAPI.HeroAsDroidQuery(episode: .value(.empire))).get().hero)
        #expect(human.asHuman?.homePlanet == "Tatooine")
        #expect(human.asDroid == nil && human.fragments.droidDetails == nil)

        let search = try await plugin.query(operation: StarWarsAPI.SearchQuery(text: "a")).get().search
        #expect(search.map { $0.asCharacter?.name ?? $0.asStarship?.name } == ["Luke Skywalker", "Millennium Falcon"])
    }

    @Test func relayPagesMergeIntoOneWatchedList() async throws {
        let plugin = try plugin()
        let pages = plugin.watchPages(operation: StarWarsAPI.StarshipsQuery(first: .value(100))) { data in
            let info = data.starships.pageInfo
            guard info.hasNextPage, let cursor = info.endCursor else { return nil }
            return StarWarsAPI.StarshipsQuery(first: .value(100), after: .value(cursor))
        }
        var shown = pages.makeAsyncIterator()
        #expect(try await shown.next()?.get().starships.edges.count == 100)
        var sizes: [Int] = []
        while await pages.hasNext {
            try await pages.loadNext()
            sizes.append(try await shown.next()?.get().starships.edges.count ?? -1)
        }
        #expect(sizes == [200, 300, 400, 500])
        let all = try await plugin.query(
            operation: StarWarsAPI.StarshipsQuery(first: .value(100)), cachePolicy: .returnCacheDataDontFetch
        ).get().starships
        #expect(all.edges.map(\.node.name) == (0..<500).map { "Starship \($0)" })
        #expect(Set(all.edges.map(\.cursor)).count == 500 && !all.pageInfo.hasNextPage)
        // Past the last page nothing is fetched; a refresh starts again from the first.
        try await pages.loadNext()
        try await pages.refresh()
        #expect(try await shown.next()?.get().starships.edges.count == 100)
        pages.cancel()
    }

    @Test func mutationResultsReachTheSubscription() async throws {
        let plugin = try plugin()
        let subscription = plugin.subscribe(operation: StarWarsAPI.ReviewAddedSubscription(episode: .value(.jedi)))
        let inbox = Inbox()
        let consumer = Task {
            for try await event in subscription {
                if case .data(let result) = event {
                    await inbox.put(try result.get().reviewAdded?.stars)
                    return
                }
            }
        }
        // The server registers the subscription a moment after acknowledging it: keep reviewing
        // until the event arrives.
        let review = StarWarsAPI.ReviewInput(stars: 4, commentary: .null)
        for _ in 0..<50 {
            let created = try await plugin.mutate(
                operation: StarWarsAPI.CreateReviewMutation(episode: .jedi, review: review)
            )
            .get()
            #expect(
                created.createReview?.createdAt == (try Temporal.DateTime(iso8601String: "2026-11-23T09:30:00.000Z")))
            try await Task.sleep(for: .milliseconds(100))
            if await inbox.stars != nil { break }
        }
        subscription.cancel()
        try await consumer.value
        #expect(await inbox.stars == 4)
    }

    /// The first event's stars, set by the consuming task.
    actor Inbox {
        private(set) var stars: Int?

        func put(_ value: Int?) { stars = value }
    }
}
