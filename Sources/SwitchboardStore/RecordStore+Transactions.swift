import Foundation
import Switchboard

/// What a transaction under way keeps: the records as they were before it changed them, for a
/// rollback, and the records it changed, for the watchers once it ends.
struct StoreTransaction {
    var changed: Set<CacheKey> = []
    /// The fields each record was written, for an optimistic layer made of the transaction.
    var written: [CacheKey: Set<String>] = [:]
    /// Each record the transaction changed, as it was before (`nil`: it did not exist).
    var before: [CacheKey: StoredRecord?] = [:]
    let layers: [OptimisticLayer]
    let totalSize: Int
}

extension RecordStore {
    /// Runs `body` as one change to the store: its reads see its own writes, watchers are told
    /// once when it ends (each watcher reads again at most once, whatever number of writes the
    /// body made), the records are saved then, and if `body` throws, every record it changed is
    /// put back as it was: watchers from before are told nothing, and one added inside the
    /// transaction is given the data as it is again.
    ///
    /// `body` gets the store itself, isolated, so every method of the store joins the
    /// transaction: `read(operation:)`, ``update(_:_:)``, `write(data:for:)`, `removeRecord(for:)`.
    ///
    /// ```swift
    /// try await store.withTransaction { store in
    ///     try store.update(TodosQuery()) { data in data.todos.append(newTodo) }
    ///     store.removeRecord(for: "Todo:3")
    /// }
    /// ```
    ///
    /// A transaction inside another one is part of it.
    public func withTransaction<T: Sendable>(_ body: @Sendable (isolated RecordStore) throws -> T) throws -> T {
        guard transaction == nil else { return try body(self) }
        transaction = StoreTransaction(layers: layers, totalSize: totalSize)
        let result: T
        do {
            result = try body(self)
        } catch {
            let restored = rollBack()
            // Watchers from before the transaction were told nothing and read the same again; one
            // added inside it was given the transaction's data and learns it is gone.
            notifyWatchers(of: restored)
            throw error
        }
        let changed = transaction?.changed ?? []
        transaction = nil
        enforceMemoryBudget()
        notifyWatchers(of: changed)
        try save()
        return result
    }

    /// Reads `operation`'s data, changes it with `body` and writes it back: the way to add an item
    /// to a list a watcher shows, or to change a field of an object several queries show. Throws
    /// ``RecordStoreError`` when the store lacks some of the data.
    ///
    /// `Data` is encoded to JSON to be written; a field it leaves out (a `nil` the encoder
    /// omitted) is written as `null`. When `Data` is `Equatable` (generated mutable data is), the
    /// items at either end of a list that `body` left equal to what was read are not encoded
    /// again, and a watcher of the same operation decodes only the items that changed: appending
    /// to a watched list costs about the one item, not the list.
    public func update<Operation: GraphQLOperation>(
        _ operation: Operation, _ body: (inout Operation.Data) throws -> Void
    ) throws where Operation.Data: Encodable {
        let storeOperation = try StoreOperation(operation)
        let (plan, variables) = try inputs(of: storeOperation)
        // A watcher's memo when one shows this data, so that its next read reuses this one's values.
        let memo =
            watchers.memo(for: plan, variables: variables, root: plan.rootKey)
            ?? ReadMemo(root: plan.root, variables: variables, rootKey: plan.rootKey)
        var data = try decode(Operation.Data.self, plan: plan, variables: variables, from: plan.rootKey, memo: memo)
        try body(&data)
        let json = try encodeKeepingItems(data, plan: plan, variables: variables, memo: memo)
        try write(encoded: json, for: storeOperation, keptReferences: true)
    }

    /// `data` as JSON text, with the list items that equal the values `memo` just read written as
    /// references to their records (see ``KeptItemsSubstitution``). Its own function, so that the
    /// view of the records it holds is gone before the write changes them (or they would be copied).
    private func encodeKeepingItems<Value: Encodable>(
        _ data: Value, plan: SelectionPlan, variables: PlanVariables, memo: ReadMemo
    ) throws -> [UInt8] {
        let substitution = KeptItemsSubstitution(view: view(), plan: plan, variables: variables, memo: memo)
        var bytes: [UInt8] = []
        do {
            try JSONValueEncoder(substitution: substitution).encode(data).serialize(into: &bytes)
        } catch {
            throw RecordStoreError.invalidData("\(Value.self) does not encode: \(error)")
        }
        return bytes
    }

    /// Writes an operation's typed data, as a response with it would be written.
    public func write<Operation: GraphQLOperation>(_ data: Operation.Data, for operation: Operation) throws
    where Operation.Data: Encodable {
        try write(encoding: data, for: StoreOperation(operation))
    }

    /// Writes `value` encoded to JSON as `operation`'s data; selected fields it leaves out are `null`.
    package func write<Value: Encodable>(encoding value: Value, for operation: StoreOperation) throws {
        // Text, then a tape: for a large value this is faster than a JSONValue tree serialized.
        let json: Foundation.Data
        do {
            json = try JSONEncoder().encode(value)
        } catch {
            throw RecordStoreError.invalidData("\(Value.self) does not encode: \(error)")
        }
        try write(encoded: json, for: operation)
    }

    /// Notes `keys`' records as they are now, before a transaction changes them.
    func noteBeforeChange(_ keys: some Sequence<CacheKey>) {
        guard transaction != nil else { return }
        for key in keys where transaction?.before[key] == nil {
            transaction?.before[key] = .some(records[key])
        }
    }

    /// Collects what a transaction changed for the watchers; `false` outside a transaction.
    func deferNotification(of changed: Set<CacheKey>) -> Bool {
        guard transaction != nil else { return false }
        transaction?.changed.formUnion(changed)
        return true
    }

    /// Puts back every record the transaction changed, and the optimistic layers; returns the
    /// keys of the records put back.
    private func rollBack() -> Set<CacheKey> {
        guard let undone = transaction else { return [] }
        transaction = nil
        var restored = Set(undone.before.keys)
        // A layer the transaction added or removed changes what its records read as, too.
        let kept = Set(undone.layers.map(\.id)).intersection(layers.map(\.id))
        for layer in undone.layers + layers where !kept.contains(layer.id) {
            restored.formUnion(layer.records.keys)
        }
        for (key, record) in undone.before { records[key] = record }
        contentVersion &+= 1
        layers = undone.layers
        totalSize = undone.totalSize
        noteUnsaved(undone.before.keys)
        return restored
    }
}
