import Switchboard
import SwitchboardCore

/// A record seen by an `init(from:)`: keys are the response keys of the fields its selection set
/// collects for it, and a field the selection has but the record lacks is a cache miss.
struct RecordKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: RecordObject

    private var decoder: RecordDecoder { object.decoder }

    var codingPath: [any CodingKey] { Array(decoder.path.prefix(object.depth)) }

    var allKeys: [Key] {
        object.fields.indices.compactMap { position in
            guard (try? object.value(at: position)) != nil else { return nil }
            return Key(stringValue: object.fields[position].responseKey)
        }
    }

    /// Whether the selection has the field (a missing value is reported when it is decoded).
    func contains(_ key: Key) -> Bool { find(key) != nil }

    /// The position of `key`'s field among the collected fields, or `nil` when the selection does
    /// not have it for this record.
    private func find(_ key: Key) -> Int? {
        let fields = object.fields
        guard !fields.isEmpty else { return nil }
        let name = key.stringValue
        let hint = object.nextField
        var position = hint < fields.count ? hint : 0
        let start = position
        repeat {
            if fields[position].responseKey == name {
                object.nextField = position + 1
                return position
            }
            position = position + 1 < fields.count ? position + 1 : 0
        } while position != start
        return nil
    }

    /// The position and value of `key`'s field, or `nil` when the selection does not have it;
    /// throws when the record lacks it.
    @inline(__always)
    private func stored(_ key: Key) throws -> (position: Int, value: StoredValue)? {
        guard let position = find(key) else { return nil }
        return (position, try object.value(at: position))
    }

    @inline(__always)
    private func require(_ key: Key) throws -> (position: Int, value: StoredValue) {
        guard let found = try stored(key) else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "No value associated with key \(key) (\"\(key.stringValue)\"): the selection set has no such field."
                ))
        }
        return found
    }

    func decodeNil(forKey key: Key) throws -> Bool { try require(key).value.isNull }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let found = try require(key)
        return try decode(type, found, key: key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let found = try stored(key), !found.value.isNull else { return nil }
        return try decode(type, found, key: key)
    }

    /// Moves the decoder to a found field's value.
    @inline(__always)
    private func decode<T: Decodable>(_ type: T.Type, _ found: (position: Int, value: StoredValue), key: Key) throws
        -> T
    {
        try decoder.decode(
            type, value: found.value, selectionSet: object.fields[found.position].selectionSet,
            location: object.location(at: found.position), key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try detached(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try detached(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        guard let key = Key(stringValue: "super") else {
            throw DecodingError.keyNotFound(
                JSONFieldKey("super"),
                DecodingError.Context(codingPath: codingPath, debugDescription: "The selection set has no super field.")
            )
        }
        return try detached(key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try detached(key) }

    private func detached(_ key: Key) throws -> RecordDecoder {
        let found = try require(key)
        return decoder.detached(
            value: found.value, selectionSet: object.fields[found.position].selectionSet,
            location: object.location(at: found.position), key: key)
    }

    // The primitive requirements read the stored leaf in place.
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(type, key) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try presentScalar(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try presentScalar(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try presentScalar(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try presentScalar(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try presentScalar(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try presentScalar(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try presentScalar(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try presentScalar(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try presentScalar(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try presentScalar(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try presentScalar(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try presentScalar(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try presentScalar(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try presentScalar(type, key) }

    @inline(__always)
    private func scalar<T: StoredScalar>(_ type: T.Type, _ key: Key) throws -> T {
        let found = try require(key)
        return try scalar(T.self, found, key)
    }

    @inline(__always)
    private func presentScalar<T: StoredScalar>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let found = try stored(key), !found.value.isNull else { return nil }
        return try scalar(T.self, found, key)
    }

    @inline(__always)
    private func scalar<T: StoredScalar>(_ type: T.Type, _ found: (position: Int, value: StoredValue), _ key: Key)
        throws
        -> T
    {
        do {
            return try T.read(found.value)
        } catch {
            throw decoder.scalarError(
                error, value: found.value, key: key, location: object.location(at: found.position))
        }
    }
}

/// A stored list, read element by element.
struct RecordUnkeyedContainer: UnkeyedDecodingContainer {
    let list: StoredList
    private(set) var currentIndex = 0

    init(list: StoredList) { self.list = list }

    private var decoder: RecordDecoder { list.decoder }

    var codingPath: [any CodingKey] { Array(decoder.path.prefix(list.depth)) }
    var count: Int? { list.items.count }
    var isAtEnd: Bool { currentIndex >= list.items.count }

    /// The key of the next element.
    private var key: JSONIndexKey { JSONIndexKey(index: currentIndex) }

    /// The next element, or `valueNotFound` at the end of the list.
    private func next(_ type: Any.Type) throws -> StoredValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(codingPath: codingPath + [key], debugDescription: "Unkeyed container is at end."))
        }
        return list.items[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard try next(Never.self).isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let item = try next(type)
        if let kept = decoder.keptValue(type, of: item, selectionSet: list.selectionSet) {
            currentIndex += 1
            return kept
        }
        let value = try decoder.decode(
            type, value: item, selectionSet: list.selectionSet, location: list.location, key: key)
        currentIndex += 1
        return value
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        if try decodeNil() { return nil }
        return try decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let container = try detached().container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try detached().unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try detached()
        currentIndex += 1
        return decoder
    }

    private func detached() throws -> RecordDecoder {
        decoder.detached(value: try next(Any.self), selectionSet: list.selectionSet, location: list.location, key: key)
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar(type) }
    mutating func decode(_ type: String.Type) throws -> String { try scalar(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try scalar(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try scalar(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type) }

    @inline(__always)
    private mutating func scalar<T: StoredScalar>(_ type: T.Type) throws -> T {
        let element = try next(type)
        do {
            let value = try T.read(element)
            currentIndex += 1
            return value
        } catch {
            throw decoder.scalarError(error, value: element, key: key, location: list.location)
        }
    }
}
