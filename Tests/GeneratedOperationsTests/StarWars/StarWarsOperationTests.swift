import Foundation
import SwitchboardAPI
import SwitchboardMock
import Testing

/// Apollo iOS's Star Wars operations, generated and run against the mock over loopback:
/// interfaces, unions, nested type conditions, fragments (in fragments, under type conditions and
/// `@include`), aliases, directives, enums, input objects and subscriptions.
@Suite struct StarWarsOperationTests {
    static let r2: JSONValue = [
        "__typename": "Droid", "id": "2001", "name": "R2-D2", "primaryFunction": "Astromech",
        "appearsIn": ["NEWHOPE", "EMPIRE", "JEDI"],
    ]
    static let luke: JSONValue = [
        "__typename": "Human", "id": "1000", "name": "Luke Skywalker", "height": 1.72, "homePlanet": "Tatooine",
    ]

    @Test func interfaceTypeCasesFollowTheTypename() async throws {
        let harness = try await MockHarness.start([
            "HeroDetails": ["hero": Self.luke], "DroidDetailsWithFragment": ["hero": Self.r2],
        ])
        let human = try await harness.plugin.query(operation: HeroDetailsQuery(episode: .value(.empire))).get()
        let droid = try await harness.plugin.query(operation: DroidDetailsWithFragmentQuery()).get()
        let bodies = harness.receivedBodies
        await harness.stop()

        #expect(human.hero?.name == "Luke Skywalker")
        #expect(human.hero?.asHuman?.height == 1.72)
        #expect(human.hero?.asDroid == nil)
        #expect(bodies.first?["variables"] == ["episode": "EMPIRE"])
        #expect(bodies.last?["variables"] == nil)

        let hero = try #require(droid.hero)
        #expect(hero.asDroid?.fragments.droidDetails.primaryFunction == "Astromech")
        #expect(hero.fragments.droidDetails?.name == "R2-D2")
        #expect(DroidDetails(key: try #require(hero.asDroid)).primaryFunction == "Astromech")
    }

    @Test func unionsAndNestedTypeConditions() async throws {
        let harness = try await MockHarness.start([
            "Search": [
                "search": [Self.luke, Self.r2, ["__typename": "Starship", "id": "3000", "name": "Falcon"], .null]
            ],
            "SearchNested": [
                "search": [Self.r2, Self.luke, ["__typename": "Starship", "name": "Falcon", "length": 34.37]]
            ],
        ])
        let search = try await harness.plugin.query(operation: SearchQuery(term: "a")).get()
        let nested = try await harness.plugin.query(operation: SearchNestedQuery()).get()
        await harness.stop()

        let results = try #require(search.search)
        #expect(results[0]?.asHuman?.name == "Luke Skywalker")
        #expect(results[1]?.asDroid?.id == "2001")
        #expect(results[2]?.asStarship?.name == "Falcon")
        #expect(results[2]?.asHuman == nil && results[3] == nil)

        let items = try #require(nested.search)
        #expect(items[0]?.asCharacter?.name == "R2-D2")
        #expect(items[0]?.asCharacter?.asDroid?.primaryFunction == "Astromech")
        #expect(items[0]?.fragments.droidDetails?.primaryFunction == "Astromech")
        #expect(items[1]?.asCharacter?.asDroid == nil && items[1]?.fragments.droidDetails == nil)
        #expect(items[2]?.asCharacter == nil && items[2]?.asStarship?.length == 34.37)
    }

    @Test func fieldsDependingOnTheParentTypeAndAliases() async throws {
        let friend: JSONValue = ["__typename": "Human", "name": "Han Solo", "height": 5.9]
        let harness = try await MockHarness.start([
            "HeroParentTypeDependentField": [
                "hero": ["__typename": "Human", "name": "Luke Skywalker", "friends": [friend]]
            ],
            "HeroTypeDependentAliasedField": ["hero": ["__typename": "Droid", "property": "Astromech"]],
            "TwoHeroes": [
                "r2": ["__typename": "Droid", "name": "R2-D2"], "luke": ["__typename": "Human", "name": "Luke"],
            ],
        ])
        let dependent = try await harness.plugin.query(operation: HeroParentTypeDependentFieldQuery()).get()
        let aliased = try await harness.plugin.query(operation: HeroTypeDependentAliasedFieldQuery()).get()
        let two = try await harness.plugin.query(operation: TwoHeroesQuery()).get()
        await harness.stop()

        #expect(dependent.hero?.asHuman?.friends?.first??.asHuman?.height == 5.9)
        #expect(aliased.hero?.asDroid?.property == "Astromech")
        #expect(aliased.hero?.asHuman == nil)
        #expect(two.r2?.name == "R2-D2" && two.luke?.name == "Luke")
    }

    @Test func includeAndSkipMakeFieldsAndFragmentsOptional() async throws {
        let harness = try await MockHarness.start([
            "HeroNameConditionalInclusion": ["hero": ["__typename": "Droid"]],
            "HeroWithIncludedFragment": ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]],
        ])
        let excluded = try await harness.plugin.query(operation: HeroNameConditionalInclusionQuery(includeName: false))
            .get()
        let included = try await harness.plugin.query(operation: HeroWithIncludedFragmentQuery(withDetails: true)).get()
        let bodies = harness.receivedBodies
        await harness.stop()

        #expect(excluded.hero?.name == nil)
        #expect(bodies.first?["variables"] == ["includeName": false])
        #expect(included.hero?.fragments.characterName?.name == "R2-D2")
    }

    @Test func conditionalFragmentIsNilWhenItsFieldsAreLeftOut() throws {
        let json = #"{"hero":{"__typename":"Droid","id":"2001"}}"#
        let data = try JSONDecoder().decode(HeroWithIncludedFragmentQuery.Data.self, from: Data(json.utf8))
        #expect(data.hero?.id == "2001")
        #expect(data.hero?.fragments.characterName == nil)
    }

    @Test func enumsKeepUnknownValues() async throws {
        let harness = try await MockHarness.start([
            "HeroAppearsIn": ["hero": ["__typename": "Droid", "appearsIn": ["JEDI", "HOLIDAY_SPECIAL", .null]]]
        ])
        let data = try await harness.plugin.query(operation: HeroAppearsInQuery()).get()
        await harness.stop()
        #expect(data.hero?.appearsIn == [.jedi, .unknown("HOLIDAY_SPECIAL"), nil])
    }

    @Test func inputObjectsAndNestedListsAreSentAsWritten() async throws {
        let review: JSONValue = ["createReview": ["__typename": "Review", "stars": 5, "commentary": "Great"]]
        let harness = try await MockHarness.start([
            "CreateReviewForEpisode": review,
            "StarshipCoordinates": [
                "starshipCoordinates": [
                    "__typename": "Starship", "name": "Falcon", "coordinates": [[1, 2], [3.5, 4]], "length": 34.37,
                ]
            ],
        ])
        let input = ReviewInput(
            stars: 5, commentary: "Great", favorite_color: .value(ColorInput(red: 1, green: 2, blue: 3)))
        let created = try await harness.plugin.mutate(
            operation: CreateReviewForEpisodeMutation(episode: .jedi, review: input)
        ).get()
        let starship = try await harness.plugin.query(
            operation: StarshipCoordinatesQuery(coordinates: [[1, 2], [3.5, 4]])
        ).get()
        let bodies = harness.receivedBodies
        await harness.stop()

        #expect(created.createReview?.stars == 5)
        let expected: JSONValue = [
            "episode": "JEDI",
            "review": ["stars": 5, "commentary": "Great", "favorite_color": ["red": 1, "green": 2, "blue": 3]],
        ]
        #expect(bodies.first?["variables"] == expected)
        #expect(starship.starshipCoordinates?.coordinates == [[1, 2], [3.5, 4]])
        #expect(bodies.last?["variables"] == ["coordinates": [[1, 2], [3.5, 4]]])
    }

    @Test func variablesWithDefaultsAreLeftOutUnlessGiven() async throws {
        let connection: JSONValue = [
            "hero": [
                "__typename": "Droid",
                "friendsConnection": [
                    "__typename": "FriendsConnection", "totalCount": 3,
                    "edges": [["__typename": "FriendsEdge", "cursor": "c1", "node": Self.luke]],
                    "pageInfo": ["__typename": "PageInfo", "hasNextPage": true, "endCursor": "c1"],
                ],
            ]
        ]
        let harness = try await MockHarness.start(["HeroFriendsConnection": connection])
        let data = try await harness.plugin.query(operation: HeroFriendsConnectionQuery(after: .null)).get()
        let variables = harness.receivedBodies.first?["variables"]
        await harness.stop()

        #expect(variables == ["after": .null])
        let friends = try #require(data.hero?.friendsConnection)
        #expect(friends.totalCount == 3 && friends.pageInfo.hasNextPage)
        #expect(friends.edges?.first??.node?.fragments.characterName.name == "Luke Skywalker")
    }

    @Test func fragmentsInFragmentsReadThroughTheirKeys() throws {
        let json = #"{"__typename":"Droid","name":"R2-D2","primaryFunction":"Astromech"}"#
        let fragment = try JSONDecoder().decode(DroidNameAndPrimaryFunction.self, from: Data(json.utf8))
        #expect(fragment.name == "R2-D2")
        #expect(CharacterName(key: fragment.data).name == "R2-D2")
        #expect(DroidPrimaryFunction(key: fragment.data).primaryFunction == "Astromech")
        #expect(fragment.fragments.characterName == CharacterName(key: fragment.data))
    }

    @Test func subscriptionRunsThroughTheRealtimeConnection() async throws {
        let event: JSONValue = [
            "reviewAdded": ["__typename": "Review", "episode": "JEDI", "stars": 4, "commentary": .null]
        ]
        let harness = try await MockHarness.start(
            [:], subscriptions: [SubscriptionEndpoint(.operations("ReviewAdded"), events: [.data(event)])])
        let subscription = harness.plugin.subscribe(operation: ReviewAddedSubscription(episode: .value(.jedi)))
        var reviews: [ReviewAddedSubscription.Data.ReviewAdded?] = []
        for try await event in subscription {
            if case .data(let result) = event {
                reviews.append(try result.get().reviewAdded)
                subscription.cancel()
            }
        }
        await harness.stop()
        #expect(reviews.map { $0?.episode } == [.jedi])
        #expect(reviews.map { $0?.stars } == [4])
    }

    @Test func documentsNeedingEscapesAreRawStrings() {
        #expect(SearchEscapesQuery.document.contains(#"search(text: "C-3PO \"Threepio\" \\ droid") {"#))
    }

    @Test func queryThroughTheHubFacade() async throws {
        let harness = try await MockHarness.start(["HeroName": ["hero": Self.r2]])
        try await AsyncGateHub.run(with: harness.server) {
            let data = try await Switchboard.API.query(operation: HeroNameQuery()).get()
            #expect(data.hero?.name == "R2-D2")
        }
        await harness.stop()
    }
}
