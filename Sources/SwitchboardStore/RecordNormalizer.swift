import Switchboard
import SwitchboardCore

/// Splits a response into records, reading it from a JSON tape: each object with an identity
/// becomes (or updates) the record of its key, the others are stored under their path from the
/// nearest identified record, and leaf values keep their JSON text.
struct RecordNormalizer {
    /// The fields of each object, in the order the objects were finished (nested objects first);
    /// a record that appears twice appears in two groups, the later one winning.
    private(set) var groups: [RecordUpdate] = []
    private var collector: FieldCollector
    private var keys: CacheKeyResolver
    private let tape: JSONTape
    private let view: JSONTapeView
    /// The time of the write (seconds since 1970), stamped on every field.
    private let now: Double
    /// The records before the write: what a page of a paginated field appends to.
    /// Dropped once the write is normalized: holding it while the store merges would copy every
    /// record.
    private var existing: [CacheKey: StoredRecord]
    /// The list field of the object being normalized that a page appends to, when the field
    /// returning that object asked for a page after a cursor.
    private var appendingTo: String?
    /// Whether a selected field the data leaves out is written as `null` (data encoded from a
    /// Swift value, whose `nil`s an encoder may omit) rather than left as the store has it (a
    /// response, where a missing field is one the server did not send).
    var absentFieldsAreNull = false
    /// Whether an object `{"$ref": key}` stands for the record `key` as it is (see
    /// ``KeptItemsSubstitution``). Only for data the store encoded itself: `$` cannot start a
    /// GraphQL response key, so no selected object can look like one.
    var acceptsKeptReferences = false

    /// The member of an object that stands for a record kept as it is.
    static let keptReference = "$ref"
    private static let keptReferenceBytes = Array(keptReference.utf8)

    init(
        tape: JSONTape, variables: PlanVariables, possibleTypes: PossibleTypes, keys: CacheKeyResolver, now: Double,
        existing: [CacheKey: StoredRecord] = [:]
    ) {
        self.tape = tape
        self.now = now
        self.existing = existing
        view = tape.view
        collector = FieldCollector(variables: variables, possibleTypes: possibleTypes)
        self.keys = keys
    }

    /// The (abstract type, object type) pairs the response showed, for the store to remember.
    var inferences: [(condition: String, typename: String)] { collector.inferences }

    /// Normalizes the object at token `object`, selected by `selectionSet`, into the record `key`.
    mutating func normalize(objectAt object: Int, selectionSet: PlannedSelectionSet, into key: CacheKey)
        throws(RecordStoreError)
    {
        defer { existing = [:] }
        try normalize(objectAt: object, selectionSet: selectionSet, into: key, typename: typename(ofObjectAt: object))
    }

    /// Normalizes the object at token `object`, whose `__typename` is `typename`.
    private mutating func normalize(
        objectAt object: Int, selectionSet: PlannedSelectionSet, into key: CacheKey, typename: String?
    ) throws(RecordStoreError) {
        let view = self.view
        let appendingTo = self.appendingTo
        self.appendingTo = nil
        var hint = 0
        let fields =
            selectionSet.fixedFields
            ?? collector.collect(selectionSet, typename: typename) { field in
                var hint = 0
                return view.member(field.responseKeyBytes, ofObjectAt: object, hint: &hint) != nil
            }
        var size = StoredRecord.estimatedSize(ofKey: key)
        var stored: [FieldTable<StoredField>.Entry] = []
        stored.reserveCapacity(fields.count)
        hint = 0
        for collected in fields {
            let field = collected.field
            // A field the response left out (a partial response, or a field a server skipped)
            // is not written: the store keeps what it knew.
            guard let value = view.member(field.responseKeyBytes, ofObjectAt: object, hint: &hint) else {
                // Only where no type condition decides which fields apply.
                if absentFieldsAreNull, selectionSet.fixedFields != nil {
                    let storageKey = field.fixedStorageKey ?? collector.variables.storageKey(of: field)
                    size += StoredRecord.estimatedSize(ofField: storageKey, .null)
                    stored.append(FieldTable.Entry(key: storageKey, value: StoredField(value: .null, writtenAt: now)))
                }
                continue
            }
            // The fixed key first: reaching the variables copies the collector.
            let storageKey = field.fixedStorageKey ?? collector.variables.storageKey(of: field)
            let normalized: StoredValue
            if collected.selectionSet == nil, let leaf = view.storedLeaf(value) {
                // Most fields are leaves, read without a call for any value.
                normalized = leaf
            } else if storageKey == appendingTo {
                normalized = try appendPage(
                    value, selectionSet: collected.selectionSet, record: key, storageKey: storageKey)
            } else {
                // A page after a cursor: the object it returns appends to its list.
                self.appendingTo = collectedContinuesPagination(field)
                normalized = try normalize(
                    value, selectionSet: collected.selectionSet, parent: key, storageKey: storageKey, index: nil)
                self.appendingTo = nil
            }
            size += StoredRecord.estimatedSize(ofField: storageKey, normalized)
            stored.append(FieldTable.Entry(key: storageKey, value: StoredField(value: normalized, writtenAt: now)))
        }
        groups.append(
            RecordUpdate(
                key: key, fields: stored, distinct: selectionSet.hasDistinctStorageKeys, size: size))
    }

    private mutating func normalize(
        _ value: Int, selectionSet: PlannedSelectionSet?, parent: CacheKey, storageKey: String, index: Int?
    ) throws(RecordStoreError) -> StoredValue {
        let token = view.tokens[value]
        switch token.kind {
        case .object:
            guard let selectionSet else { return .json(leafText(value)) }
            if acceptsKeptReferences, let kept = keptReference(ofObjectAt: value) { return .reference(kept) }
            let typename = typename(ofObjectAt: value)
            let key =
                keys.key(forObjectAt: value, of: view, typename: typename)
                ?? parent.appending(storageKey, index: index)
            try normalize(objectAt: value, selectionSet: selectionSet, into: key, typename: typename)
            return .reference(key)
        case .array:
            if selectionSet == nil, let strings = strings(inArrayAt: value) { return .strings(strings) }
            var values: [StoredValue] = []
            values.reserveCapacity(Int(token.count))
            var element = value + 1
            var position = 0
            while element < Int(token.end) {
                // Nested lists extend the path with one index per level.
                let itemKey = index.map { storageKey + "." + String($0) } ?? storageKey
                values.append(
                    try normalize(
                        element, selectionSet: selectionSet, parent: parent, storageKey: itemKey, index: position))
                element = view.next(after: element)
                position += 1
            }
            return .list(values)
        case .null:
            return .null
        case .string, .number, .true, .false:
            guard selectionSet == nil else {
                throw .invalidData(
                    "The response holds a \(token.kind) at \(parent).\(storageKey), where the document selects an object."
                )
            }
            return view.storedLeaf(value) ?? .null
        }
    }

    /// The list field a page of `field` appends to, when this write asked for a page after a cursor.
    private func collectedContinuesPagination(_ field: PlannedField) -> String? {
        guard !field.arguments.isEmpty else { return nil }
        return collector.variables.continuedPagination(of: field)?.listField
    }

    /// A page's items after the items the record's list holds already: items without an identity
    /// are stored at the positions that follow, and objects the list holds are not added again.
    private mutating func appendPage(
        _ value: Int, selectionSet: PlannedSelectionSet?, record: CacheKey, storageKey: String
    ) throws(RecordStoreError) -> StoredValue {
        let held = existing[record]?.fields[storageKey]?.value.listItems ?? []
        guard view.tokens[value].kind == .array else {
            return try normalize(value, selectionSet: selectionSet, parent: record, storageKey: storageKey, index: nil)
        }
        var items = held
        let references = Set(
            held.compactMap { item -> CacheKey? in
                if case .reference(let key) = item { return key }
                return nil
            })
        var element = value + 1
        var position = held.count
        while element < Int(view.tokens[value].end) {
            let item = try normalize(
                element, selectionSet: selectionSet, parent: record, storageKey: storageKey, index: position)
            if case .reference(let key) = item, references.contains(key) {
                // Loaded twice (a page asked for again): kept where it was first.
            } else {
                items.append(item)
                position += 1
            }
            element = view.next(after: element)
        }
        return .list(items)
    }

    /// The items of the array at token `array` when they are all strings and there is at least
    /// one: the form ``StoredValue/strings(_:)`` the store keeps such a list in.
    private func strings(inArrayAt array: Int) -> [String]? {
        let end = Int(view.tokens[array].end)
        guard end > array + 1 else { return nil }
        // A string is one token, so a list of strings is the tokens up to the array's end.
        for item in array + 1..<end where view.tokens[item].kind != .string { return nil }
        var strings: [String] = []
        strings.reserveCapacity(end - array - 1)
        for item in array + 1..<end { strings.append(view.string(item)) }
        return strings
    }

    /// The JSON text of a custom scalar's object value (an `AWSJSON` field, say).
    private func leafText(_ value: Int) -> String {
        var bytes: [UInt8] = []
        if let tree = try? view.jsonValue(value),
            (try? tree.serialize(into: &bytes)) != nil
        {
            return String(decoding: bytes, as: UTF8.self)
        }
        return "null"
    }

    /// The record an object written by ``KeptItemsSubstitution`` stands for.
    private func keptReference(ofObjectAt object: Int) -> CacheKey? {
        var hint = 0
        guard let index = view.member(Self.keptReferenceBytes, ofObjectAt: object, hint: &hint),
            view.tokens[index].kind == .string
        else { return nil }
        return CacheKey(view.string(index))
    }

    /// The `__typename` of the object at token `object`, if the response has it.
    private func typename(ofObjectAt object: Int) -> String? {
        var hint = 0
        return view.member(Self.typenameBytes, ofObjectAt: object, hint: &hint).flatMap { index in
            view.tokens[index].kind == .string ? view.string(index) : nil
        }
    }

    private static let typenameBytes = Array("__typename".utf8)
}
