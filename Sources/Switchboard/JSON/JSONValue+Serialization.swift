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
        guard serialize(into: &bytes, nonFiniteAsNull: false) else {
            // Rare: the path is found by a second walk rather than built for every value.
            let (path, value) = firstNonFiniteNumber(path: "") ?? ("", .nan)
            throw JSONSerializationFailure(path: path, reason: "number \(value) is not finite")
        }
    }

    /// Appends the text; `false` (with `bytes` partly written) at a non-finite number, unless
    /// those are written as `null`.
    private func serialize(into bytes: inout [UInt8], nonFiniteAsNull: Bool) -> Bool {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .boolean(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .string(let value): JSONValue.appendQuoted(value, to: &bytes)
        case .number(let value):
            if !value.isFinite {
                guard nonFiniteAsNull else { return false }
                bytes.append(contentsOf: "null".utf8)
            } else if let integer = Int64(exactly: value) {
                JSONValue.appendInteger(integer, to: &bytes)
            } else {
                bytes.append(contentsOf: "\(value)".utf8)
            }
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                guard element.serialize(into: &bytes, nonFiniteAsNull: nonFiniteAsNull) else { return false }
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONValue.appendQuoted(member.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                guard member.value.serialize(into: &bytes, nonFiniteAsNull: nonFiniteAsNull) else { return false }
            }
            bytes.append(UInt8(ascii: "}"))
        }
        return true
    }

    /// The dot-separated path and value of the first non-finite number, in writing order.
    private func firstNonFiniteNumber(path: String) -> (String, Double)? {
        switch self {
        case .number(let value): return value.isFinite ? nil : (path, value)
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = element.firstNonFiniteNumber(path: path.isEmpty ? "\(index)" : "\(path).\(index)") {
                    return found
                }
            }
            return nil
        case .object(let members):
            for member in members.sorted(by: { $0.key < $1.key }) {
                let memberPath = path.isEmpty ? member.key : "\(path).\(member.key)"
                if let found = member.value.firstNonFiniteNumber(path: memberPath) { return found }
            }
            return nil
        case .null, .boolean, .string: return nil
        }
    }

    /// Appends `value` in decimal, as `String(value)` spells it, without making that string (a
    /// page of items writes one integer or more per item).
    package static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        guard magnitude >= 10 else {
            bytes.append(UInt8(ascii: "0") &+ UInt8(magnitude))
            return
        }
        // 20 digits hold the largest magnitude, 9,223,372,036,854,775,808.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            while magnitude > 0 {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
                magnitude /= 10
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Appends `string` as a JSON string literal with the escapes RFC 8259 requires.
    package static func appendQuoted(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Read in place (no copy of the string to make it mutable) unless it is not stored as
        // contiguous UTF-8 (a bridged string).
        if string.utf8.withContiguousStorageIfAvailable({ appendEscaping($0, to: &bytes) }) == nil {
            var string = string
            string.withUTF8 { appendEscaping($0, to: &bytes) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func appendEscaping(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        // Most strings need no escape: copied in one go.
        if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: utf8)
            return
        }
        for byte in utf8 { appendEscaped(byte, to: &bytes) }
    }

    private static func appendEscaped(_ byte: UInt8, to bytes: inout [UInt8]) {
        let backslash = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""), backslash:
            bytes.append(backslash)
            bytes.append(byte)
        case 0x0A:
            bytes.append(backslash)
            bytes.append(UInt8(ascii: "n"))
        case 0x0D:
            bytes.append(backslash)
            bytes.append(UInt8(ascii: "r"))
        case 0x09:
            bytes.append(backslash)
            bytes.append(UInt8(ascii: "t"))
        case 0x00..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(backslash)
            bytes.append(contentsOf: "u00".utf8)
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0x0F)])
        default:
            bytes.append(byte)
        }
    }

    /// Compact JSON text; non-finite numbers are written as `null`.
    public var jsonText: String {
        var bytes: [UInt8] = []
        // Cannot throw: non-finite numbers become null.
        _ = serialize(into: &bytes, nonFiniteAsNull: true)
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text of the value.
    public var description: String { jsonText }
}
