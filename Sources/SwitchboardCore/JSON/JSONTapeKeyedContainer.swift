/// An object of a ``JSONTape``, seen by an `init(from:)`: keys are matched against the bytes in
/// place, starting where the previous lookup ended.
struct JSONTapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: JSONTapeDecoder
    /// The object's token.
    let object: Int
    /// The decoder's coding path length when the container was made: its own path, and its slot
    /// in the decoder's lookup hints.
    let depth: Int

    init(decoder: JSONTapeDecoder, object: Int) {
        self.decoder = decoder
        self.object = object
        depth = decoder.path.count
    }

    var codingPath: [any CodingKey] { Array(decoder.path.prefix(depth)) }

    var allKeys: [Key] {
        let tape = decoder.view
        var keys: [Key] = []
        keys.reserveCapacity(Int(tape.tokens[object].count))
        var position = object + 1
        while position < Int(tape.tokens[object].end) {
            if let key = Key(stringValue: tape.string(position)) { keys.append(key) }
            position = tape.next(after: position + 1)
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }

    /// The token of `key`'s value, or `nil` when the object has no such member.
    private func find(_ key: Key) -> Int? {
        let tape = decoder.view
        let end = Int(tape.tokens[object].end)
        let first = object + 1
        guard first < end else { return nil }
        var name = key.stringValue
        return name.withUTF8 { name -> Int? in
            let hint = decoder.lookupHints[depth]
            let start = hint.object == object && hint.nextKey < end ? hint.nextKey : first
            var position = start
            repeat {
                let next = tape.next(after: position + 1)
                if tape.key(position, equals: name) {
                    decoder.lookupHints[depth] = (object, next)
                    return position + 1
                }
                position = next < end ? next : first
            } while position != start
            return nil
        }
    }

    private func require(_ key: Key) throws -> Int {
        guard let index = find(key) else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return index
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        decoder.view.tokens[try require(key)].kind == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decode(type, at: try require(key), key: key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let index = present(key) else { return nil }
        return try decoder.decode(type, at: index, key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.detachedDecoder(at: try require(key), key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.detachedDecoder(at: try require(key), key: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        decoder.detachedDecoder(at: find(JSONIndexKey.superKey) ?? decoder.view.absentValue, key: JSONIndexKey.superKey)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.detachedDecoder(at: find(key) ?? decoder.view.absentValue, key: key)
    }

    private func find(_ key: JSONIndexKey) -> Int? {
        guard let key = Key(stringValue: key.stringValue) else { return nil }
        return find(key)
    }

    // The primitive requirements read the member in place (see JSONTapeDecoder's scalars).
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

    /// The token of `key`'s value when it is there and not `null`.
    @inline(__always)
    private func present(_ key: Key) -> Int? {
        guard let index = find(key), decoder.view.tokens[index].kind != .null else { return nil }
        return index
    }

    @inline(__always)
    private func scalar<T: JSONScalar>(_ type: T.Type, _ key: Key) throws -> T {
        try decoder.scalar(T.self, at: try require(key), key: key)
    }

    @inline(__always)
    private func presentScalar<T: JSONScalar>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let index = present(key) else { return nil }
        return try decoder.scalar(T.self, at: index, key: key)
    }
}

/// The coding key of an array element (`Index 3`), and of `super`: one word, so that the
/// existential of the coding path holds it inline (every element of every array gets one), with
/// its name built only when asked for, for an error's path.
package struct JSONIndexKey: CodingKey {
    /// The element's index, or -1 for `super`.
    private let index: Int

    package init(index: Int) { self.index = index }

    package init?(stringValue: String) {
        guard stringValue == "super" else { return nil }
        index = -1
    }

    package init?(intValue: Int) {
        guard intValue >= 0 else { return nil }
        self.init(index: intValue)
    }

    package var intValue: Int? { index >= 0 ? index : nil }
    package var stringValue: String { index >= 0 ? "Index \(index)" : "super" }

    package static let superKey = JSONIndexKey(index: -1)
}
