import Foundation
import SwitchboardCore

extension JSONValue: Codable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        // From a tape the value is built in one walk rather than by trying each type in turn.
        if let decoder = decoder as? JSONTapeDecoder {
            do {
                self = try decoder.view.jsonValue(decoder.value)
            } catch {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.reason))
            }
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .boolean(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a JSON value")
        }
    }

    /// Encodes the value; integral numbers are written without a fraction.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .array(let value): try container.encode(value)
        case .boolean(let value): try container.encode(value)
        case .number(let value):
            if let integer = Int64(exactly: value) {
                try container.encode(integer)
            } else {
                try container.encode(value)
            }
        case .object(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}

extension JSONValue {
    /// Converts any `Encodable` value (for example a generated input struct) to a `JSONValue`.
    public init(encoding value: some Encodable) throws {
        self = try JSONValueEncoder().encode(value)
    }

    /// Parses JSON text, strictly (RFC 8259); a syntax error throws ``JSONParsingError`` with
    /// the byte offset, line and column. An escaped surrogate without its pair reads as U+FFFD.
    public init(parsing json: Data) throws {
        self = try json.withUnsafeBytes { (raw) throws(JSONParsingError) -> JSONValue in
            let bytes = raw.bindMemory(to: UInt8.self)
            do throws(JSONScanner.Failure) {
                let tape = try JSONTape(UnsafeRawBufferPointer(bytes))
                return try withExtendedLifetime(tape) { () throws(JSONScanner.Failure) in try tape.view.jsonValue(0) }
            } catch {
                throw JSONParsingError(error, in: bytes)
            }
        }
    }

    /// Decodes this value into a `Decodable` type, for example a model from one root field of
    /// a multi-operation response.
    public func decode<T: Decodable>(as type: T.Type = T.self) throws -> T {
        try JSONBytesDecoder().decode(T.self, from: serializedData())
    }
}
