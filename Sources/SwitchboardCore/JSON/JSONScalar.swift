/// Why a scalar could not be read: the decoder turns it into a `DecodingError` with the path.
package enum JSONScalarFailure: Error {
    /// The value is of another kind (or `null`).
    case mismatch(Any.Type)
    /// The number does not fit the type.
    case doesNotFit(Any.Type)
}

extension JSONScalarFailure {
    /// `JSONDecoder`'s error for this failure: a null where a value was expected is
    /// `valueNotFound`, any other kind `typeMismatch`, a number out of range `dataCorrupted`.
    /// `found` names the kind of value found (`"a string"`), `numberText` the number's text.
    package func decodingError(
        codingPath: [any CodingKey], foundNull: Bool, found: @autoclosure () -> String,
        numberText: @autoclosure () -> String
    ) -> DecodingError {
        switch self {
        case .mismatch(let expected):
            if foundNull {
                return .valueNotFound(
                    expected,
                    DecodingError.Context(
                        codingPath: codingPath, debugDescription: "Cannot get \(expected) -- found null value instead"))
            }
            return .typeMismatch(
                expected,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Expected to decode \(expected) but found \(found()) instead."
                ))
        case .doesNotFit(let type):
            return .dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Parsed JSON number <\(numberText().prefix(40))> does not fit in \(type)."))
        }
    }
}

/// A type the decoder reads straight from a token: the primitive types of `Decodable`.
package protocol JSONScalar {
    /// Reads the token at `index`.
    static func read(_ view: JSONTapeView, _ index: Int) throws(JSONScalarFailure) -> Self
}

extension Bool: JSONScalar {
    package static func read(_ view: JSONTapeView, _ index: Int) throws(JSONScalarFailure) -> Bool {
        try view.bool(index)
    }
}

extension String: JSONScalar {
    package static func read(_ view: JSONTapeView, _ index: Int) throws(JSONScalarFailure) -> String {
        try view.string(checked: index)
    }
}

extension Double: JSONScalar {
    package static func read(_ view: JSONTapeView, _ index: Int) throws(JSONScalarFailure) -> Double {
        try view.double(checked: index)
    }
}

extension Float: JSONScalar {
    package static func read(_ view: JSONTapeView, _ index: Int) throws(JSONScalarFailure) -> Float {
        try view.float(index)
    }
}

extension JSONScalar where Self: FixedWidthInteger {
    package static func read(_ view: JSONTapeView, _ index: Int) throws(JSONScalarFailure) -> Self {
        try view.integer(Self.self, index)
    }
}

extension Int: JSONScalar {}
extension Int8: JSONScalar {}
extension Int16: JSONScalar {}
extension Int32: JSONScalar {}
extension Int64: JSONScalar {}
extension UInt: JSONScalar {}
extension UInt8: JSONScalar {}
extension UInt16: JSONScalar {}
extension UInt32: JSONScalar {}
extension UInt64: JSONScalar {}
