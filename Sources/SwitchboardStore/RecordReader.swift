import Switchboard
import SwitchboardCore

/// Reads a selection set back from the records as the JSON text a server would have sent for it,
/// and notes the records it depended on.
///
/// It writes bytes rather than a `JSONValue` tree because what it produces is decoded into the
/// operation's `Data` straight away, and compared with the previous result by watchers.
struct RecordReader {
    private let view: RecordView
    private var collector: FieldCollector
    /// Every record the read visited, for watchers and least-recently-used bookkeeping (see
    /// ``DependencyTracker`` for a read that reuses what a memo kept).
    let tracker: DependencyTracker
    var dependencies: Set<CacheKey> { tracker.keys }
    /// The JSON text read so far.
    var bytes: [UInt8] = []

    /// Where query root fields not in the store may find their object.
    private let redirects: CacheRedirects
    /// The JSON text of objects kept from earlier reads of the same selection, when the view allows.
    private let memo: ReadMemo?

    init(
        view: RecordView, variables: PlanVariables, possibleTypes: PossibleTypes, redirects: CacheRedirects,
        memo: ReadMemo? = nil, tracker: DependencyTracker = DependencyTracker(previous: nil)
    ) {
        self.view = view
        self.tracker = tracker
        self.redirects = redirects
        self.memo = view.allowsMemo ? memo : nil
        collector = FieldCollector(variables: variables, possibleTypes: possibleTypes)
    }

    /// Appends the object `selectionSet` selects on the record `key`. `path` is the response
    /// path, for errors.
    mutating func read(_ selectionSet: PlannedSelectionSet, from key: CacheKey, path: () -> String = { "" })
        throws(RecordStoreError)
    {
        // Only selection sets that collect the same fields for every object (see `RecordDecoder`).
        guard let memo, selectionSet.fixedFields != nil else {
            return try readObject(selectionSet, from: key, path: path)
        }
        let memoKey = ReadMemo.Key(record: key, selectionSet: ObjectIdentifier(selectionSet))
        let current = memo.entry(for: memoKey, in: view)
        if let current, let text = current.text {
            bytes.append(contentsOf: text)
            tracker.reuse(current, of: memo)
            return
        }
        let start = bytes.count
        _ = try memo.remember(
            memoKey, selectionSet: selectionSet, in: view, current: current, keep: { $0.text = $1 }
        ) { () throws(RecordStoreError) -> [UInt8] in
            try readObject(selectionSet, from: key, path: path)
            return Array(bytes[start...])
        }
    }

    /// Appends the object `selectionSet` selects on the record `key`, reading every field.
    private mutating func readObject(
        _ selectionSet: PlannedSelectionSet, from key: CacheKey, path: () -> String
    ) throws(RecordStoreError) {
        tracker.visit(key)
        guard let record = view.fields(of: key) else { throw .missingRecord(key, path: path()) }
        memo?.noteVisit(key, version: record.version)
        let variables = collector.variables
        let fields =
            selectionSet.fixedFields
            ?? collector.collect(selectionSet, typename: record.typename) { field in
                record.value(variables.storageKey(of: field)) != nil
            }
        bytes.append(UInt8(ascii: "{"))
        for (position, collected) in fields.enumerated() {
            let storageKey = variables.storageKey(of: collected.field)
            guard let value = record.value(storageKey) ?? redirected(collected.field, from: key) else {
                throw .missingField(record: key, field: storageKey, path: Self.join(path(), collected.responseKey))
            }
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: collected.field.quotedResponseKey)
            try read(
                value, selectionSet: collected.selectionSet, record: key, field: storageKey,
                path: { Self.join(path(), collected.responseKey) })
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func read(
        _ value: StoredValue, selectionSet: PlannedSelectionSet?, record: CacheKey, field: String,
        path: () -> String
    ) throws(RecordStoreError) {
        switch value {
        case .string, .json:
            if selectionSet != nil, !value.isNull {
                throw .unexpectedValue(record: record, field: field, path: path(), found: "a leaf value")
            }
            value.appendLeafText(to: &bytes)
        case .reference(let key):
            guard let selectionSet else {
                throw .unexpectedValue(record: record, field: field, path: path(), found: "a reference to \(key)")
            }
            try read(selectionSet, from: key, path: path)
        case .list, .strings:
            let items = value.listItems ?? []
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                try read(
                    item, selectionSet: selectionSet, record: record, field: field,
                    path: { path() + "." + String(index) })
            }
            bytes.append(UInt8(ascii: "]"))
        }
    }

    /// A reference to the record a query root object field redirects to, when the store has it.
    private func redirected(_ field: PlannedField, from key: CacheKey) -> StoredValue? {
        guard key == .queryRoot else { return nil }
        return redirects.reference(for: field, variables: collector.variables, in: view)
    }

    private static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }
}
