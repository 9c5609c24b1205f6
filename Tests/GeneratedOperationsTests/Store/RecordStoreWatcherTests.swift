import Foundation
import Switchboard
import SwitchboardStore
import Testing

/// Watchers and optimistic updates on the store itself, and many tasks reading and writing at once.
@Suite struct RecordStoreWatcherTests {
    static func hero(name: String) -> JSONValue {
        ["hero": ["__typename": "Droid", "id": "2001", "name": .string(name)]]
    }

    @Test func watchersSeeChangesOnceAndIgnoreWritesThatChangeNothingTheyShow() async throws {
        let store = RecordStore()
        try await store.write(data: Self.hero(name: "R2-D2"), for: HeroNameWithIDQuery())
        let watcher = try await store.watch(operation: HeroNameWithIDQuery())
        var names = watcher.makeAsyncIterator()
        #expect(try await names.next()?.hero?.name == "R2-D2")

        // Same data, and a record the watcher does not show: nothing to yield.
        try await store.write(data: Self.hero(name: "R2-D2"), for: HeroNameWithIDQuery())
        await store.merge([Record(key: "Human:1000", fields: ["name": .scalar("Luke")])])
        // Another query changing the shared record: yielded.
        try await store.write(
            data: ["hero": ["__typename": "Droid", "id": "2001", "name": "Artoo"]],
            for: HeroNameWithIDQuery(episode: .value(.jedi)))
        #expect(try await names.next()?.hero?.name == "Artoo")
        #expect(await store.watcherCount == 1)
        watcher.cancel()
        #expect(try await names.next() == nil)
        // Cancelling removes the watcher from the store.
        for _ in 0..<100 where await store.watcherCount > 0 { await Task.yield() }
        #expect(await store.watcherCount == 0)
    }

    @Test func optimisticUpdatesShowAtOnceAndRollBack() async throws {
        let store = RecordStore()
        try await store.write(data: Self.hero(name: "R2-D2"), for: HeroNameWithIDQuery())
        let watcher = try await store.watch(operation: HeroNameWithIDQuery())
        var names = watcher.makeAsyncIterator()
        #expect(try await names.next()?.hero?.name == "R2-D2")

        let update = try await store.addOptimisticUpdate(
            data: Self.hero(name: "Optimistic"), for: HeroNameWithIDQuery())
        #expect(try await names.next()?.hero?.name == "Optimistic")
        #expect(try await store.read(operation: HeroNameWithIDQuery()).hero?.name == "Optimistic")
        await store.removeOptimisticUpdate(update)
        #expect(try await names.next()?.hero?.name == "R2-D2")
        #expect(await store.record(for: "Droid:2001")?["name"] == .scalar("R2-D2"))

        let second = try await store.addOptimisticUpdate(data: Self.hero(name: "Guess"), for: HeroNameWithIDQuery())
        #expect(try await names.next()?.hero?.name == "Guess")
        try await store.commitOptimisticUpdate(second, data: Self.hero(name: "Server"), for: HeroNameWithIDQuery())
        #expect(try await names.next()?.hero?.name == "Server")
        #expect(await store.optimisticUpdateCount == 0)
        watcher.cancel()
    }

    @Test func aThousandWatchersOfOneRecordAreAllNotified() async throws {
        let store = RecordStore()
        try await store.write(data: Self.hero(name: "R2-D2"), for: HeroNameWithIDQuery())
        var watchers: [SwitchboardAsyncThrowingSequence<HeroNameWithIDQuery.Data>] = []
        for _ in 0..<1_000 { watchers.append(try await store.watch(operation: HeroNameWithIDQuery())) }
        try await store.write(data: Self.hero(name: "Artoo"), for: HeroNameWithIDQuery())
        for watcher in watchers {
            var iterator = watcher.makeAsyncIterator()
            // Each holds only the newest value: the change, not the first read.
            #expect(try await iterator.next()?.hero?.name == "Artoo")
            watcher.cancel()
        }
    }

    @Test func tooManyWatchersFailsNamingTheLimit() async throws {
        var configuration = RecordStoreConfiguration()
        configuration.maximumWatchers = 2
        let store = RecordStore(configuration: configuration)
        let first = try await store.watch(operation: HeroNameQuery())
        let second = try await store.watch(operation: HeroNameQuery())
        await #expect(throws: RecordStoreError.tooManyWatchers(limit: 2)) {
            try await store.watch(operation: HeroNameQuery())
        }
        first.cancel()
        second.cancel()
    }

    @Test func concurrentReadersNeverSeeHalfAResponse() async throws {
        let store = RecordStore()
        let query = HeroAndFriendsNamesWithIDsQuery()
        func response(_ generation: Int) -> JSONValue {
            let suffix = " \(generation)"
            return [
                "hero": [
                    "__typename": "Droid", "id": "2001", "name": .string("R2" + suffix),
                    "friends": [
                        ["__typename": "Human", "id": "1000", "name": .string("Luke" + suffix)],
                        ["__typename": "Human", "id": "1002", "name": .string("Han" + suffix)],
                    ],
                ]
            ]
        }
        try await store.write(data: response(0), for: query)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for round in 0..<50 { try await store.write(data: response(writer * 100 + round), for: query) }
                }
            }
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<100 {
                        let hero = try #require(try await store.read(operation: query).hero)
                        // Every name of one read comes from the same response.
                        let generations = Set(
                            ([hero.name] + (hero.friends ?? []).compactMap { $0?.name }).map {
                                $0.split(separator: " ").last
                            })
                        #expect(generations.count == 1)
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
