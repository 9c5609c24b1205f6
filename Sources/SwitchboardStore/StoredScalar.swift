import Switchboard
import SwitchboardCore

/// A primitive type of `Decodable` that a ``RecordDecoder`` reads straight from a stored leaf, as
/// ``JSONScalar`` types are read from a tape: the same conversions, so that data read back from
/// the store decodes exactly as the response did.
protocol StoredScalar {
    /// Reads a leaf value.
    static func read(_ value: StoredValue) throws(JSONScalarFailure) -> Self
}

extension StoredValue {
    /// The text of a stored number, or `nil` for any other value.
    @inline(__always)
    var numberText: String? {
        guard case .json(let text) = self, let first = text.utf8.first else { return nil }
        return first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) ? text : nil
    }

    /// How a `DecodingError` names the kind of this value, as `JSONDecoder` does.
    var kindDescription: String {
        switch self {
        case .string: "a string"
        case .reference: "a dictionary"
        case .list, .strings: "an array"
        case .json(let text):
            switch text.utf8.first {
            case UInt8(ascii: "{"): "a dictionary"
            case UInt8(ascii: "["): "an array"
            case UInt8(ascii: "t"), UInt8(ascii: "f"): "bool"
            case UInt8(ascii: "n"): "null"
            default: "number"
            }
        }
    }
}

extension String: StoredScalar {
    static func read(_ value: StoredValue) throws(JSONScalarFailure) -> String {
        guard case .string(let string) = value else { throw .mismatch(String.self) }
        return string
    }
}

extension Bool: StoredScalar {
    static func read(_ value: StoredValue) throws(JSONScalarFailure) -> Bool {
        switch value {
        case .true: return true
        case .false: return false
        default: throw .mismatch(Bool.self)
        }
    }
}

extension Double: StoredScalar {
    static func read(_ value: StoredValue) throws(JSONScalarFailure) -> Double {
        guard let text = value.numberText else { throw .mismatch(Double.self) }
        guard let double = Double(text), double.isFinite else { throw .doesNotFit(Double.self) }
        return double
    }
}

extension Float: StoredScalar {
    static func read(_ value: StoredValue) throws(JSONScalarFailure) -> Float {
        let float = Float(try Double.read(value))
        guard float.isFinite else { throw .doesNotFit(Float.self) }
        return float
    }
}

extension StoredScalar where Self: FixedWidthInteger {
    /// The number, which must be an integer that fits (`1e3` and `10.0` are integers).
    static func read(_ value: StoredValue) throws(JSONScalarFailure) -> Self {
        guard var text = value.numberText else { throw .mismatch(Self.self) }
        if let integer = text.withUTF8({ Self.digits($0) }) { return integer }
        if let exact = Self(text) { return exact }
        if let double = Double(text), let exact = Self(exactly: double) { return exact }
        throw .doesNotFit(Self.self)
    }

    /// The value of a plain integer's digits (up to 18, which cannot overflow an `Int64`), or
    /// `nil` for anything else.
    @inline(__always)
    private static func digits(_ text: UnsafeBufferPointer<UInt8>) -> Self? {
        let negative = text[0] == UInt8(ascii: "-")
        let start = negative ? 1 : 0
        guard text.count > start, text.count - start <= 18 else { return nil }
        var value: Int64 = 0
        for position in start..<text.count {
            let digit = text[position] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int64(digit)
        }
        return Self(exactly: negative ? -value : value)
    }
}

extension Int: StoredScalar {}
extension Int8: StoredScalar {}
extension Int16: StoredScalar {}
extension Int32: StoredScalar {}
extension Int64: StoredScalar {}
extension UInt: StoredScalar {}
extension UInt8: StoredScalar {}
extension UInt16: StoredScalar {}
extension UInt32: StoredScalar {}
extension UInt64: StoredScalar {}
