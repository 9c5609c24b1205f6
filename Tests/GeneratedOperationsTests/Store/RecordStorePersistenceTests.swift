import Foundation
import SwitchboardAPI
import SwitchboardCore
import SwitchboardSQLitePersistence
import Testing

/// Records saved in SQLite and read by the next launch's store.
@Suite struct RecordStorePersistenceTests {
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString).sqlite").path
    }

    static func removeFiles(at path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    @Test func aNewStoreReadsWhatTheLastOneSaved() async throws {
        let path = Self.temporaryPath()
        defer { Self.removeFiles(at: path) }
        let data: JSONValue = [
            "hero": [
                "__typename": "Droid", "id": "2001", "name": "R2-D2 \u{1F916} \"Artoo\"",
                "friends": [["__typename": "Human", "id": "1000", "name": "Luke"], .null],
            ]
        ]
        do {
            let store = try RecordStore(persistence: SQLiteRecordPersistence(path: path))
            try await store.write(data: data, for: HeroAndFriendsNamesWithIDsQuery())
            try await store.write(
                data: ["human": ["__typename": "Human", "name": "Leia", "mass": 49.5]], for: HumanQuery(id: "1003"))
            await store.removeRecord(for: #"QUERY_ROOT.human({"id":"1003"})"#)
        }
        let relaunched = try RecordStore(persistence: SQLiteRecordPersistence(path: path))
        let read = try await relaunched.read(operation: HeroAndFriendsNamesWithIDsQuery())
        #expect(read == (try data.decode(as: HeroAndFriendsNamesWithIDsQuery.Data.self)))
        #expect(await relaunched.recordKeys == ["Droid:2001", "Human:1000", "QUERY_ROOT"])
        #expect(await relaunched.estimatedSize > 0)
        // The removed record stayed removed: the root field still points at it, so the read misses.
        await #expect(throws: RecordStoreError.self) { try await relaunched.read(operation: HumanQuery(id: "1003")) }
    }

    @Test func timeToLiveCountsFromTheOriginalWrite() async throws {
        let path = Self.temporaryPath()
        defer { Self.removeFiles(at: path) }
        let clock = RecordStoreExpiryTests.ManualClock()
        var configuration = RecordStoreConfiguration()
        configuration.timeToLive = .seconds(60)
        configuration.now = { clock.now }
        let first = try RecordStore(configuration: configuration, persistence: SQLiteRecordPersistence(path: path))
        try await first.write(
            data: ["hero": ["__typename": "Droid", "id": "2001", "name": "R2"]], for: HeroNameWithIDQuery())
        clock.advance(61)
        let second = try RecordStore(configuration: configuration, persistence: SQLiteRecordPersistence(path: path))
        let error = await #expect(throws: RecordStoreError.self) {
            try await second.read(operation: HeroNameWithIDQuery())
        }
        #expect(error?.isCacheMiss == true)
    }

    @Test func aFileThatIsNotADatabaseIsRefusedWithItsPath() throws {
        let path = Self.temporaryPath()
        defer { Self.removeFiles(at: path) }
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: RecordStoreError.self) { try SQLiteRecordPersistence(path: path) }
        #expect(error?.description.contains("database") == true)
    }

    /// Persistence that fails every save, to see the failure reach the writer.
    final class FailingPersistence: RecordPersistence {
        struct Full: Error, CustomStringConvertible { var description: String { "the disk is full" } }
        func loadRecords() throws -> [PersistedRecord] { [] }
        func save(_ records: [PersistedRecord], removing removed: [CacheKey]) throws { throw Full() }
    }

    @Test func aFailedSaveFailsTheWriteButKeepsTheDataInMemory() async throws {
        let store = try RecordStore(persistence: FailingPersistence())
        let error = await #expect(throws: RecordStoreError.self) {
            try await store.write(
                data: ["hero": ["__typename": "Droid", "id": "2001", "name": "R2"]], for: HeroNameWithIDQuery())
        }
        #expect(error == .persistence("the disk is full"))
        #expect(try await store.read(operation: HeroNameWithIDQuery()).hero?.name == "R2")
        await #expect(throws: RecordStoreError.persistence("the disk is full")) { try await store.save() }
    }
}
