import Foundation
import Switchboard
import SwitchboardCore

/// Decodes an operation's or a fragment's `Data` straight from the store's records, following
/// the plan: no JSON text is written and parsed again between the records and the values.
///
/// Like ``JSONTapeDecoder`` it is one object per read, moved from value to value as nested values
/// decode, and its own single-value container. A field the selection has but the record lacks (or
/// that expired) throws ``RecordStoreError/missingField(record:field:path:)``, so that a read of
/// incomplete data is a cache miss rather than a `nil`.
final class RecordDecoder: Decoder, SingleValueDecodingContainer {
    let view: RecordView
    private(set) var collector: FieldCollector
    /// Where query root fields not in the store may find their object.
    let redirects: CacheRedirects
    /// The value being decoded, and the selection set it is read with.
    private(set) var value: StoredValue
    private(set) var selectionSet: PlannedSelectionSet?
    /// The record and storage key ``value`` was read from, for errors.
    private(set) var location: StoredLocation
    /// The keys from the root to ``value``. Not checked for exclusive access at run time: the
    /// decoder is used by one thread.
    @exclusivity(unchecked) private(set) var path: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    /// Where the records visited are noted (the decoder a detached one came from).
    private let log: VisitLog
    /// Values of objects kept from earlier reads of the same selection, when the view allows.
    let memo: ReadMemo?
    /// The records a watcher's decode depends on, when it is one.
    let tracker: DependencyTracker?

    /// A decoder of the selection set `selectionSet` on the record `root`.
    init(
        view: RecordView, collector: FieldCollector, redirects: CacheRedirects, root: CacheKey,
        selectionSet: PlannedSelectionSet, memo: ReadMemo? = nil, tracker: DependencyTracker? = nil
    ) {
        self.view = view
        self.memo = view.allowsMemo ? memo : nil
        self.tracker = tracker
        self.collector = collector
        self.redirects = redirects
        value = .reference(root)
        self.selectionSet = selectionSet
        location = .root(root)
        path = []
        path.reserveCapacity(16)
        log = VisitLog()
    }

    private init(
        detachedFrom parent: RecordDecoder, value: StoredValue, selectionSet: PlannedSelectionSet?,
        location: StoredLocation, path: [any CodingKey]
    ) {
        view = parent.view
        collector = parent.collector
        redirects = parent.redirects
        self.value = value
        self.selectionSet = selectionSet
        self.location = location
        self.path = path
        log = parent.log
        memo = parent.memo
        tracker = parent.tracker
    }

    /// The positions among the view's records of every stored record the decode visited, for
    /// least-recently-used bookkeeping.
    var visited: [Dictionary<CacheKey, StoredRecord>.Index] { log.indices }

    var codingPath: [any CodingKey] { path }

    /// The response path of the current value with `key` after it (`listPosts.items.3.title`).
    func responsePath(appending key: (any CodingKey)? = nil) -> String {
        var parts = path.map { $0.intValue.map(String.init) ?? $0.stringValue }
        if let key { parts.append(key.intValue.map(String.init) ?? key.stringValue) }
        return parts.joined(separator: ".")
    }

    // MARK: - Moving between values

    /// Decodes `value`, read from `location` with `selectionSet` and reached by `key`, then comes
    /// back.
    @inline(__always)
    func decode<T: Decodable>(
        _ type: T.Type, value: StoredValue, selectionSet: PlannedSelectionSet?, location: StoredLocation,
        key: some CodingKey
    ) throws -> T {
        let saved = (self.value, self.selectionSet, self.location)
        self.value = value
        self.selectionSet = selectionSet
        self.location = location
        path.append(key)
        defer {
            path.removeLast()
            (self.value, self.selectionSet, self.location) = saved
        }
        return try decodeValue(type)
    }

    /// Decodes the current value as `T`.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == String.self { return try scalar(String.self, value) as! T }
        if T.self == [String].self {
            if case .strings(let strings) = value { return strings as! T }
            if case .list(let items) = value { return try strings(items) as! T }
        }
        if T.self == Int.self { return try scalar(Int.self, value) as! T }
        if T.self == Bool.self { return try scalar(Bool.self, value) as! T }
        if T.self == Double.self { return try scalar(Double.self, value) as! T }
        if T.self == JSONValue.self { return try jsonValue() as! T }
        if T.self == [String: JSONValue].self {
            guard case .object(let members) = try jsonValue() else {
                throw mismatch([String: JSONValue].self)
            }
            return members as! T
        }
        // Foundation types the JSON decoder reads in its own way: decoded from the leaf's text by it.
        if T.self == Decimal.self || T.self == URL.self || T.self == Data.self { return try decodeLeafText(type) }
        guard let (memo, memoKey, objectSelection, current) = memoLookup(of: value, selectionSet: selectionSet) else {
            return try T(from: self)
        }
        if let kept = kept(T.self, in: current, of: memo) { return kept }
        return try memo.remember(
            memoKey, selectionSet: objectSelection, in: view, current: current,
            keep: { entry, value in entry.values.append(ReadMemo.Kept(value)) }
        ) { try T(from: self) }
    }

    /// A decoder for `value` that stays valid on its own (`superDecoder`, nested containers).
    func detached(
        value: StoredValue, selectionSet: PlannedSelectionSet?, location: StoredLocation, key: (any CodingKey)?
    ) -> RecordDecoder {
        RecordDecoder(
            detachedFrom: self, value: value, selectionSet: selectionSet, location: location,
            path: key.map { path + [$0] } ?? path)
    }

    // MARK: - Records

    /// The record `key` with the fields of `selectionSet` that apply to it.
    func object(_ key: CacheKey, selectionSet: PlannedSelectionSet, path: @autoclosure () -> String) throws
        -> RecordObject
    {
        tracker?.visit(key)
        guard let record = view.fields(of: key) else { throw RecordStoreError.missingRecord(key, path: path()) }
        if let index = record.index { log.indices.append(index) }
        memo?.noteVisit(key, version: record.version)
        let fields: [CollectedField]
        if let fixed = selectionSet.fixedFields {
            // Most selection sets collect the same fields for every object, and need no type name
            // (nor a copy of the variables, which costs reference counting on every object).
            fields = fixed
        } else {
            let variables = collector.variables
            fields = collector.collect(selectionSet, typename: record.typename) { field in
                record.value(variables.storageKey(of: field)) != nil
            }
        }
        return RecordObject(key: key, record: record, fields: fields, decoder: self)
    }

    /// The current value as a `JSONValue` tree: how `JSONValue` and `FragmentPointer` fields
    /// read it.
    func jsonValue() throws -> JSONValue {
        switch value {
        case .string(let string):
            guard selectionSet == nil else { throw unexpected("a leaf value") }
            return .string(string)
        case .json(let text):
            guard selectionSet == nil || value.isNull else { throw unexpected("a leaf value") }
            return try JSONValue(parsing: Data(text.utf8))
        case .list, .strings:
            let items = value.listItems ?? []
            var elements: [JSONValue] = []
            elements.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                elements.append(
                    try decode(
                        JSONValue.self, value: item, selectionSet: selectionSet, location: location,
                        key: JSONIndexKey(index: index)))
            }
            return .array(elements)
        case .reference(let key):
            guard let selectionSet else { throw unexpected("a reference to \(key)") }
            let object = try object(key, selectionSet: selectionSet, path: responsePath())
            var members: [String: JSONValue] = [:]
            for (position, field) in object.fields.enumerated() {
                members[field.responseKey] = try decode(
                    JSONValue.self, value: try object.value(at: position), selectionSet: field.selectionSet,
                    location: object.location(at: position), key: JSONFieldKey(field.responseKey))
            }
            return .object(members)
        }
    }

    // MARK: - Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch value {
        case .reference(let key):
            guard let selectionSet else { throw unexpected("a reference to \(key)") }
            let object = try object(key, selectionSet: selectionSet, path: responsePath())
            return KeyedDecodingContainer(RecordKeyedContainer<Key>(object: object))
        case .json(let text) where text.utf8.first == UInt8(ascii: "{") && selectionSet == nil:
            return try leafTextDecoder().container(keyedBy: type)
        default:
            throw try shapeError([String: Any].self)
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch value {
        case .list, .strings:
            let items = value.listItems ?? []
            return RecordUnkeyedContainer(
                list: StoredList(decoder: self, items: items, selectionSet: selectionSet, location: location))
        case .json(let text) where text.utf8.first == UInt8(ascii: "["):
            return try leafTextDecoder().unkeyedContainer()
        default:
            throw try shapeError([Any].self)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: - SingleValueDecodingContainer

    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try scalar(type, value) }
    func decode(_ type: String.Type) throws -> String { try scalar(type, value) }
    func decode(_ type: Double.Type) throws -> Double { try scalar(type, value) }
    func decode(_ type: Float.Type) throws -> Float { try scalar(type, value) }
    func decode(_ type: Int.Type) throws -> Int { try scalar(type, value) }
    func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type, value) }
    func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type, value) }
    func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type, value) }
    func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type, value) }
    func decode(_ type: UInt.Type) throws -> UInt { try scalar(type, value) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type, value) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type, value) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type, value) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type, value) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    // MARK: - Scalars

    /// Reads a scalar from `value` (the current value, or a member or element reached by `key`,
    /// which joins the coding path only in an error). `location` is where `value` is stored.
    @inline(__always)
    func scalar<T: StoredScalar>(_ type: T.Type, _ value: StoredValue) throws -> T {
        do {
            return try T.read(value)
        } catch {
            throw scalarError(error, value: value, key: nil, location: location)
        }
    }

    /// Why a scalar could not be read from `value`, stored at `location` and reached by `key`: a
    /// reference where the selection has a leaf is the store's error, anything else `JSONDecoder`'s.
    func scalarError(
        _ failure: JSONScalarFailure, value: StoredValue, key: (any CodingKey)?, location: StoredLocation
    ) -> any Error {
        if case .reference(let reference) = value {
            return RecordStoreError.unexpectedValue(
                record: location.record, field: location.field, path: responsePath(appending: key),
                found: "a reference to \(reference)")
        }
        return error(failure, value: value, codingPath: key.map { path + [$0] } ?? path)
    }

    /// `[String]`, the most common list of scalars, without a container and a call per element.
    private func strings(_ items: [StoredValue]) throws -> [String] {
        var strings: [String] = []
        strings.reserveCapacity(items.count)
        for item in items {
            do {
                strings.append(try String.read(item))
            } catch {
                throw scalarError(error, value: item, key: JSONIndexKey(index: strings.count), location: location)
            }
        }
        return strings
    }

    // MARK: - Leaves decoded as JSON text

    /// A tape decoder over the current leaf's JSON text (a custom scalar's object, a `URL`).
    private func leafTextDecoder() throws -> JSONTapeDecoder {
        var bytes: [UInt8] = []
        value.appendLeafText(to: &bytes)
        let tape = try bytes.withUnsafeBytes { raw throws(JSONScanner.Failure) in try JSONTape(raw) }
        return JSONTapeDecoder(tape: tape, value: 0, codingPath: path, userInfo: userInfo, tree: .jsonValue)
    }

    private func decodeLeafText<T: Decodable>(_ type: T.Type) throws -> T {
        switch value {
        case .string, .json: return try leafTextDecoder().decodeValue(type)
        case .reference, .list, .strings: throw try shapeError(type)
        }
    }

    // MARK: - Errors

    /// The error for a value whose kind does not fit the type asked for: the store's error when
    /// the store holds an object where the selection has a leaf (or the reverse), else the
    /// `DecodingError` `JSONDecoder` would throw.
    private func shapeError(_ expected: Any.Type) throws -> any Error {
        if case .reference(let key) = value, selectionSet == nil { return unexpected("a reference to \(key)") }
        if selectionSet != nil, !value.isNull {
            if case .string = value { return unexpected("a leaf value") }
            if case .json = value { return unexpected("a leaf value") }
        }
        return mismatch(expected)
    }

    private func unexpected(_ found: String) -> RecordStoreError {
        .unexpectedValue(record: location.record, field: location.field, path: responsePath(), found: found)
    }

    private func mismatch(_ expected: Any.Type) -> DecodingError {
        error(.mismatch(expected), value: value, codingPath: path)
    }

    /// `JSONDecoder`'s error for `failure` on `value`.
    func error(_ failure: JSONScalarFailure, value: StoredValue, codingPath: [any CodingKey]) -> DecodingError {
        failure.decodingError(
            codingPath: codingPath, foundNull: value.isNull, found: value.kindDescription,
            numberText: value.numberText ?? "")
    }
}

/// A list being decoded: its items, how they are read, and the decoder reading them. A class, so
/// that the unkeyed container fits an existential's inline buffer.
final class StoredList {
    let items: [StoredValue]
    let selectionSet: PlannedSelectionSet?
    /// Where the list is stored.
    let location: StoredLocation
    let decoder: RecordDecoder
    /// The decoder's coding path length when the list was reached.
    let depth: Int

    init(decoder: RecordDecoder, items: [StoredValue], selectionSet: PlannedSelectionSet?, location: StoredLocation) {
        self.items = items
        self.selectionSet = selectionSet
        self.location = location
        self.decoder = decoder
        depth = decoder.path.count
    }
}

/// The positions of the records a decode visited, shared with the decoders detached from it.
final class VisitLog {
    var indices: [Dictionary<CacheKey, StoredRecord>.Index]

    init() {
        indices = []
        indices.reserveCapacity(64)
    }
}

/// A coding key naming a response key, for paths in errors.
struct JSONFieldKey: CodingKey {
    let stringValue: String
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    var intValue: Int? { nil }
}
