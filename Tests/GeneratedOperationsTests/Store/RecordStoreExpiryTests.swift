import Foundation
import Switchboard
import SwitchboardCore
import SwitchboardStore
import Testing

/// Time to live, the memory budget, garbage collection and manual record changes.
@Suite struct RecordStoreExpiryTests {
    /// A clock the test moves by hand.
    final class ManualClock: Sendable {
        private let time = Locked(Date(timeIntervalSince1970: 1_000_000))
        var now: Date { time.withLock { $0 } }
        func advance(_ seconds: Double) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    static func human(_ id: Int) -> JSONValue {
        ["human": ["__typename": "Human", "name": .string("Human \(id)"), "mass": 80]]
    }

    @Test func expiredFieldsReadAsMissingAndAFreshWriteRestoresThem() async throws {
        let clock = ManualClock()
        var configuration = RecordStoreConfiguration()
        configuration.timeToLive = .seconds(60)
        configuration.timeToLiveByType["Droid"] = .seconds(5)
        configuration.now = { clock.now }
        let store = RecordStore(configuration: configuration)
        try await store.write(
            data: ["human": ["__typename": "Human", "name": "Luke", "mass": 77]], for: HumanQuery(id: "1000"))
        try await store.write(
            data: ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]], for: HeroNameWithIDQuery())

        clock.advance(10)
        #expect(try await store.read(operation: HumanQuery(id: "1000")).human?.name == "Luke")
        // The Droid's own fields expired after 5 s; the root field pointing at it has not.
        await #expect(
            throws: RecordStoreError.missingField(record: "Droid:2001", field: "__typename", path: "hero.__typename")
        ) {
            try await store.read(operation: HeroNameWithIDQuery())
        }
        clock.advance(60)
        let error = await #expect(throws: RecordStoreError.self) {
            try await store.read(operation: HumanQuery(id: "1000"))
        }
        #expect(error?.isCacheMiss == true)

        try await store.write(
            data: ["human": ["__typename": "Human", "name": "Luke", "mass": 77]], for: HumanQuery(id: "1000"))
        #expect(try await store.read(operation: HumanQuery(id: "1000")).human?.mass == 77)
    }

    @Test func theMemoryBudgetEvictsTheLeastRecentlyUsedRecordsButNotWatchedOnes() async throws {
        var configuration = RecordStoreConfiguration()
        configuration.memoryBudget = 8_000
        let store = RecordStore(configuration: configuration)
        try await store.write(data: Self.human(0), for: HumanQuery(id: "0"))
        let watcher = try await store.watch(operation: HumanQuery(id: "0"))
        for id in 1...200 {
            try await store.write(data: Self.human(id), for: HumanQuery(id: String(id)))
        }
        #expect(await store.estimatedSize <= 8_000)
        // The newest record is kept, the oldest unwatched one is gone, and the watched one stays.
        #expect(try await store.read(operation: HumanQuery(id: "200")).human?.name == "Human 200")
        #expect(await store.record(for: #"QUERY_ROOT.human({"id":"1"})"#) == nil)
        #expect(try await store.read(operation: HumanQuery(id: "0")).human?.name == "Human 0")
        watcher.cancel()
    }

    @Test func garbageCollectionRemovesRecordsNoRootReaches() async throws {
        let store = RecordStore()
        try await store.write(
            data: ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]], for: HeroNameWithIDQuery())
        await store.merge([Record(key: "Orphan:1", fields: ["name": .scalar("nobody")])])
        #expect(await store.collectGarbage() == ["Orphan:1"])
        #expect(await store.recordKeys == ["Droid:2001", "QUERY_ROOT"])
        await store.removeField("hero", of: .queryRoot)
        #expect(await store.collectGarbage() == ["Droid:2001"])
        #expect(await store.estimatedSize > 0)
        await store.removeAll()
        #expect(await store.estimatedSize == 0)
    }

    @Test func recordsCanBeReadWrittenAndRemovedByHand() async throws {
        let store = RecordStore()
        try await store.write(
            data: ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2"]], for: HeroNameWithIDQuery())
        await store.merge([Record(key: "Droid:2001", fields: ["name": .scalar("Artoo")])])
        #expect(try await store.read(operation: HeroNameWithIDQuery()).hero?.name == "Artoo")
        #expect(await store.record(for: "Droid:2001")?.typename == "Droid")
        let removed = await store.removeRecord(for: "Droid:2001")
        #expect(removed?["name"] == .scalar("Artoo"))
        await #expect(throws: RecordStoreError.missingRecord("Droid:2001", path: "hero")) {
            try await store.read(operation: HeroNameWithIDQuery())
        }
    }
}
