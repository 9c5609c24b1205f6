import Switchboard
import SwitchboardCore

/// What a watcher is told after a change: its data read again as JSON text, or why it could not
/// be read (a record or field is now missing).
package typealias WatcherDelivery = @Sendable (Result<[UInt8], RecordStoreError>) -> Void

/// How a typed watcher is told after its data changed: it decodes the records itself, in the
/// store's isolation, with the values it decoded last time at hand (see ``ReadMemo``).
typealias DecodedDelivery = @Sendable (isolated RecordStore) -> Void

/// One watcher: a selection read from a record, the records the last read visited, and the last
/// result, so that a change that leaves the result as it was yields nothing.
struct Watcher: Sendable {
    let plan: SelectionPlan
    let variables: PlanVariables
    let root: CacheKey
    var dependencies: Set<CacheKey>
    /// How the last read changed ``dependencies``, for the table's index.
    var dependencyChange = DependencyChange.added([])
    /// The number of dependencies the last read that built them anew found.
    var dependenciesAtRebuild = 0
    var last: [UInt8]?
    /// Whether the last read missed, so that a miss is reported once, not on every change.
    var lastMissed = false
    let deliver: WatcherDelivery
    /// What the watcher's reads keep between them.
    let memo: ReadMemo
    /// Replaces ``deliver`` for data read: a typed watcher decodes from the records.
    var deliverDecoded: DecodedDelivery? = nil
    /// Replaces the read as JSON text: a typed watcher of `Equatable` data decodes it and compares.
    var valueRead: ValueRead? = nil

    /// The dependencies, moved out so that a read adds to them in place.
    mutating func takeDependencies() -> Set<CacheKey> {
        defer { dependencies = [] }
        return dependencies
    }

    /// Takes the dependencies a read found (see ``DependencyTracker``).
    mutating func noteDependencies(of tracker: DependencyTracker) {
        if tracker.rebuilding {
            // `dependencyChange` holds the old ones already.
            dependenciesAtRebuild = tracker.keys.count
        } else {
            dependencyChange = .added(tracker.added)
        }
        dependencies = tracker.keys
    }
}

/// How a read changed a watcher's dependencies.
enum DependencyChange: Sendable {
    /// These records were added to the ones it had.
    case added([CacheKey])
    /// The read built them anew; these were the ones it had.
    case replaced(old: Set<CacheKey>)
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

    /// Replaces a watcher's state after it read again (see ``Watcher/dependencyChange``).
    mutating func update(_ id: UInt64, _ body: (inout Watcher) -> Void) {
        // Taken out, so that the read changes the only copy of its dependencies.
        guard var watcher = entries.removeValue(forKey: id) else { return }
        body(&watcher)
        switch watcher.dependencyChange {
        case .added(let keys):
            index(id, adding: keys)
        case .replaced(let before) where before != watcher.dependencies:
            unindex(id, removing: before.subtracting(watcher.dependencies))
            index(id, adding: watcher.dependencies.subtracting(before))
        case .replaced:
            break
        }
        watcher.dependencyChange = .added([])
        entries[id] = watcher
    }

    /// The memo of a watcher reading `plan` with `variables` on `root`, for another read of the same.
    func memo(for plan: SelectionPlan, variables: PlanVariables, root: CacheKey) -> ReadMemo? {
        for watcher in entries.values where watcher.memo.matches(plan, variables: variables, rootKey: root) {
            return watcher.memo
        }
        return nil
    }

    /// Every record some watcher depends on, which memory-budget eviction must keep.
    var watchedRecords: Set<CacheKey> { Set(byRecord.keys) }

    private mutating func index(_ id: UInt64, adding keys: some Sequence<CacheKey>) {
        for key in keys { byRecord[key, default: []].insert(id) }
    }

    private mutating func unindex(_ id: UInt64, removing keys: some Sequence<CacheKey>) {
        for key in keys {
            byRecord[key]?.remove(id)
            if byRecord[key]?.isEmpty == true { byRecord[key] = nil }
        }
    }
}
