import Switchboard
import SwitchboardCore

/// How ``RecordStore/update(_:_:)`` writes a list back without encoding the items its body left
/// as they were: the items at the start and at the end of the new list that equal (`==`) the
/// values just read from the records the list holds are written as references to those records,
/// and only the others are encoded and normalized. Appending one item to a list of a thousand
/// encodes one item.
///
/// It needs `Equatable` items (generated mutable data is) and values the update's read decoded
/// through a ``ReadMemo``; without either, the whole list is encoded as before.
struct KeptItemsSubstitution: JSONValueSubstitution {
    let view: RecordView
    let plan: SelectionPlan
    let variables: PlanVariables
    let memo: ReadMemo

    func substitute<Value: Encodable>(_ value: Value, at path: () -> [any CodingKey]) throws -> JSONValue? {
        guard let list = value as? any KeptItemsList, let stored = storedList(at: path()) else { return nil }
        return try list.substitutingKeptItems(of: stored, memo: memo, view: view)
    }

    /// The list of references the records hold at `path` of the update's data, read as the
    /// update's read read it (fields that collect the same way for every object only).
    private func storedList(at path: [any CodingKey]) -> StoredReferences? {
        var value = StoredValue.reference(plan.rootKey)
        var selectionSet: PlannedSelectionSet? = plan.root
        var parent = plan.rootKey
        var storageKey = ""
        for key in path {
            if let index = key.intValue {
                // A list of lists: its items' path keys are not the ones checked below.
                guard let items = value.listItems, items.indices.contains(index), case .reference = items[index] else {
                    return nil
                }
                value = items[index]
                continue
            }
            guard case .reference(let record) = value,
                let collected = selectionSet?.fixedFields?.first(where: { $0.responseKey == key.stringValue }),
                let fields = view.fields(of: record)
            else { return nil }
            let fieldKey = variables.storageKey(of: collected.field)
            guard let next = fields.value(fieldKey) else { return nil }
            (value, selectionSet, parent, storageKey) = (next, collected.selectionSet, record, fieldKey)
        }
        guard case .list(let items) = value, let selectionSet, selectionSet.fixedFields != nil else { return nil }
        return StoredReferences(items: items, selectionSet: selectionSet, parent: parent, storageKey: storageKey)
    }
}

/// A list as the records hold it: its items, the selection set they were read with, and the
/// field holding it.
struct StoredReferences {
    let items: [StoredValue]
    let selectionSet: PlannedSelectionSet
    let parent: CacheKey
    let storageKey: String

    /// The record at `index` if `memo` holds its value as `element` (the update's read decoded or
    /// checked it, and its records are as they were then).
    func record<Element: Equatable>(
        at index: Int, holding element: UnsafePointer<Element>, memo: ReadMemo, view: RecordView
    ) -> CacheKey? {
        guard case .reference(let key) = items[index],
            let kept = memo.entry(
                for: ReadMemo.Key(record: key, selectionSet: ObjectIdentifier(selectionSet)), in: view)?
                .kept(Element.self),
            kept.isEqual(to: element)
        else { return nil }
        return key
    }

    /// Whether `key` is the key an object without an identity gets at `index` of this list: such
    /// a record belongs to its position and cannot move to another one.
    func isPositional(_ key: CacheKey, at index: Int) -> Bool {
        key == parent.appending(storageKey, index: index)
    }
}

/// A list whose items can be compared with the values read before an update.
protocol KeptItemsList {
    /// The list as JSON with the unchanged items at its ends as references, or `nil` when no item
    /// is unchanged.
    func substitutingKeptItems(of stored: StoredReferences, memo: ReadMemo, view: RecordView) throws -> JSONValue?
}

extension Array: KeptItemsList where Element: Encodable & Equatable {
    func substitutingKeptItems(of stored: StoredReferences, memo: ReadMemo, view: RecordView) throws -> JSONValue? {
        let (newCount, oldCount) = (count, stored.items.count)
        var references = [CacheKey?](repeating: nil, count: newCount)
        // Compared in place: this code is not specialized for the app's types, and a copy of an
        // item costs a reference count for each of its strings.
        withUnsafeBufferPointer { elements in
            guard let base = elements.baseAddress else { return }
            var prefix = 0
            while prefix < Swift.min(newCount, oldCount),
                let key = stored.record(at: prefix, holding: base + prefix, memo: memo, view: view)
            {
                references[prefix] = key
                prefix += 1
            }
            var suffix = 0
            while suffix < Swift.min(newCount, oldCount) - prefix {
                let (old, new) = (oldCount - 1 - suffix, newCount - 1 - suffix)
                guard let key = stored.record(at: old, holding: base + new, memo: memo, view: view),
                    old == new || !stored.isPositional(key, at: old)
                else { break }
                references[new] = key
                suffix += 1
            }
        }
        guard references.contains(where: { $0 != nil }) else { return nil }
        let encoder = JSONValueEncoder()
        var items: [JSONValue] = []
        items.reserveCapacity(newCount)
        for (index, reference) in references.enumerated() {
            if let reference {
                items.append(.object([RecordNormalizer.keptReference: .string(reference.rawValue)]))
            } else {
                items.append(try encoder.encode(self[index]))
            }
        }
        return .array(items)
    }
}
