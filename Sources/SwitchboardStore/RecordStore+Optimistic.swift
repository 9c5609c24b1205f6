import Switchboard
import SwitchboardCore

/// An optimistic change applied to a ``RecordStore`` and not yet confirmed or rolled back.
public struct OptimisticUpdate: Hashable, Sendable {
    let id: UInt64
}

extension RecordStore {
    /// Shows an operation's expected data at once, layered over the records, until
    /// ``removeOptimisticUpdate(_:)`` takes it away (on error) or ``commitOptimisticUpdate(_:data:for:)``
    /// replaces it with the server's answer. Watchers see both changes.
    ///
    /// `Switchboard.API.mutate(operation:optimisticData:)` does this around a mutation.
    public func addOptimisticUpdate<Operation: GraphQLOperation>(data: JSONValue, for operation: Operation) throws
        -> OptimisticUpdate
    {
        let operation = try StoreOperation(operation)
        return try addOptimisticUpdate { store in try store.write(data: data, for: operation) }
    }

    /// Rolls an optimistic update back; watchers see the records as they are without it.
    public func removeOptimisticUpdate(_ update: OptimisticUpdate) {
        guard let index = layers.firstIndex(where: { $0.id == update.id }) else { return }
        let layer = layers.remove(at: index)
        contentVersion &+= 1
        notifyWatchers(of: Set(layer.records.keys))
    }

    /// Replaces an optimistic update with the server's data in one step, so that watchers never
    /// see the records without either.
    public func commitOptimisticUpdate<Operation: GraphQLOperation>(
        _ update: OptimisticUpdate, data: JSONValue, for operation: Operation
    ) throws {
        let operation = try StoreOperation(operation)
        try withTransaction { store in
            store.removeOptimisticUpdate(update)
            try store.write(data: data, for: operation)
        }
    }

    /// How many optimistic updates are applied.
    public var optimisticUpdateCount: Int { layers.count }
}

extension RecordStore {
    /// Shows the changes `body` makes as an optimistic update: a layer over the records that
    /// ``removeOptimisticUpdate(_:)`` takes away again, leaving the records as they were. `body`
    /// runs as a transaction (see ``withTransaction(_:)``), so its reads see its own writes and
    /// watchers are told once; records it removes stay (a layer only adds fields).
    ///
    /// ```swift
    /// let shown = try await store.addOptimisticUpdate { store in
    ///     try store.update(TodosQuery()) { data in data.todos.append(draft) }
    /// }
    /// ```
    ///
    /// `Switchboard.API.mutate(operation:optimistic:update:)` does this around a mutation.
    public func addOptimisticUpdate(_ body: @Sendable (isolated RecordStore) throws -> Void) throws
        -> OptimisticUpdate
    {
        try withTransaction { store in
            // Within a larger transaction, only this body's changes become the layer.
            let alreadyChanged = Set((store.transaction?.before ?? [:]).keys)
            try body(store)
            return store.moveChangesToLayer(since: alreadyChanged)
        }
    }

    /// Moves what the transaction under way changed (beyond `alreadyChanged`) from the records
    /// into a new optimistic layer, putting the records back as they were.
    private func moveChangesToLayer(since alreadyChanged: Set<CacheKey>) -> OptimisticUpdate {
        var layer: [CacheKey: [String: StoredValue]] = [:]
        for (key, old) in transaction?.before ?? [:] where !alreadyChanged.contains(key) {
            // The fields written, whatever their values: one equal to the record's own still
            // hides an older layer's, as the write meant it to.
            if let new = records[key], let written = transaction?.written[key] {
                var fields: [String: StoredValue] = [:]
                for field in written { fields[field] = new.fields[field]?.value }
                if !fields.isEmpty { layer[key] = fields }
            }
            totalSize += (old?.size ?? 0) - (records[key]?.size ?? 0)
            records[key] = old
        }
        contentVersion &+= 1
        nextLayerID &+= 1
        layers.append(OptimisticLayer(id: nextLayerID, records: layer))
        transaction?.changed.formUnion(layer.keys)
        return OptimisticUpdate(id: nextLayerID)
    }
}
