import Foundation
import Testing

@testable import SwitchboardServer

/// Comparing a field takes the right to read it: a `filter`, a mutation's `condition`, a key
/// argument or a subscription filter on a field whose own `@auth` rules the caller does not meet
/// fails with "Not Authorized to access <field> on type <Model>" — else which items match would
/// tell the value, one `beginsWith` per character — and an owner comparing the field sees only
/// the items whose field it may read.
@Suite struct FieldAuthorizationFilterTests {
    static let schema = """
        type Profile @model @auth(rules: [{allow: owner}, {allow: public}, {allow: private, operations: [read]}]) {
          id: ID!
          name: String
          ssn: String @auth(rules: [{allow: owner}])
          tag: String @index(name: "byTag", sortKeyFields: ["ssn"], queryField: "profilesByTag")
          region: String @auth(rules: [{allow: owner}]) @index(name: "byRegion", queryField: "profilesByRegion")
          team: Team @belongsTo
        }
        type Team @model @auth(rules: [{allow: public}]) {
          id: ID!
          members: [Profile] @hasMany
        }
        type Diary @model(subscriptions: {level: public}) @auth(rules: [{allow: owner}, {allow: private, operations: [read]}]) {
          id: ID!
          note: String @auth(rules: [{allow: owner}])
        }
        """

    static let apiKey = ["x-api-key": "da2-test"]
    static let alice = ["Authorization": ClientAuthorizationTests.token(sub: "sub-alice", username: "alice")]
    static let bob = ["Authorization": ClientAuthorizationTests.token(sub: "sub-bob", username: "bob")]

    static let list = """
        query L($filter: ModelProfileFilterInput) { listProfiles(filter: $filter) { items { id name } } }
        """

    /// A server with Alice's profile p1 (ssn A-123, region eu) and Bob's p2 (ssn B-456, region us),
    /// both tagged `t` and members of team t1.
    static func seeded() async throws -> ServerHarness {
        let harness = try await ServerHarness.start(Self.schema)
        _ = try await harness.post(#"mutation { createTeam(input: {id: "t1"}) { id } }"#, headers: Self.apiKey)
        for (headers, id, name, ssn, region) in [
            (Self.alice, "p1", "Alice", "A-123", "eu"), (Self.bob, "p2", "Bob", "B-456", "us"),
        ] {
            let (_, body) = try await harness.post(
                "mutation C($input: CreateProfileInput!) { createProfile(input: $input) { id } }",
                variables: [
                    "input": [
                        "id": .string(id), "name": .string(name), "ssn": .string(ssn), "tag": "t",
                        "region": .string(region), "teamMembersId": "t1",
                    ]
                ], headers: headers)
            #expect(body["errors"] == nil, "\(body.text)")
        }
        return harness
    }

    static func expectUnauthorized(
        _ body: JSON, field: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let error = body["errors"]?[0]
        #expect(error?["errorType"] == "Unauthorized", "\(body.text)", sourceLocation: sourceLocation)
        #expect(
            error?["message"] == .string("Not Authorized to access \(field) on type Profile"), "\(body.text)",
            sourceLocation: sourceLocation)
    }

    static func ids(_ body: JSON, _ field: String) -> [String] {
        body["data"]?[field]?["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }

    @Test func filtersOnAFieldTheCallerMayNotReadAreRefused() async throws {
        let harness = try await Self.seeded()
        defer { Task { await harness.stop() } }
        for filter: JSON in [
            ["ssn": ["beginsWith": "A"]],
            ["name": ["eq": "Alice"], "ssn": ["attributeExists": true]],
            ["and": [["name": ["eq": "Alice"]], ["or": [["not": ["ssn": ["eq": "x"]]]]]]],
            ["or": [["name": ["eq": "Bob"]], ["region": ["size": ["gt": 1]]]]],
        ] {
            let (status, body) = try await harness.post(Self.list, variables: ["filter": filter], headers: Self.apiKey)
            #expect(status == 200)
            #expect(body["data"] == ["listProfiles": nil])
            Self.expectUnauthorized(body, field: filter.text.contains("region") ? "region" : "ssn")
        }
        // Readable fields filter as before.
        let (_, readable) = try await harness.post(
            Self.list, variables: ["filter": ["name": ["beginsWith": "A"]]], headers: Self.apiKey)
        #expect(readable["errors"] == nil && Self.ids(readable, "listProfiles") == ["p1"])
        // So does a connection's filter.
        let members = "{ getTeam(id: \"t1\") { members(filter: $filter) { items { id } } } }"
        let (_, refusedMembers) = try await harness.post(
            "query M($filter: ModelProfileFilterInput) \(members)", variables: ["filter": ["ssn": ["beginsWith": "B"]]],
            headers: Self.apiKey)
        Self.expectUnauthorized(refusedMembers, field: "ssn")
        let (_, readableMembers) = try await harness.post(
            "query M($filter: ModelProfileFilterInput) \(members)", variables: ["filter": ["name": ["eq": "Bob"]]],
            headers: Self.apiKey)
        #expect(readableMembers["data"]?["getTeam"]?["members"]?["items"] == [["id": "p2"]])
    }

    @Test func keyArgumentsOnAFieldTheCallerMayNotReadAreRefused() async throws {
        let harness = try await Self.seeded()
        defer { Task { await harness.stop() } }
        let byTag = """
            query T($condition: ModelStringKeyConditionInput) {
              profilesByTag(tag: "t", ssn: $condition) { items { id } }
            }
            """
        let (_, sortCondition) = try await harness.post(
            byTag, variables: ["condition": ["beginsWith": "A"]], headers: Self.apiKey)
        Self.expectUnauthorized(sortCondition, field: "ssn")
        let (_, partition) = try await harness.post(
            #"{ profilesByRegion(region: "eu") { items { id } } }"#, headers: Self.apiKey)
        Self.expectUnauthorized(partition, field: "region")
        // Without a condition on the protected sort key the index reads as before.
        let (_, plain) = try await harness.post(byTag, headers: Self.apiKey)
        #expect(plain["errors"] == nil && Set(Self.ids(plain, "profilesByTag")) == ["p1", "p2"])
        // An owner compares the field on its own items only.
        let (_, owned) = try await harness.post(
            byTag, variables: ["condition": ["beginsWith": "A"]], headers: Self.alice)
        #expect(owned["errors"] == nil && Self.ids(owned, "profilesByTag") == ["p1"])
        let (_, others) = try await harness.post(
            byTag, variables: ["condition": ["beginsWith": "B"]], headers: Self.alice)
        #expect(others["errors"] == nil && Self.ids(others, "profilesByTag") == [])
        let (_, region) = try await harness.post(
            #"{ profilesByRegion(region: "us") { items { id } } }"#, headers: Self.alice)
        #expect(region["errors"] == nil && Self.ids(region, "profilesByRegion") == [])
    }

    @Test func ownersFilterOnTheFieldOfTheirOwnItemsOnly() async throws {
        let harness = try await Self.seeded()
        defer { Task { await harness.stop() } }
        // Alice may read every profile (private read) but Bob's ssn only as null.
        let (_, all) = try await harness.post(Self.list, headers: Self.alice)
        #expect(Set(Self.ids(all, "listProfiles")) == ["p1", "p2"])
        let (_, own) = try await harness.post(
            Self.list, variables: ["filter": ["ssn": ["beginsWith": "A"]]], headers: Self.alice)
        #expect(own["errors"] == nil && Self.ids(own, "listProfiles") == ["p1"])
        for filter: JSON in [["ssn": ["beginsWith": "B"]], ["not": ["ssn": ["eq": "A-123"]]]] {
            let (_, body) = try await harness.post(Self.list, variables: ["filter": filter], headers: Self.alice)
            #expect(body["errors"] == nil && Self.ids(body, "listProfiles") == [], "\(filter.text)")
        }
        let (_, bobs) = try await harness.post(
            Self.list, variables: ["filter": ["ssn": ["beginsWith": "B"]]], headers: Self.bob)
        #expect(Self.ids(bobs, "listProfiles") == ["p2"])
    }

    @Test func conditionsOnAFieldTheCallerMayNotReadAreRefusedWithoutWriting() async throws {
        let harness = try await Self.seeded()
        defer { Task { await harness.stop() } }
        let update = """
            mutation U($condition: ModelProfileConditionInput) {
              updateProfile(input: {id: "p1", name: "Changed"}, condition: $condition) { id name }
            }
            """
        let delete = """
            mutation D($condition: ModelProfileConditionInput) {
              deleteProfile(input: {id: "p1"}, condition: $condition) { id }
            }
            """
        let create = """
            mutation C($condition: ModelProfileConditionInput) {
              createProfile(input: {id: "p3", name: "Carol"}, condition: $condition) { id }
            }
            """
        let condition: JSON = ["or": [["name": ["eq": "nobody"]], ["ssn": ["beginsWith": "A"]]]]
        for mutation in [update, delete, create] {
            let (_, body) = try await harness.post(mutation, variables: ["condition": condition], headers: Self.apiKey)
            Self.expectUnauthorized(body, field: "ssn")
        }
        let get = #"{ getProfile(id: "p1") { id name } }"#
        #expect(
            try await harness.post(get, headers: Self.apiKey).body["data"] == [
                "getProfile": ["id": "p1", "name": "Alice"]
            ])
        #expect(
            try await harness.post(#"{ getProfile(id: "p3") { id } }"#, headers: Self.apiKey).body["data"] == [
                "getProfile": nil
            ])

        // Conditions on readable fields decide as before.
        let (_, failed) = try await harness.post(
            update, variables: ["condition": ["name": ["eq": "nobody"]]], headers: Self.apiKey)
        #expect(failed["errors"]?[0]?["errorType"] == "DynamoDB:ConditionalCheckFailedException")
        let (_, updated) = try await harness.post(
            update, variables: ["condition": ["name": ["eq": "Alice"]]], headers: Self.apiKey)
        #expect(updated["data"] == ["updateProfile": ["id": "p1", "name": "Changed"]])
        // The owner may condition on the field of its item.
        let (_, owned) = try await harness.post(
            update, variables: ["condition": ["ssn": ["eq": "A-123"]]], headers: Self.alice)
        #expect(owned["errors"] == nil && owned["data"]?["updateProfile"]?["name"] == "Changed")
    }

    @Test func subscriptionFiltersOnAFieldTheCallerMayNotReadAreRefused() async throws {
        let harness = try await Self.seeded()
        defer { Task { await harness.stop() } }
        let client = try await RealtimeClient.appSync(harness.server)
        defer { Task { await client.close() } }
        _ = try await client.initialize()
        let onCreate = """
            subscription S($filter: ModelSubscriptionProfileFilterInput) { onCreateProfile(filter: $filter) { id } }
            """
        try await client.start(
            id: "secret", query: onCreate, variables: ["filter": ["ssn": ["beginsWith": "A"]]], server: harness.server)
        let refused = try await client.next()
        #expect(refused?["id"] == "secret" && refused?["type"] == "error")
        Self.expectUnauthorized(refused?["payload"] ?? nil, field: "ssn")
        try await client.start(
            id: "name", query: onCreate, variables: ["filter": ["name": ["beginsWith": "A"]]], server: harness.server)
        #expect(try await client.next()?["type"] == "start_ack")
    }

    @Test func publicSubscriptionsNeedAStaticGrantToFilterOnAProtectedField() async throws {
        // Public subscriptions admit the API's default mode, here user pools.
        let harness = try await ServerHarness.start(
            Self.schema,
            configuration: .init(apiKeys: [.init("da2-test")], defaultAuthorizationType: .amazonCognitoUserPools))
        defer { Task { await harness.stop() } }
        // Their events carry the field unredacted and pass no owner check: a dynamic rule is not
        // enough to compare it.
        let aliceHeaders = ["host": "127.0.0.1:\(harness.server.port)", "Authorization": Self.alice["Authorization"]!]
        let owner = try await RealtimeClient.appSync(harness.server, authorization: aliceHeaders)
        defer { Task { await owner.close() } }
        _ = try await owner.initialize()
        let onDiary = """
            subscription S($filter: ModelSubscriptionDiaryFilterInput) { onCreateDiary(filter: $filter) { id } }
            """
        try await owner.start(
            id: "note", query: onDiary, variables: ["filter": ["note": ["beginsWith": "x"]]], server: harness.server,
            authorization: aliceHeaders)
        let refused = try await owner.next()
        #expect(refused?["id"] == "note" && refused?["type"] == "error")
        #expect(refused?["payload"]?["errors"]?[0]?["message"] == "Not Authorized to access note on type Diary")
        try await owner.start(
            id: "id", query: onDiary, variables: ["filter": ["id": ["beginsWith": "x"]]], server: harness.server,
            authorization: aliceHeaders)
        #expect(try await owner.next()?["type"] == "start_ack")
    }
}
