/// A generated type case: the struct behind an accessor such as `hero.asDroid`, present when the
/// object's `__typename` is one of its ``possibleTypes``.
///
/// Those are the object types that satisfy the type condition within the enclosing selection
/// set: the type itself for an object type, its implementations for an interface, its members for
/// a union.
public protocol GraphQLTypeCase: Decodable {
    /// The `__typename`s for which the type case is present.
    static var possibleTypes: Set<String> { get }
}

extension GraphQLTypeCase {
    /// Decodes the type case from the object at `decoder` when `typename` is one of
    /// ``possibleTypes``; `nil` otherwise.
    public init?(typename: String, from decoder: any Decoder) throws {
        guard Self.possibleTypes.contains(typename) else { return nil }
        try self.init(from: decoder)
    }
}
