import Foundation

/// The `Decoder` of ``JSONBytesDecoder``: one object per decode, moved from value to value as
/// nested values decode (and moved back after), so that a nested `init(from:)` costs no decoder
/// allocation. It is its own single-value container for the same reason.
package final class JSONTapeDecoder: Decoder, SingleValueDecodingContainer {
    /// Keeps the tokens and bytes alive.
    package let tape: JSONTape
    /// The tokens and bytes.
    package let view: JSONTapeView
    /// The token of the value being decoded.
    package private(set) var value: Int
    /// The keys from the root to ``value``. Not checked for exclusive access at run time (nor are
    /// the hints): the decoder is used by one thread, and the checks cost 3 % of a decode.
    @exclusivity(unchecked) private(set) var path: [any CodingKey]
    package let userInfo: [CodingUserInfoKey: Any]
    /// The value type built straight from the tape in one walk when it is asked for.
    let tree: JSONTapeTree?
    /// Per nesting level, the object last looked up at that level and where its next lookup
    /// starts: generated `init(from:)`s ask for keys in declaration order, which is usually the
    /// document's order, so most lookups compare one key.
    @exclusivity(unchecked) var lookupHints: [(object: Int, nextKey: Int)]

    package init(
        tape: JSONTape, value: Int, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any],
        tree: JSONTapeTree? = nil
    ) {
        self.tape = tape
        self.tree = tree
        view = tape.view
        self.value = value
        self.path = codingPath
        self.userInfo = userInfo
        lookupHints = Array(repeating: (-1, 0), count: codingPath.count + 1)
        path.reserveCapacity(16)
    }

    package var codingPath: [any CodingKey] { path }

    // MARK: - Moving between values

    /// Decodes the value at token `index`, reached by `key`, then comes back.
    @inline(__always)
    func decode<T: Decodable>(_ type: T.Type, at index: Int, key: some CodingKey) throws -> T {
        let saved = value
        value = index
        path.append(key)
        if lookupHints.count <= path.count { lookupHints.append((-1, 0)) }
        defer {
            path.removeLast()
            value = saved
        }
        return try decodeValue(type)
    }

    /// Decodes the current value as `T`. Scalars, and a few types `JSONDecoder` also
    /// special-cases, are read from the tape directly.
    package func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == String.self { return try scalar(String.self, at: value) as! T }
        if T.self == [String].self { return try readStrings() as! T }
        if T.self == Int.self { return try scalar(Int.self, at: value) as! T }
        if T.self == Bool.self { return try scalar(Bool.self, at: value) as! T }
        if T.self == Double.self { return try scalar(Double.self, at: value) as! T }
        if let tree, T.self == tree.type {
            do {
                return try tree.build(view, value) as! T
            } catch {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: path, debugDescription: error.reason))
            }
        }
        if T.self == Decimal.self { return try decodeDecimal() as! T }
        if T.self == URL.self { return try decodeURL() as! T }
        if T.self == Data.self { return try decodeBase64() as! T }
        return try T(from: self)
    }

    /// A decoder for the value at `index` that stays valid on its own (`superDecoder`).
    func detachedDecoder(at index: Int, key: (any CodingKey)?) -> JSONTapeDecoder {
        JSONTapeDecoder(
            tape: tape, value: index, codingPath: key.map { path + [$0 as any CodingKey] } ?? path, userInfo: userInfo,
            tree: tree)
    }

    // MARK: - Decoder

    package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard view.tokens[value].kind == .object else { throw mismatch([String: Any].self, at: value) }
        return KeyedDecodingContainer(JSONTapeKeyedContainer<Key>(decoder: self, object: value))
    }

    package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard view.tokens[value].kind == .array else { throw mismatch([Any].self, at: value) }
        return JSONTapeUnkeyedContainer(decoder: self, array: value)
    }

    package func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: - SingleValueDecodingContainer

    package func decodeNil() -> Bool { view.tokens[value].kind == .null }
    package func decode(_ type: Bool.Type) throws -> Bool { try scalar(Bool.self, at: value) }
    package func decode(_ type: String.Type) throws -> String { try scalar(String.self, at: value) }
    package func decode(_ type: Double.Type) throws -> Double { try scalar(Double.self, at: value) }
    package func decode(_ type: Float.Type) throws -> Float { try scalar(Float.self, at: value) }
    package func decode(_ type: Int.Type) throws -> Int { try scalar(Int.self, at: value) }
    package func decode(_ type: Int8.Type) throws -> Int8 { try scalar(Int8.self, at: value) }
    package func decode(_ type: Int16.Type) throws -> Int16 { try scalar(Int16.self, at: value) }
    package func decode(_ type: Int32.Type) throws -> Int32 { try scalar(Int32.self, at: value) }
    package func decode(_ type: Int64.Type) throws -> Int64 { try scalar(Int64.self, at: value) }
    package func decode(_ type: UInt.Type) throws -> UInt { try scalar(UInt.self, at: value) }
    package func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(UInt8.self, at: value) }
    package func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(UInt16.self, at: value) }
    package func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(UInt32.self, at: value) }
    package func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(UInt64.self, at: value) }
    package func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    // MARK: - Scalars, read in place

    /// Reads the scalar at `index` with `read`, or throws the error it describes at the path of
    /// the current value.
    @inline(__always)
    func scalar<T: JSONScalar>(_ type: T.Type, at index: Int) throws -> T {
        do {
            return try T.read(view, index)
        } catch {
            throw self.error(error, at: index, codingPath: path)
        }
    }

    /// Reads the scalar at `index`, a member or element of the current value reached by `key`:
    /// containers read scalars without moving the decoder, and the key joins the coding path
    /// only in an error.
    @inline(__always)
    func scalar<T: JSONScalar, K: CodingKey>(_ type: T.Type, at index: Int, key: K) throws -> T {
        do {
            return try T.read(view, index)
        } catch {
            throw self.error(error, at: index, codingPath: path + [key])
        }
    }

    /// `[String]`, the most common array of scalars, without a container and a call per element.
    private func readStrings() throws -> [String] {
        let array = view.tokens[value]
        guard array.kind == .array else { throw mismatch([String].self, at: value) }
        var strings: [String] = []
        strings.reserveCapacity(Int(array.count))
        var element = value + 1
        while element < Int(array.end) {
            strings.append(try scalar(String.self, at: element, key: JSONIndexKey(index: strings.count)))
            element = view.next(after: element)
        }
        return strings
    }

    private func decodeDecimal() throws -> Decimal {
        guard view.tokens[value].kind == .number else { throw mismatch(Decimal.self, at: value) }
        guard let decimal = Decimal(string: view.numberText(value), locale: Locale(identifier: "en_US_POSIX")) else {
            throw error(.doesNotFit(Decimal.self), at: value, codingPath: path)
        }
        return decimal
    }

    private func decodeURL() throws -> URL {
        guard let url = URL(string: try scalar(String.self, at: value)) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: path, debugDescription: "Invalid URL string."))
        }
        return url
    }

    private func decodeBase64() throws -> Data {
        guard let data = Data(base64Encoded: try scalar(String.self, at: value)) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: path, debugDescription: "Encountered Data is not valid Base64."))
        }
        return data
    }

    // MARK: - Errors

    /// `JSONDecoder`'s errors: a null where a value was expected is `valueNotFound`, any other
    /// kind `typeMismatch`.
    func mismatch(_ expected: Any.Type, at index: Int) -> DecodingError {
        error(.mismatch(expected), at: index, codingPath: path)
    }

    /// The `DecodingError` for `failure` at `index`.
    func error(_ failure: JSONScalarFailure, at index: Int, codingPath: [any CodingKey]) -> DecodingError {
        let kind = view.tokens[index].kind
        return failure.decodingError(
            codingPath: codingPath, foundNull: kind == .null, found: kind.description,
            numberText: view.numberText(index))
    }
}

extension JSONToken.Kind: CustomStringConvertible {
    /// How errors name the kind, as `JSONDecoder`'s do.
    package var description: String {
        switch self {
        case .null: "null"
        case .true, .false: "bool"
        case .number: "number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }
}

/// A value type a ``JSONTapeDecoder`` builds straight from the tape, in one walk, rather than
/// through its `Decodable` conformance: the hub's `JSONValue`, which this module does not know.
package struct JSONTapeTree: Sendable {
    /// The type.
    package let type: Any.Type
    /// Builds the value at a token.
    package let build: @Sendable (JSONTapeView, Int) throws(JSONScanner.Failure) -> Any

    /// A tree of `type`, built by `build`.
    package init(type: Any.Type, build: @escaping @Sendable (JSONTapeView, Int) throws(JSONScanner.Failure) -> Any) {
        self.type = type
        self.build = build
    }
}
