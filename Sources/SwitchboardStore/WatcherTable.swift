import Switchboard
import SwitchboardCore

/// What a watcher is told after a change: its data read again as JSON text, or why it could not
/// be read (a record or field is now missing).
package typealias WatcherDelivery = @Sendable (Result<[UInt8], RecordStoreError>) -> Void

/// One watcher: a selection read from a record, the records the last read visited, and the last
/// result, so that a change that leaves the result as it was yields nothing.
struct Watcher: Sendable {
    let plan: SelectionPlan
    let variables: PlanVariables
    let root: CacheKey
    var dependencies: Set<CacheKey>
    var last: [UInt8]?
    /// Whether the last read missed, so that a miss is reported once, not on every change.
    var lastMissed = false
    let deliver: WatcherDelivery
}

/// The store's watchers, indexed by the records they depend on so that a write finds the
/// watchers to read again without looking at the others.
struct WatcherTable: Sendable {
    private(set) var entries: [UInt64: Watcher] = [:]
    private var byRecord: [CacheKey: Set<UInt64>] = [:]
    private var nextID: UInt64 = 0

    var count: Int { entries.count }

    mutating func add(_ watcher: Watcher) -> UInt64 {
        nextID &+= 1
        entries[nextID] = watcher
        index(nextID, adding: watcher.dependencies)
        return nextID
    }

    mutating func remove(_ id: UInt64) {
        guard let watcher = entries.removeValue(forKey: id) else { return }
        unindex(id, removing: watcher.dependencies)
    }

    /// The watchers that depend on any of `keys`, in the order they were added.
    func watchers(dependingOn keys: Set<CacheKey>) -> [UInt64] {
        var ids: Set<UInt64> = []
        for key in keys {
            if let watching = byRecord[key] { ids.formUnion(watching) }
        }
        return ids.sorted()
    }

    /// Replaces a watcher's state after it read again.
    mutating func update(_ id: UInt64, _ body: (inout Watcher) -> Void) {
        guard var watcher = entries[id] else { return }
        let before = watcher.dependencies
        body(&watcher)
        entries[id] = watcher
        if watcher.dependencies != before {
            unindex(id, removing: before.subtracting(watcher.dependencies))
            index(id, adding: watcher.dependencies.subtracting(before))
        }
    }

    /// Every record some watcher depends on, which memory-budget eviction must keep.
    var watchedRecords: Set<CacheKey> { Set(byRecord.keys) }

    private mutating func index(_ id: UInt64, adding keys: Set<CacheKey>) {
        for key in keys { byRecord[key, default: []].insert(id) }
    }

    private mutating func unindex(_ id: UInt64, removing keys: Set<CacheKey>) {
        for key in keys {
            byRecord[key]?.remove(id)
            if byRecord[key]?.isEmpty == true { byRecord[key] = nil }
        }
    }
}
