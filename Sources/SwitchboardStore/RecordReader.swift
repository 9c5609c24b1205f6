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
    /// Every record the read visited, for watchers and least-recently-used bookkeeping.
    private(set) var dependencies: Set<CacheKey> = []
    /// The JSON text read so far.
    var bytes: [UInt8] = []

    /// Where query root fields not in the store may find their object.
    private let redirects: CacheRedirects

    init(view: RecordView, variables: PlanVariables, possibleTypes: PossibleTypes, redirects: CacheRedirects) {
        self.view = view
        self.redirects = redirects
        collector = FieldCollector(variables: variables, possibleTypes: possibleTypes)
    }

    /// Appends the object `selectionSet` selects on the record `key`. `path` is the response
    /// path, for errors.
    mutating func read(_ selectionSet: PlannedSelectionSet, from key: CacheKey, path: () -> String = { "" })
        throws(RecordStoreError)
    {
        dependencies.insert(key)
        guard let record = view.fields(of: key) else { throw .missingRecord(key, path: path()) }
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
