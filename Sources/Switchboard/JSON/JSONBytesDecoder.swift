import Foundation
import SwitchboardCore

/// Decodes `Decodable` values straight from JSON bytes: Switchboard's replacement for
/// `JSONDecoder`, used for every response the API plugin decodes.
///
/// The bytes are read once into a flat token list (strictly, RFC 8259: no comments, no trailing
/// commas, valid UTF-8, at most ``maximumDepth`` levels); keys are then matched against the
/// bytes in place and scalars read from them, without the dictionary of `String` keys that
/// `JSONDecoder` builds for every object. It decodes what `JSONDecoder` decodes with its default
/// strategies, with the same errors: `DecodingError`s with the coding path, and for text that is
/// not JSON a `DecodingError.dataCorrupted` whose underlying error is a ``JSONParsingError``
/// (byte offset, line and column).
///
/// ```swift
/// let todo = try JSONBytesDecoder().decode(Todo.self, from: data)
/// ```
///
/// Integers beyond `Int64` decode into `UInt64` or `Decimal` fields from their text;
/// `Decimal` keeps every digit. `Date` uses its own `Decodable` form (seconds since 2001), `Data`
/// is Base64 and `URL` a string, as with `JSONDecoder`'s defaults. When an object repeats a key
/// (RFC 8259 leaves the meaning open), which of its values is read is not specified; `JSONValue`
/// keeps the last.
public struct JSONBytesDecoder: Sendable {
    /// Values handed to every `init(from:)` as `decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// The deepest nesting of arrays and objects accepted (512 by default); deeper text is an error
    /// rather than a risk to the stack.
    public var maximumDepth = JSONScanner.maximumDepth

    /// A decoder with no `userInfo` and the default depth limit.
    public init() {}

    /// Decodes a `T` from the JSON document `data`.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decode(type, fromBytes: data)
    }

    /// Decodes a `T` from the JSON document in `bytes`, for callers that hold an array rather than `Data`.
    package func decode<T: Decodable>(_ type: T.Type, fromBytes data: some ContiguousBytes) throws -> T {
        let tape: JSONTape
        do {
            tape = try data.withUnsafeBytes { (raw) throws(JSONParsingError) in
                do throws(JSONScanner.Failure) {
                    return try JSONTape(raw, maximumDepth: maximumDepth)
                } catch {
                    throw JSONParsingError(error, in: raw.bindMemory(to: UInt8.self))
                }
            }
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [], debugDescription: "The given data was not valid JSON: \(error)",
                    underlyingError: error))
        }
        var info = [CodingUserInfoKey: Any](minimumCapacity: userInfo.count)
        for (key, value) in userInfo { info[key] = value }
        return try JSONTapeDecoder(tape: tape, value: 0, codingPath: [], userInfo: info, tree: .jsonValue).decodeValue(
            T.self)
    }
}
