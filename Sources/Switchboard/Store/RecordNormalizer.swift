/// Splits a response into records: each object with an identity becomes (or updates) the record
/// of its key, and the others are stored under their path from the nearest identified record.
struct RecordNormalizer {
    private(set) var records: [CacheKey: [String: RecordValue]] = [:]
    private var collector: FieldCollector
    private var keys: CacheKeyResolver

    init(variables: PlanVariables, possibleTypes: PossibleTypes, keys: CacheKeyResolver) {
        collector = FieldCollector(variables: variables, possibleTypes: possibleTypes)
        self.keys = keys
    }

    /// The (abstract type, object type) pairs the response showed, for the store to remember.
    var inferences: [(condition: String, typename: String)] { collector.inferences }

    /// Normalizes `object`, selected by `selectionSet`, into the record `key`.
    mutating func normalize(
        _ object: [String: JSONValue], selectionSet: PlannedSelectionSet, into key: CacheKey
    ) throws(RecordStoreError) {
        let typename = object["__typename"]?.stringValue
        let fields = collector.collect(selectionSet, typename: typename) { object[$0.responseKey] != nil }
        var record = records[key] ?? [:]
        for collected in fields {
            // A field the response left out (a partial response, or a field a server skipped)
            // is not written: the store keeps what it knew.
            guard let value = object[collected.responseKey] else { continue }
            let storageKey = collector.variables.storageKey(of: collected.field)
            record[storageKey] = try normalize(
                value, selectionSet: collected.selectionSet, parent: key, storageKey: storageKey, index: nil)
        }
        records[key] = record
    }

    private mutating func normalize(
        _ value: JSONValue, selectionSet: PlannedSelectionSet?, parent: CacheKey, storageKey: String, index: Int?
    ) throws(RecordStoreError) -> RecordValue {
        guard let selectionSet else { return .scalar(value) }
        switch value {
        case .object(let object):
            let key =
                keys.key(for: object, typename: object["__typename"]?.stringValue)
                ?? parent.appending(storageKey, index: index)
            try normalize(object, selectionSet: selectionSet, into: key)
            return .reference(key)
        case .array(let items):
            var values: [RecordValue] = []
            values.reserveCapacity(items.count)
            for (position, item) in items.enumerated() {
                // Nested lists extend the path with one index per level.
                let itemKey = index.map { storageKey + "." + String($0) } ?? storageKey
                values.append(
                    try normalize(
                        item, selectionSet: selectionSet, parent: parent, storageKey: itemKey, index: position))
            }
            return .list(values)
        case .null:
            return .scalar(.null)
        case .string, .number, .boolean:
            throw .invalidData(
                "The response holds \(value.kindDescription) at \(parent).\(storageKey), where the document selects an object."
            )
        }
    }
}
