import Switchboard
import SwitchboardCore

extension RecordStore {
    /// Removes the records that no root record (`QUERY_ROOT`, `MUTATION_ROOT`,
    /// `SUBSCRIPTION_ROOT`) reaches through references and no watcher depends on, and returns
    /// their keys.
    @discardableResult
    public func collectGarbage() -> [CacheKey] {
        let reachable = reachableRecords()
        let garbage = records.keys.filter { !reachable.contains($0) }.sorted()
        for key in garbage { remove(key) }
        try? save()
        return garbage
    }

    /// Keeps the records within ``RecordStoreConfiguration/memoryBudget``: past it, removes
    /// unreachable records, least recently used first, then least recently used records that no
    /// watcher depends on (with the root fields that lead to them, which could only miss now),
    /// until the records take at most 90 % of the budget (so that a store at its budget does not
    /// sort its records on every write).
    func enforceMemoryBudget() {
        // A transaction's reads rely on what it wrote: it evicts when it ends.
        guard transaction == nil else { return }
        let budget = configuration.memoryBudget
        guard totalSize > budget else { return }
        let target = budget - budget / 10
        let reachable = reachableRecords()
        let byAge = records.sorted { $0.value.lastUsed < $1.value.lastUsed }.map(\.key)
        var evicted: Set<CacheKey> = []
        for key in byAge where totalSize > target && !reachable.contains(key) {
            remove(key)
            evicted.insert(key)
        }
        guard totalSize > target else { return notifyWatchers(of: evicted) }
        let watched = watchers.watchedRecords
        var rootFields: [CacheKey: [(root: CacheKey, field: String)]] = [:]
        for root in Self.roots {
            for entry in records[root]?.fields.entries ?? [] {
                entry.value.value.forEachReference { rootFields[$0, default: []].append((root, entry.key)) }
            }
        }
        for key in byAge where totalSize > target && !evicted.contains(key) {
            guard !watched.contains(key), !Self.roots.contains(key) else { continue }
            remove(key)
            evicted.insert(key)
            for (root, storageKey) in rootFields[key] ?? [] {
                removeStoredField(storageKey, of: root)
                evicted.insert(root)
            }
        }
        notifyWatchers(of: evicted)
    }

    /// The root records and watched records, and everything they reference.
    private func reachableRecords() -> Set<CacheKey> {
        var reachable: Set<CacheKey> = []
        var pending = Array(Self.roots) + Array(watchers.watchedRecords)
        while let key = pending.popLast() {
            guard reachable.insert(key).inserted, let record = records[key] else { continue }
            for entry in record.fields.entries {
                entry.value.value.forEachReference { pending.append($0) }
            }
        }
        return reachable
    }

    /// Removes a field without notifying watchers; returns whether it was there.
    @discardableResult
    func removeStoredField(_ storageKey: String, of key: CacheKey) -> Bool {
        noteBeforeChange([key])
        guard let field = records[key]?.fields.removeValue(forKey: storageKey) else { return false }
        let size = StoredRecord.estimatedSize(ofField: storageKey, field.value)
        records[key]?.size -= size
        useCounter &+= 1
        records[key]?.version = useCounter
        contentVersion &+= 1
        totalSize -= size
        noteUnsaved([key])
        return true
    }

    private func remove(_ key: CacheKey) {
        if let removed = records.removeValue(forKey: key) { totalSize -= removed.size }
        contentVersion &+= 1
        noteUnsaved([key])
    }

    static var roots: [CacheKey] { [.queryRoot, .mutationRoot, .subscriptionRoot] }
}
