import Switchboard
import SwitchboardCore

/// How a typed watcher of `Equatable` data reads: it decodes its value from the records, reusing
/// what its memo kept, with `tracker` noting the records it depends on, and yields the value when
/// it differs from the last one. Returns the miss when data is missing (the watcher stays silent).
typealias ValueRead = @Sendable (isolated RecordStore, _ tracker: DependencyTracker) -> RecordStoreError?

extension RecordStore {
    /// A sequence of `Value`s as ``watchSequence(of:plan:variables:root:)`` makes, for `Equatable`
    /// data (generated data is): each read decodes straight from the records, objects whose
    /// records did not change reused, and a value equal to the last one is not yielded. No JSON
    /// text is read to find out whether the data changed.
    func watchValues<Value: Decodable & Sendable & Equatable>(
        of type: Value.Type, plan: SelectionPlan, variables: PlanVariables, root: CacheKey
    ) throws -> SwitchboardAsyncThrowingSequence<Value> {
        let (stream, continuation) = AsyncThrowingStream<Value, any Error>.makeStream(
            bufferingPolicy: .bufferingNewest(1))
        let memo = ReadMemo(root: plan.root, variables: variables, rootKey: root)
        let last = LastValue<Value>()
        let valueRead: ValueRead = { store, tracker in
            do {
                let value = try store.decode(
                    Value.self, plan: plan, variables: variables, from: root, memo: memo, tracker: tracker)
                if let previous = last.value, previous == value { return nil }
                last.value = value
                continuation.yield(value)
                return nil
            } catch let miss as RecordStoreError {
                // Told again once the data is complete, as a watcher reading JSON text is.
                last.value = nil
                return miss
            } catch {
                continuation.finish(throwing: error)
                return nil
            }
        }
        let id = try addWatcher(
            plan: plan, variables: variables, root: root, memo: memo, valueRead: valueRead, deliver: { _ in })
        return sequence(stream, continuation, removing: id)
    }

    /// Reads a watcher of `Equatable` data (see ``ValueRead``).
    func reread(_ watcher: inout Watcher, with valueRead: ValueRead, tracker: DependencyTracker)
        -> Result<[UInt8], RecordStoreError>
    {
        let miss = valueRead(self, tracker)
        watcher.lastMissed = miss != nil
        watcher.noteDependencies(of: tracker)
        // The value was yielded by the read itself; the store's delivery has nothing to carry.
        return miss.map { .failure($0) } ?? .success([])
    }
}

/// The value a watcher yielded last.
// Unchecked: read and written only by the watcher's read, which runs in the store's isolation.
final class LastValue<Value>: @unchecked Sendable {
    var value: Value?
}
