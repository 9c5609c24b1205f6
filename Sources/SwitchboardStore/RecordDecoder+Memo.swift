import Switchboard

/// How a decode reuses the values a ``ReadMemo`` kept of objects whose records did not change.
extension RecordDecoder {
    /// The value the memo kept of `value` (a list item) as `T`, if it holds a current one: how a
    /// list reuses its unchanged items without moving the decoder to each of them.
    @inline(__always)
    func keptValue<T>(_ type: T.Type, of value: StoredValue, selectionSet: PlannedSelectionSet?) -> T? {
        guard let (memo, _, _, current) = memoLookup(of: value, selectionSet: selectionSet) else { return nil }
        return kept(T.self, in: current, of: memo)
    }

    /// The memo, the key, the selection set and the current entry (if any) of the object `value`
    /// refers to. Only for selection sets that collect the same fields for every object: which
    /// fields the others collect can change with the possible types the store learns, not only
    /// with records.
    @inline(__always)
    func memoLookup(of value: StoredValue, selectionSet: PlannedSelectionSet?)
        -> (ReadMemo, ReadMemo.Key, PlannedSelectionSet, ReadMemo.Entry?)?
    {
        guard let memo, case .reference(let key) = value, let selectionSet, selectionSet.fixedFields != nil else {
            return nil
        }
        let memoKey = ReadMemo.Key(record: key, selectionSet: ObjectIdentifier(selectionSet))
        return (memo, memoKey, selectionSet, memo.entry(for: memoKey, in: view))
    }

    /// `current`'s value as `T`, its records added to the watcher's dependencies when it has one.
    @inline(__always)
    func kept<T>(_ type: T.Type, in current: ReadMemo.Entry?, of memo: ReadMemo) -> T? {
        guard let current, let kept = current.kept(T.self) else { return nil }
        tracker?.reuse(current, of: memo)
        return kept.value
    }
}
