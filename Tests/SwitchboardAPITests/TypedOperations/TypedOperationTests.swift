import Foundation
import SwitchboardMock
import SwitchboardNet
import Testing

@testable import SwitchboardAPI

/// `query(operation:)`, `mutate(operation:)` and `subscribe(operation:)` against the mock server
/// over loopback, with the hand-written operations of `HandWrittenOperations.swift`.
@Suite struct TypedOperationTests {
    static let droidHero: JSONValue = [
        "hero": [
            "__typename": "Droid", "name": "R2-D2", "appearsIn": ["NEWHOPE", "HOLIDAY_SPECIAL", .null],
            "primaryFunction": "Astromech",
        ]
    ]

    static func plugin(for server: MockServer) throws -> APIPlugin {
        let plugin = try APIPlugin()
        try plugin.configure(
            APICategoryConfiguration(endpoints: [
                APIEndpointConfiguration(
                    name: "starwars", endpointType: .graphQL, endpoint: server.graphQLURL,
                    authorizationType: .apiKey, apiKey: "da2-typed")
            ]))
        return plugin
    }

    static func body(of request: MockRequest) throws -> JSONValue {
        try JSONValue(parsing: Data(request.body))
    }

    @Test func queryOperationSendsDocumentNameAndVariablesAndDecodesData() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .operations("Hero"), response: .graphQL(data: Self.droidHero))
        ])
        defer { Task { await server.stop() } }
        let plugin = try Self.plugin(for: server)

        let data = try await plugin.query(operation: HeroQuery(episode: .value(.jedi))).get()

        let hero = try #require(data.hero)
        #expect(hero.name == "R2-D2")
        #expect(hero.appearsIn == [.newhope, .unknown("HOLIDAY_SPECIAL"), nil])
        #expect(hero.asDroid?.primaryFunction == "Astromech")
        #expect(hero.asDroid?.fragments.droidDetails.primaryFunction == "Astromech")
        let body = try Self.body(of: try #require(server.receivedRequests.first))
        #expect(body["query"]?.stringValue == HeroQuery.document)
        #expect(body["operationName"]?.stringValue == "Hero")
        #expect(body["variables"] == ["episode": "JEDI"])
    }

    @Test func fragmentReadsFromItsKeyThroughThePointer() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(.POST, .operations("Hero"), response: .graphQL(data: Self.droidHero))
        ])
        defer { Task { await server.stop() } }
        let data = try await Self.plugin(for: server).query(operation: HeroQuery()).get()
        let droid = try #require(data.hero?.asDroid)

        let details = DroidDetails(key: droid)

        #expect(details.name == "R2-D2")
        #expect(details.data == DroidDetails.Data(__typename: "Droid", name: "R2-D2", primaryFunction: "Astromech"))
        #expect(details == droid.fragments.droidDetails)
    }

    @Test func typeConditionIsNilForOtherTypes() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(
                .POST, .operations("Hero"),
                response: .graphQL(data: ["hero": ["__typename": "Human", "name": "Luke", "appearsIn": []]]))
        ])
        defer { Task { await server.stop() } }
        let data = try await Self.plugin(for: server).query(operation: HeroQuery()).get()
        #expect(data.hero?.name == "Luke")
        #expect(data.hero?.asDroid == nil)
    }

    @Test func operationWithoutVariablesSendsNoVariablesMember() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(
                .POST, .operations("HeroName"),
                response: .graphQL(data: ["hero": ["__typename": "Human", "name": "Luke"]]))
        ])
        defer { Task { await server.stop() } }
        let data = try await Self.plugin(for: server).query(operation: HeroNameQuery()).get()
        #expect(data.hero?.name == "Luke")
        let body = try Self.body(of: try #require(server.receivedRequests.first))
        #expect(body["variables"] == nil)
    }

    @Test func mutationSendsInputObjectsWithAbsentNullAndValues() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(
                .POST, .operations("CreateReview"),
                response: .graphQL(data: [
                    "createReview": [
                        "__typename": "Review", "stars": "{{variables.review.stars}}", "commentary": .null,
                    ]
                ]))
        ])
        defer { Task { await server.stop() } }
        let plugin = try Self.plugin(for: server)

        _ = try await plugin.mutate(operation: CreateReviewMutation(review: ReviewInput(stars: 5))).get()
        _ = try await plugin.mutate(
            operation: CreateReviewMutation(episode: .null, review: ReviewInput(stars: 4, commentary: .null))
        ).get()
        let last = try await plugin.mutate(
            operation: CreateReviewMutation(episode: .value(.newhope), review: ReviewInput(stars: 3, commentary: "Ok"))
        ).get()

        #expect(last.createReview?.stars == 3)
        let variables = try server.receivedRequests.map { try Self.body(of: $0)["variables"] }
        let expected: [JSONValue?] = [
            ["review": ["stars": 5]],
            ["episode": .null, "review": ["stars": 4, "commentary": .null]],
            ["episode": "NEWHOPE", "review": ["stars": 3, "commentary": "Ok"]],
        ]
        #expect(variables == expected)
    }

    @Test func unknownEnumValueDecodesAndEncodesItsRawString() throws {
        let decoded = try JSONDecoder().decode([Episode].self, from: Data(#"["JEDI","CLONE_WARS"]"#.utf8))
        #expect(decoded == [.jedi, .unknown("CLONE_WARS")])
        #expect(try JSONValue(encoding: decoded) == ["JEDI", "CLONE_WARS"])
    }

    @Test func undecodableDataIsATransformationError() async throws {
        let server = try await MockServer(endpoints: [
            GraphQLEndpoint(
                .POST, .operations("Hero"),
                response: .graphQL(data: ["hero": ["__typename": "Droid", "appearsIn": ["JEDI"]]]))
        ])
        defer { Task { await server.stop() } }
        let result = try await Self.plugin(for: server).query(operation: HeroQuery())
        guard case .failure(.transformationError(let raw, _)) = result else {
            Issue.record("expected a transformation error, got \(result)")
            return
        }
        #expect(raw.contains("JEDI"))
    }

    @Test func subscribeOperationDeliversDecodedEvents() async throws {
        let server = try await MockServer(endpoints: [
            SubscriptionEndpoint(
                .operations("ReviewAdded"),
                events: [.data(["reviewAdded": ["__typename": "Review", "stars": 4]])])
        ])
        defer { Task { await server.stop() } }
        let plugin = try Self.plugin(for: server)
        let subscription = plugin.subscribe(operation: ReviewAddedSubscription())
        var received: [ReviewAddedSubscription.Data] = []
        for try await event in subscription {
            if case .data(let result) = event {
                received.append(try result.get())
                subscription.cancel()
            }
        }
        #expect(received.map { $0.reviewAdded?.stars } == [4])
    }

    @Test func requestFromOperationCarriesNameDocumentAndAPI() throws {
        let request = GraphQLRequest(operation: HeroQuery(episode: .null), apiName: "starwars", authMode: .apiKey)
        #expect(request.document == HeroQuery.document)
        #expect(request.operationName == "Hero")
        #expect(request.apiName == "starwars")
        #expect(request.authMode == .apiKey)
        #expect(request.variables == ["episode": .null])
        #expect(request.decodePath == nil)
        #expect(HeroQuery.operationType == .query && CreateReviewMutation.operationType == .mutation)
        #expect(ReviewAddedSubscription.operationType == .subscription)
    }

    @Test func graphqlReturnsItsArgument() {
        #expect(graphql("query Q { hero { name } }") == "query Q { hero { name } }")
    }
}
