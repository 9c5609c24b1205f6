/// The value of a nullable GraphQL input (a variable or an input-object field), which can be
/// left out, sent as `null`, or sent with a value — three different things to a GraphQL server.
///
/// ```swift
/// ReviewInput(stars: 5)                          // commentary is absent: not sent at all
/// ReviewInput(stars: 5, commentary: .null)       // "commentary": null
/// ReviewInput(stars: 5, commentary: "Great")     // "commentary": "Great"
/// HeroQuery(episode: .value(.jedi))
/// ```
///
/// The `nil` literal means ``absent``, so generated initializers default nullable inputs to `nil`.
public enum GraphQLNullable<Wrapped> {
    /// Not sent: the server uses the variable's or field's default, or treats it as not given.
    case absent
    /// Sent as an explicit `null`.
    case null
    /// Sent with this value (boxed, so that an input object can have a field of its own type).
    indirect case value(Wrapped)
}

extension GraphQLNullable: Sendable where Wrapped: Sendable {}
extension GraphQLNullable: Equatable where Wrapped: Equatable {}
extension GraphQLNullable: Hashable where Wrapped: Hashable {}

extension GraphQLNullable: ExpressibleByNilLiteral {
    /// `nil` is ``absent``.
    public init(nilLiteral: ()) {
        self = .absent
    }
}

extension GraphQLNullable: ExpressibleByUnicodeScalarLiteral
where Wrapped: ExpressibleByStringLiteral, Wrapped.StringLiteralType == String {
    /// A value from a one-character string literal.
    public init(unicodeScalarLiteral value: String) {
        self = .value(Wrapped(stringLiteral: value))
    }
}

extension GraphQLNullable: ExpressibleByExtendedGraphemeClusterLiteral
where Wrapped: ExpressibleByStringLiteral, Wrapped.StringLiteralType == String {
    /// A value from a one-character string literal.
    public init(extendedGraphemeClusterLiteral value: String) {
        self = .value(Wrapped(stringLiteral: value))
    }
}

extension GraphQLNullable: ExpressibleByStringLiteral
where Wrapped: ExpressibleByStringLiteral, Wrapped.StringLiteralType == String {
    /// A value from a string literal: `commentary: "Great"`.
    public init(stringLiteral value: String) {
        self = .value(Wrapped(stringLiteral: value))
    }
}

extension GraphQLNullable: ExpressibleByIntegerLiteral where Wrapped: ExpressibleByIntegerLiteral {
    /// A value from an integer literal: `first: 10`.
    public init(integerLiteral value: Wrapped.IntegerLiteralType) {
        self = .value(Wrapped(integerLiteral: value))
    }
}

extension GraphQLNullable: ExpressibleByFloatLiteral where Wrapped: ExpressibleByFloatLiteral {
    /// A value from a floating-point literal: `height: 1.72`.
    public init(floatLiteral value: Wrapped.FloatLiteralType) {
        self = .value(Wrapped(floatLiteral: value))
    }
}

extension GraphQLNullable: ExpressibleByBooleanLiteral where Wrapped: ExpressibleByBooleanLiteral {
    /// A value from a Boolean literal: `done: true`.
    public init(booleanLiteral value: Wrapped.BooleanLiteralType) {
        self = .value(Wrapped(booleanLiteral: value))
    }
}

extension GraphQLNullable: ExpressibleByArrayLiteral where Wrapped: RangeReplaceableCollection {
    /// A value from an array literal: `ids: ["1", "2"]`.
    public init(arrayLiteral elements: Wrapped.Element...) {
        self = .value(Wrapped(elements))
    }
}

extension GraphQLNullable: Encodable where Wrapped: Encodable {
    /// Encodes the value, or `null` for ``null`` and ``absent``. Inside a keyed container (the
    /// variables, an input object) an absent value leaves its key out instead; see
    /// `KeyedEncodingContainer.encode(_:forKey:)`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .absent, .null: try container.encodeNil()
        case .value(let value): try container.encode(value)
        }
    }
}

extension KeyedEncodingContainer {
    /// Leaves `key` out for ``GraphQLNullable/absent``, writes `null` for ``GraphQLNullable/null``
    /// and the value otherwise. Synthesized `Encodable` conformances of generated variables and
    /// input objects call this overload.
    public mutating func encode<Wrapped: Encodable>(_ value: GraphQLNullable<Wrapped>, forKey key: Key) throws {
        switch value {
        case .absent: break
        case .null: try encodeNil(forKey: key)
        case .value(let wrapped): try encode(wrapped, forKey: key)
        }
    }
}
