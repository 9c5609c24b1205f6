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
    /// put back as it was and nobody is told anything.
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
            rollBack()
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
    /// omitted) is written as `null`.
    public func update<Operation: GraphQLOperation>(
        _ operation: Operation, _ body: (inout Operation.Data) throws -> Void
    ) throws where Operation.Data: Encodable {
        var data = try read(operation: operation)
        try body(&data)
        try write(data, for: operation)
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

    /// Puts back every record the transaction changed, and the optimistic layers.
    private func rollBack() {
        guard let undone = transaction else { return }
        transaction = nil
        for (key, record) in undone.before { records[key] = record }
        layers = undone.layers
        totalSize = undone.totalSize
        noteUnsaved(undone.before.keys)
    }
}
