import Foundation
import Switchboard
import SwitchboardStore
import Testing

/// Normalization and reads of Apollo's Star Wars operations: shared records, lists, arguments,
/// aliases, type conditions, fragments and directives.
@Suite struct RecordStoreNormalizationTests {
    static let r2: JSONValue = ["__typename": "Droid", "id": "2001", "name": "R2-D2"]
    static let luke: JSONValue = ["__typename": "Human", "id": "1000", "name": "Luke Skywalker"]
    static let han: JSONValue = ["__typename": "Human", "id": "1002", "name": "Han Solo"]

    static var heroWithFriends: JSONValue {
        var hero = r2.objectValue ?? [:]
        hero["friends"] = [luke, han, .null]
        return ["hero": .object(hero)]
    }

    @Test func nestedListsBecomeSharedRecordsThatOtherQueriesRead() async throws {
        let store = RecordStore()
        let query = HeroAndFriendsNamesWithIDsQuery(episode: .value(.jedi))
        try await store.write(data: Self.heroWithFriends, for: query)

        #expect(await store.recordKeys == ["Droid:2001", "Human:1000", "Human:1002", "QUERY_ROOT"])
        let root = try #require(await store.record(for: .queryRoot))
        #expect(root[#"hero({"episode":"JEDI"})"#] == .reference("Droid:2001"))
        let r2 = try #require(await store.record(for: "Droid:2001"))
        #expect(r2["friends"] == .list([.reference("Human:1000"), .reference("Human:1002"), .scalar(.null)]))

        let read = try await store.read(operation: query)
        #expect(read == (try Self.heroWithFriends.decode(as: HeroAndFriendsNamesWithIDsQuery.Data.self)))
        #expect(read.hero?.friends?.compactMap { $0?.name } == ["Luke Skywalker", "Han Solo"])
        // Another query over the same records needs no network.
        let name = try await store.read(operation: HeroNameQuery(episode: .value(.jedi)))
        #expect(name.hero?.name == "R2-D2")
    }

    @Test func objectsWithoutAnIdentityAreStoredUnderTheirPath() async throws {
        let store = RecordStore()
        let data: JSONValue = [
            "hero": [
                "__typename": "Droid", "name": "R2-D2",
                "friends": [["__typename": "Human", "name": "Luke Skywalker"]],
            ]
        ]
        try await store.write(data: data, for: HeroAndFriendsNamesQuery())
        let path = CacheKey("QUERY_ROOT.hero")
        #expect(await store.record(for: .queryRoot)?["hero"] == .reference(path))
        #expect(await store.record(for: path)?["friends"] == .list([.reference("QUERY_ROOT.hero.friends.0")]))
        #expect(await store.record(for: "QUERY_ROOT.hero.friends.0")?["name"] == .scalar("Luke Skywalker"))
        #expect(
            try await store.read(operation: HeroAndFriendsNamesQuery()).hero?.friends?.first??.name == "Luke Skywalker")
    }

    @Test func argumentsAndAliasesAreStoredByFieldNameAndArguments() async throws {
        let store = RecordStore()
        let data: JSONValue = ["r2": Self.r2, "luke": Self.luke]
        try await store.write(data: data, for: TwoHeroesQuery())
        let root = try #require(await store.record(for: .queryRoot))
        #expect(root["hero"] == .reference("Droid:2001"))
        #expect(root[#"hero({"episode":"EMPIRE"})"#] == .reference("Human:1000"))
        #expect(root["r2"] == nil && root["luke"] == nil)

        let read = try await store.read(operation: TwoHeroesQuery())
        #expect(read.r2?.name == "R2-D2" && read.luke?.name == "Luke Skywalker")
        // The argument-less field is a different field from the one with an episode.
        #expect(try await store.read(operation: HeroNameQuery()).hero?.name == "R2-D2")
        #expect(try await store.read(operation: HeroNameQuery(episode: .value(.empire))).hero?.name == "Luke Skywalker")
        await #expect(
            throws: RecordStoreError.missingField(record: .queryRoot, field: #"hero({"episode":"JEDI"})"#, path: "hero")
        ) {
            try await store.read(operation: HeroNameQuery(episode: .value(.jedi)))
        }
    }

    @Test func typeConditionsWriteOnlyTheFieldsOfTheMatchingType() async throws {
        let store = RecordStore()
        // `property` is `primaryFunction` on a Droid and `homePlanet` on a Human.
        let droid: JSONValue = ["hero": ["__typename": "Droid", "property": "Astromech"]]
        try await store.write(data: droid, for: HeroTypeDependentAliasedFieldQuery())
        let record = try #require(await store.record(for: "QUERY_ROOT.hero"))
        #expect(record["primaryFunction"] == .scalar("Astromech"))
        #expect(record["homePlanet"] == nil)
        let read = try await store.read(operation: HeroTypeDependentAliasedFieldQuery())
        #expect(read.hero?.asDroid?.property == "Astromech")
        #expect(read.hero?.asHuman == nil)
    }

    @Test func fragmentsAndInlineFragmentsReadTheSameRecords() async throws {
        let store = RecordStore()
        let data: JSONValue = ["hero": ["__typename": "Human", "name": "Luke Skywalker", "height": 1.72]]
        try await store.write(data: data, for: HeroDetailsWithFragmentQuery(episode: .value(.empire)))
        let inline = try await store.read(operation: HeroDetailsQuery(episode: .value(.empire)))
        #expect(inline.hero?.asHuman?.height == 1.72)
        #expect(inline.hero?.asDroid == nil)
        let fragment = try await store.read(operation: HeroDetailsWithFragmentQuery(episode: .value(.empire)))
        #expect(fragment.hero?.fragments.heroDetails.asHuman?.height == 1.72)
        #expect(HeroDetails(key: try #require(fragment.hero)).name == "Luke Skywalker")
    }

    @Test func aReadThatMissesAFieldNamesTheRecordAndThePath() async throws {
        let store = RecordStore()
        try await store.write(data: ["hero": Self.r2], for: HeroNameWithIDQuery())
        let error = await #expect(throws: RecordStoreError.self) {
            try await store.read(operation: HeroNameAndAppearsInQuery())
        }
        #expect(error == .missingField(record: "Droid:2001", field: "appearsIn", path: "hero.appearsIn"))
        #expect(error?.isCacheMiss == true)
        #expect(error?.description.contains("appearsIn of record Droid:2001") == true)
        await #expect(throws: RecordStoreError.missingRecord(.queryRoot, path: "")) {
            try await RecordStore().read(operation: HeroNameQuery())
        }
    }

    @Test func skippedFieldsAreNeitherWrittenNorRead() async throws {
        let store = RecordStore()
        let skipped: JSONValue = ["hero": ["__typename": "Droid"]]
        try await store.write(data: skipped, for: HeroNameConditionalInclusionQuery(includeName: false))
        #expect(
            try await store.read(operation: HeroNameConditionalInclusionQuery(includeName: false)).hero?.name == nil)
        await #expect(
            throws: RecordStoreError.missingField(record: "QUERY_ROOT.hero", field: "name", path: "hero.name")
        ) {
            try await store.read(operation: HeroNameConditionalInclusionQuery(includeName: true))
        }
    }

    @Test func aLaterResponseUpdatesTheSharedRecordForEveryQuery() async throws {
        let store = RecordStore()
        try await store.write(data: Self.heroWithFriends, for: HeroAndFriendsNamesWithIDsQuery())
        let renamed: JSONValue = ["hero": ["__typename": "Human", "id": "1000", "name": "Master Luke"]]
        try await store.write(data: renamed, for: HeroNameWithIDQuery(episode: .value(.empire)))
        let friends = try await store.read(operation: HeroAndFriendsNamesWithIDsQuery()).hero?.friends
        #expect(friends?.first??.name == "Master Luke")
    }

    @Test func dataThatIsNotAnObjectIsRejected() async throws {
        let store = RecordStore()
        await #expect(throws: RecordStoreError.self) {
            try await store.write(data: ["hero": "R2-D2"], for: HeroNameQuery())
        }
        await #expect(throws: RecordStoreError.self) {
            try await store.write(data: [1, 2], for: HeroNameQuery())
        }
        #expect(await store.recordKeys.isEmpty)
    }
}
