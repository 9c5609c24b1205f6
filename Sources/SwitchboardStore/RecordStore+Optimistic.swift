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
        try addOptimisticUpdate(data: data, for: StoreOperation(operation))
    }

    /// Shows `operation`'s expected data at once (see ``addOptimisticUpdate(data:for:)``).
    package func addOptimisticUpdate(data: JSONValue, for operation: StoreOperation) throws -> OptimisticUpdate {
        let records = try normalize(try Self.tape(of: data, for: operation), at: 0, for: operation).records
        nextLayerID &+= 1
        layers.append(OptimisticLayer(id: nextLayerID, records: records))
        notifyWatchers(of: Set(records.keys))
        return OptimisticUpdate(id: nextLayerID)
    }

    /// Rolls an optimistic update back; watchers see the records as they are without it.
    public func removeOptimisticUpdate(_ update: OptimisticUpdate) {
        guard let index = layers.firstIndex(where: { $0.id == update.id }) else { return }
        let layer = layers.remove(at: index)
        notifyWatchers(of: Set(layer.records.keys))
    }

    /// Replaces an optimistic update with the server's data in one step, so that watchers never
    /// see the records without either.
    public func commitOptimisticUpdate<Operation: GraphQLOperation>(
        _ update: OptimisticUpdate, data: JSONValue, for operation: Operation
    ) throws {
        let operation = try StoreOperation(operation)
        try commitOptimisticUpdate(update, tape: try Self.tape(of: data, for: operation), at: 0, for: operation)
    }

    /// Replaces an optimistic update with the data at token `index` of `tape`.
    package func commitOptimisticUpdate(
        _ update: OptimisticUpdate, tape: JSONTape, at index: Int, for operation: StoreOperation
    ) throws {
        let normalized = try normalize(tape, at: index, for: operation)
        var removed: Set<CacheKey> = []
        if let index = layers.firstIndex(where: { $0.id == update.id }) {
            removed = Set(layers.remove(at: index).records.keys)
        }
        try apply(normalized, alsoChanged: removed)
    }

    /// How many optimistic updates are applied.
    public var optimisticUpdateCount: Int { layers.count }
}
