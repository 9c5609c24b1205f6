import Foundation

/// A JSON value that cannot be written as JSON text (a NaN or infinite number).
public struct JSONSerializationFailure: Error, Sendable, CustomStringConvertible {
    /// Where in the value the problem is, as a dot-separated path.
    package let path: String
    /// What is wrong.
    package let reason: String

    /// Says where the unserializable value is.
    public var description: String { "cannot write JSON at \(path.isEmpty ? "<root>" : path): \(reason)" }
}

extension JSONValue {
    /// Writes compact JSON text (object keys sorted, for reproducible request bodies).
    public func serializedData() throws(JSONSerializationFailure) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        try serialize(into: &bytes)
        return Data(bytes)
    }

    /// Appends compact JSON text to `bytes`. Hand-written because request bodies are built on every
    /// operation and `JSONEncoder` costs several times more.
    package func serialize(into bytes: inout [UInt8]) throws(JSONSerializationFailure) {
        try serialize(into: &bytes, path: "", nonFiniteAsNull: false)
    }

    private func serialize(
        into bytes: inout [UInt8],
        path: String,
        nonFiniteAsNull: Bool
    ) throws(JSONSerializationFailure) {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .boolean(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .string(let value): JSONValue.appendQuoted(value, to: &bytes)
        case .number(let value):
            if !value.isFinite {
                guard nonFiniteAsNull else {
                    throw JSONSerializationFailure(path: path, reason: "number \(value) is not finite")
                }
                bytes.append(contentsOf: "null".utf8)
            } else if let integer = Int64(exactly: value) {
                bytes.append(contentsOf: String(integer).utf8)
            } else {
                bytes.append(contentsOf: "\(value)".utf8)
            }
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                let elementPath = path.isEmpty ? "\(index)" : "\(path).\(index)"
                try element.serialize(into: &bytes, path: elementPath, nonFiniteAsNull: nonFiniteAsNull)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONValue.appendQuoted(member.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                let memberPath = path.isEmpty ? member.key : "\(path).\(member.key)"
                try member.value.serialize(into: &bytes, path: memberPath, nonFiniteAsNull: nonFiniteAsNull)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `string` as a JSON string literal with the escapes RFC 8259 requires.
    package static func appendQuoted(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Compact JSON text; non-finite numbers are written as `null`.
    public var jsonText: String {
        var bytes: [UInt8] = []
        // Cannot throw: non-finite numbers become null.
        try? serialize(into: &bytes, path: "", nonFiniteAsNull: true)
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text of the value.
    public var description: String { jsonText }
}
