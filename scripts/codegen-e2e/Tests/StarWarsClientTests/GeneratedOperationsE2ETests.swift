import Foundation
import SwitchboardAPI
import SwitchboardMock
import Testing

@testable import StarWarsClient

/// The plugin's generated operations against a MockServer on 127.0.0.1: type conditions,
/// fragments read through their `_Key` protocols, a mutation with an input object and a
/// subscription.
@Suite struct GeneratedOperationsE2ETests {
    static let r2: JSONValue = [
        "__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech",
        "friends": [["__typename": "Human", "name": "Luke Skywalker"], .null],
    ]

    func plugin(for server: MockServer) throws -> APIPlugin {
        let plugin = try APIPlugin()
        try plugin.configure(
            APICategoryConfiguration(endpoints: [
                APIEndpointConfiguration(
                    name: "starwars", endpointType: .graphQL, endpoint: server.graphQLURL, authorizationType: .apiKey,
                    apiKey: "da2-e2e")
            ]))
        return plugin
    }

    @Test func typeConditionsFragmentsAndKeys() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .operations("HeroAsDroid"), response: .graphQL(data: ["hero": Self.r2])),
            GraphQLEndpoint(
                .POST, .operations("Search"),
                response: .graphQL(data: [
                    "search": [
                        ["__typename": "Human", "name": "Luke Skywalker"],
                        ["__typename": "Starship", "name": "Millennium Falcon"],
                    ]
                ])),
        ])
        defer { Task { await server.stop() } }
        let plugin = try plugin(for: server)

        let data = try await plugin.query(operation: StarWarsAPI.HeroAsDroidQuery(episode: .value(.empire))).get()
        let hero = try #require(data.hero)
        #expect(hero.name == "R2-D2")
        #expect(hero.asDroid?.primaryFunction == "Astromech")
        #expect(hero.asHuman == nil)
        let details = try #require(hero.asDroid?.fragments.droidDetails)
        #expect(details.primaryFunction == "Astromech")
        #expect(StarWarsAPI.DroidDetails(key: try #require(hero.asDroid)) == details)
        let friend = try #require(details.friends?.first ?? nil)
        #expect(friendLine(friend) == "friend: Luke Skywalker")

        let search = try await plugin.query(operation: StarWarsAPI.SearchQuery(text: "a")).get()
        #expect(
            search.search.map { $0.asCharacter?.name ?? $0.asStarship?.name } == [
                "Luke Skywalker", "Millennium Falcon",
            ])
    }

    @Test func mutationAndSubscription() async throws {
        let review: JSONValue = [
            "__typename": "Review", "stars": 5, "commentary": .null, "createdAt": "2026-11-23T09:30:00.000Z",
        ]
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .operations("CreateReview"), response: .graphQL(data: ["createReview": review])),
            SubscriptionEndpoint(
                .operations("ReviewAdded"),
                events: [.data(["reviewAdded": ["__typename": "Review", "episode": "JEDI", "stars": 4]])]),
        ])
        defer { Task { await server.stop() } }
        let plugin = try plugin(for: server)

        let created = try await plugin.mutate(
            operation: StarWarsAPI.CreateReviewMutation(episode: .jedi, review: StarWarsAPI.ReviewInput(stars: 5))
        ).get()
        #expect(created.createReview?.stars == 5)
        #expect(created.createReview?.createdAt == (try Temporal.DateTime(iso8601String: "2026-11-23T09:30:00.000Z")))
        let body = try JSONValue(parsing: Data(try #require(server.receivedRequests.first).body))
        #expect(body["variables"] == ["episode": "JEDI", "review": ["stars": 5]])

        let subscription = plugin.subscribe(operation: StarWarsAPI.ReviewAddedSubscription())
        for try await event in subscription {
            if case .data(let result) = event {
                #expect(try result.get().reviewAdded?.episode == .jedi)
                subscription.cancel()
            }
        }
    }
}
