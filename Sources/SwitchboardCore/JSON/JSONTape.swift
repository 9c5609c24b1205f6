import Foundation

/// One value of a ``JSONTape``: its kind and where its bytes are. Sixteen bytes, so that a
/// 1,000-item response's tape stays in the caches while it is decoded.
package struct JSONToken: Sendable {
    /// The JSON kinds, with `true` and `false` apart so that a Boolean needs no byte lookup.
    package enum Kind: UInt8, Sendable {
        case null, `true`, `false`, number, string, array, object
    }

    /// What the value is.
    package let kind: Kind
    /// For a string: whether it has escapes. For a number: whether it is an integer (no `.`,
    /// `e` or `E`).
    package let flag: Bool
    /// For an array, its element count; for an object, its member count.
    package var count: UInt32
    /// For a string, the offset of its first byte after the quote; for any other scalar, of its
    /// first byte; for a container, of its bracket.
    package let start: UInt32
    /// For a scalar, the offset just past its last byte (a string's closing quote excluded); for
    /// a container, the index of the first token after it.
    package var end: UInt32
}

/// A JSON document read once into a flat list of tokens (a "tape"), in document order: an
/// object's members are its key and value tokens in turn, and every container records where it
/// ends, so that a decoder skips a value in one step and reads keys and scalars straight from
/// the bytes, never building a tree.
///
/// The tape owns a copy of the bytes and its tokens (a `Decodable` type may keep a decoder or a
/// container beyond the call that produced it); ``view`` reads them without reference counting, so
/// whoever reads through it must hold the tape meanwhile.
// Sendable: the tokens and bytes are written once in `init` and only read afterwards; `deinit`
// frees them when the last reference goes, so no access can race with it.
package final class JSONTape: @unchecked Sendable {
    /// The tokens and bytes, for reading.
    package let view: JSONTapeView

    /// Reads `input` strictly (RFC 8259, at most `maximumDepth` levels), or throws the offending
    /// byte's offset and what is wrong there.
    package init(
        _ input: UnsafeRawBufferPointer, maximumDepth: Int = JSONScanner.maximumDepth
    ) throws(JSONScanner.Failure) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(input.count, 1))
        _ = copy.initialize(from: input)
        let bytes = UnsafeBufferPointer(rebasing: copy[0..<input.count])
        let tokens: [JSONToken]
        do throws(JSONScanner.Failure) {
            tokens = try JSONScanner.tape(of: bytes, maximumDepth: maximumDepth)
        } catch {
            copy.deallocate()
            throw error
        }
        let ownedTokens = UnsafeMutableBufferPointer<JSONToken>.allocate(capacity: tokens.count)
        _ = ownedTokens.initialize(from: tokens)
        view = JSONTapeView(tokens: UnsafeBufferPointer(ownedTokens), bytes: bytes)
    }

    /// The whole document built with `builder` (see ``JSONTapeView/value(_:builder:)``). A method
    /// of the tape, so that the tape outlives the reading of its view.
    package func value<Builder: JSONValueBuilder>(builder: Builder) throws(JSONScanner.Failure) -> Builder.Value {
        try view.value(0, builder: builder)
    }

    deinit {
        UnsafeMutableBufferPointer(mutating: view.bytes).deallocate()
        UnsafeMutableBufferPointer(mutating: view.tokens).deallocate()
    }
}

/// Reads the tokens and bytes of a ``JSONTape``, which must outlive it.
package struct JSONTapeView {
    /// Token 0 is the root value; the last token, after it, is a `null` that stands for absent values.
    package let tokens: UnsafeBufferPointer<JSONToken>
    /// The document's bytes, valid UTF-8 (checked before the tape is built).
    package let bytes: UnsafeBufferPointer<UInt8>

    /// The `null` token outside the document.
    package var absentValue: Int { tokens.count - 1 }

    /// The index of the token after the value at `index` (and after everything inside it).
    @inline(__always)
    package func next(after index: Int) -> Int {
        let token = tokens[index]
        return token.kind.rawValue >= JSONToken.Kind.array.rawValue ? Int(token.end) : index + 1
    }

    /// The raw bytes of the scalar at `index` (a string's without its quotes, escapes as written).
    @inline(__always)
    package func raw(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let token = tokens[index]
        return UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)])
    }

    /// The value of the string at `index`, escapes decoded.
    package func string(_ index: Int) -> String {
        let raw = raw(index)
        return tokens[index].flag ? JSONScanner.unescapeString(raw) : String(decoding: raw, as: UTF8.self)
    }

    /// Whether the key token at `index` spells `name` (given as UTF-8).
    @inline(__always)
    package func key(_ index: Int, equals name: UnsafeBufferPointer<UInt8>) -> Bool {
        let token = tokens[index]
        guard !token.flag else { return string(index).utf8.elementsEqual(name) }
        let length = Int(token.end &- token.start)
        guard length == name.count else { return false }
        guard length > 0 else { return true }
        return memcmp(bytes.baseAddress! + Int(token.start), name.baseAddress!, length) == 0
    }

    /// Whether the key token at `index` spells `name`.
    @inline(__always)
    package func key(_ index: Int, equals name: StaticString) -> Bool {
        // Not `utf8Start`: a one-character literal may have no pointer to its bytes.
        name.withUTF8Buffer { key(index, equals: $0) }
    }

    /// The text of the number at `index`.
    package func numberText(_ index: Int) -> String { String(decoding: raw(index), as: UTF8.self) }

    /// The number at `index` as an `Int64` when it is an integer that fits, read from the digits.
    package func int64(_ index: Int) -> Int64? {
        let token = tokens[index]
        guard token.flag else { return nil }
        let raw = raw(index)
        var position = 0
        let negative = raw[0] == UInt8(ascii: "-")
        if negative { position = 1 }
        // 18 digits cannot overflow; longer ones go through the checked conversion.
        guard raw.count - position <= 18 else { return Int64(numberText(index)) }
        var value: Int64 = 0
        while position < raw.count {
            value = value &* 10 &+ Int64(raw[position] &- UInt8(ascii: "0"))
            position += 1
        }
        return negative ? -value : value
    }

    /// The number at `index` as a `Double` (the nearest one; `nil` beyond its range).
    package func double(_ index: Int) -> Double? {
        if let integer = int64(index), integer.magnitude <= 1 << 53 { return Double(integer) }
        guard let value = Double(numberText(index)), value.isFinite else { return nil }
        return value
    }

    /// Builds the value at `index` with `builder`. A number the builder cannot represent is an
    /// error at its offset.
    package func value<Builder: JSONValueBuilder>(
        _ index: Int, builder: Builder
    ) throws(JSONScanner.Failure) -> Builder.Value {
        let token = tokens[index]
        switch token.kind {
        case .null: return builder.null()
        case .true: return builder.boolean(true)
        case .false: return builder.boolean(false)
        case .number:
            let text = numberText(index)
            guard let number = builder.number(text, isInteger: token.flag) else {
                throw JSONScanner.Failure(
                    offset: Int(token.start), reason: "number \(text.prefix(40)) is beyond the range of a Double")
            }
            return number
        case .string: return builder.string(string(index))
        case .array:
            var elements: [Builder.Value] = []
            elements.reserveCapacity(Int(token.count))
            var element = index + 1
            while element < Int(token.end) {
                elements.append(try value(element, builder: builder))
                element = next(after: element)
            }
            return builder.array(elements)
        case .object:
            var members: [(key: String, value: Builder.Value)] = []
            members.reserveCapacity(Int(token.count))
            var key = index + 1
            while key < Int(token.end) {
                members.append((string(key), try value(key + 1, builder: builder)))
                key = next(after: key + 1)
            }
            return builder.object(members)
        }
    }

    // MARK: - Scalars for the decoder

    /// The Boolean at `index`.
    @inline(__always)
    package func bool(_ index: Int) throws(JSONScalarFailure) -> Bool {
        switch tokens[index].kind {
        case .true: return true
        case .false: return false
        default: throw .mismatch(Bool.self)
        }
    }

    /// The string at `index`.
    @inline(__always)
    package func string(checked index: Int) throws(JSONScalarFailure) -> String {
        guard tokens[index].kind == .string else { throw .mismatch(String.self) }
        return string(index)
    }

    /// The number at `index` as a `Double`.
    package func double(checked index: Int) throws(JSONScalarFailure) -> Double {
        guard tokens[index].kind == .number else { throw .mismatch(Double.self) }
        guard let double = double(index) else { throw .doesNotFit(Double.self) }
        return double
    }

    /// The number at `index` as a `Float` (rounded; beyond its range is an error).
    package func float(_ index: Int) throws(JSONScalarFailure) -> Float {
        let float = Float(try double(checked: index))
        guard float.isFinite else { throw .doesNotFit(Float.self) }
        return float
    }

    /// The number at `index` as a `T`, which must hold it exactly (`1e3` and `10.0` are integers).
    package func integer<T: FixedWidthInteger>(_ type: T.Type, _ index: Int) throws(JSONScalarFailure) -> T {
        guard tokens[index].kind == .number else { throw .mismatch(T.self) }
        if let integer = int64(index) {
            guard let exact = T(exactly: integer) else { throw .doesNotFit(T.self) }
            return exact
        }
        let text = numberText(index)
        if let exact = T(text) { return exact }
        if let double = Double(text), let exact = T(exactly: double) { return exact }
        throw .doesNotFit(T.self)
    }
}
