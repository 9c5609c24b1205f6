import Foundation

extension JSONValue {
    /// Converts a JSON object graph of `Any` values — what `JSONSerialization` returns, or a
    /// dictionary literal such as `["input": ["name": name, "done": false]]` — into a `JSONValue`.
    ///
    /// Accepted: `String`, `Bool`, the integer and floating-point types, `NSNumber`, `NSNull`,
    /// `nil`, arrays, dictionaries with `String` keys, `JSONValue`, `URL` (its absolute string) and
    /// any other `Encodable` value (through `JSONEncoder`). Anything else — a `Date` (whose
    /// meaning as JSON is ambiguous), NaN, an integer beyond ±2^53 — throws an error naming the
    /// key path, such as `input.tags[2]`.
    public init(jsonObject value: Any) throws(JSONValueConversionError) {
        self = try Self.convert(value, path: "")
    }

    private static func convert(_ value: Any, path: String) throws(JSONValueConversionError) -> JSONValue {
        if let json = value as? JSONValue { return json }
        if let optional = value as? any OptionalJSONObject {
            guard let wrapped = optional.wrappedJSONObject else { return .null }
            return try convert(wrapped, path: path)
        }
        if value is NSNull { return .null }
        if type(of: value) == Bool.self, let flag = value as? Bool { return .boolean(flag) }
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            // JSONSerialization's booleans are NSNumbers of this class, on Linux as on Apple platforms.
            if type(of: number) == booleanNumberClass { return .boolean(number.boolValue) }
            return try exactNumber(number.doubleValue, path: path)
        }
        if let number = try swiftNumber(value, path: path) { return number }
        switch value {
        case let string as String: return .string(string)
        case let string as Substring: return .string(String(string))
        case let character as Character: return .string(String(character))
        case let url as URL: return .string(url.absoluteString)
        case is Date:
            throw JSONValueConversionError(
                path: path, typeName: "Date",
                reason: "a Date has no single JSON form; pass Temporal.DateTime(date) or an ISO-8601 string")
        case let array as [Any]:
            var elements: [JSONValue] = []
            elements.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                elements.append(try convert(element, path: "\(path)[\(index)]"))
            }
            return .array(elements)
        case let dictionary as [String: Any]:
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(dictionary.count)
            for (key, member) in dictionary {
                members[key] = try convert(member, path: path.isEmpty ? key : "\(path).\(key)")
            }
            return .object(members)
        case let encodable as any Encodable:
            do {
                return try JSONValue(encoding: encodable)
            } catch {
                throw JSONValueConversionError(
                    path: path, typeName: "\(type(of: value))", reason: "its Encodable conformance failed: \(error)")
            }
        default:
            throw JSONValueConversionError(
                path: path, typeName: "\(type(of: value))",
                reason: "it is not a JSON value (string, number, Boolean, null, array, dictionary or Encodable)")
        }
    }

    private static let booleanNumberClass: AnyClass = type(of: NSNumber(value: true))

    private static func swiftNumber(_ value: Any, path: String) throws(JSONValueConversionError) -> JSONValue? {
        switch value {
        case let number as Int: return try exactInteger(Double(exactly: number), number, path: path)
        case let number as Int8: return .number(Double(number))
        case let number as Int16: return .number(Double(number))
        case let number as Int32: return .number(Double(number))
        case let number as Int64: return try exactInteger(Double(exactly: number), number, path: path)
        case let number as UInt: return try exactInteger(Double(exactly: number), number, path: path)
        case let number as UInt8: return .number(Double(number))
        case let number as UInt16: return .number(Double(number))
        case let number as UInt32: return .number(Double(number))
        case let number as UInt64: return try exactInteger(Double(exactly: number), number, path: path)
        case let number as Double: return try exactNumber(number, path: path)
        case let number as Float: return try exactNumber(Double(number), path: path)
        case let number as Decimal: return try exactNumber(NSDecimalNumber(decimal: number).doubleValue, path: path)
        default: return nil
        }
    }

    private static func exactInteger(_ converted: Double?, _ original: some BinaryInteger, path: String)
        throws(JSONValueConversionError) -> JSONValue
    {
        guard let converted, abs(converted) <= 9_007_199_254_740_992 else {
            throw JSONValueConversionError(
                path: path, typeName: "\(type(of: original))",
                reason:
                    "\(original) is beyond ±2^53, which JSON numbers (doubles) cannot hold exactly; send it as a string"
            )
        }
        return .number(converted)
    }

    private static func exactNumber(_ number: Double, path: String) throws(JSONValueConversionError) -> JSONValue {
        guard number.isFinite else {
            throw JSONValueConversionError(
                path: path, typeName: "Double", reason: "\(number) is not a JSON number")
        }
        return .number(number)
    }
}

/// Why a value could not become JSON: where it is, what it is, and why.
public struct JSONValueConversionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key path of the value, e.g. `input.tags[2]` (empty for the root).
    package let path: String
    /// The value's type.
    package let typeName: String
    /// Why it cannot be JSON, and what to pass instead.
    package let reason: String

    /// `the value at input.due (Date) cannot be sent as JSON: …`.
    public var description: String {
        let location = path.isEmpty ? "the value" : "the value at \(path)"
        return "\(location) (\(typeName)) cannot be sent as JSON: \(reason)"
    }
}

/// Lets ``JSONValue/init(jsonObject:)`` see through `Optional`s boxed in `Any`.
private protocol OptionalJSONObject {
    var wrappedJSONObject: Any? { get }
}

extension Optional: OptionalJSONObject {
    fileprivate var wrappedJSONObject: Any? { self.map { $0 as Any } }
}
