/// An array of a ``JSONTape``, read element by element.
///
/// Three words (a reference and four 32-bit numbers), so that `any UnkeyedDecodingContainer`
/// holds it inline instead of allocating a box for every array.
struct JSONTapeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: JSONTapeDecoder
    /// The array's token.
    private let array: UInt32
    /// The token of the next element.
    private var position: UInt32
    private var index: UInt32 = 0
    /// The decoder's coding path length when the container was made.
    private let depth: UInt32

    init(decoder: JSONTapeDecoder, array: Int) {
        self.decoder = decoder
        self.array = UInt32(truncatingIfNeeded: array)
        position = UInt32(truncatingIfNeeded: array + 1)
        depth = UInt32(truncatingIfNeeded: decoder.path.count)
    }

    var codingPath: [any CodingKey] { Array(decoder.path.prefix(Int(depth))) }
    var count: Int? { Int(decoder.view.tokens[Int(array)].count) }
    var currentIndex: Int { Int(index) }
    var isAtEnd: Bool { position >= decoder.view.tokens[Int(array)].end }

    /// The key of the next element.
    private var key: JSONIndexKey { JSONIndexKey(index: Int(index)) }

    /// The next element's token, or `valueNotFound` at the end of the array.
    private func next(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(codingPath: codingPath + [key], debugDescription: "Unkeyed container is at end."))
        }
        return Int(position)
    }

    private mutating func advance() {
        position = UInt32(truncatingIfNeeded: decoder.view.next(after: Int(position)))
        index += 1
    }

    mutating func decodeNil() throws -> Bool {
        let element = try next(Never.self)
        guard decoder.view.tokens[element].kind == .null else { return false }
        advance()
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try decoder.decode(type, at: try next(type), key: key)
        advance()
        return value
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        if try decodeNil() { return nil }
        return try decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try detachedElementDecoder().container(keyedBy: type)
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try detachedElementDecoder().unkeyedContainer()
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try detachedElementDecoder()
        advance()
        return decoder
    }

    private func detachedElementDecoder() throws -> JSONTapeDecoder {
        decoder.detachedDecoder(at: try next(Any.self), key: key)
    }

    // The primitive requirements read the element in place (see JSONTapeDecoder's scalars).
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
    private mutating func scalar<T: JSONScalar>(_ type: T.Type) throws -> T {
        let value = try decoder.scalar(T.self, at: try next(type), key: key)
        advance()
        return value
    }
}
