/// A schema could not be built: what is wrong and where (in SDL; introspection problems carry
/// the JSON path instead of a location).
package struct SchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    package enum Kind: Sendable, Hashable {
        /// The SDL does not parse.
        case syntax(GraphQLSyntaxError)
        /// A type or directive is defined twice.
        case duplicateDefinition
        /// A field, argument, enum value or member is listed twice.
        case duplicateMember
        /// A reference to a type that does not exist.
        case unknownType
        /// A directive used in the SDL that is not defined.
        case unknownDirective
        /// An extension of a type that does not exist or has another kind.
        case invalidExtension
        /// A reference to a type of the wrong kind (e.g. an input object as a field type).
        case wrongKind
        /// An object or interface misses a field its interface requires.
        case interfaceNotImplemented
        /// A root operation type is missing or is not an object type.
        case invalidRootType
        /// An operation or fragment in a type-system document.
        case executableDefinition
        /// The introspection JSON is not a well-formed result.
        case invalidIntrospection
    }

    /// What went wrong.
    package var kind: Kind
    /// The human-readable message, in graphql-js's wording where it has one.
    package var message: String
    /// Where in the SDL the problem is, if it came from SDL.
    package var location: SourceLocation?

    /// Creates an error.
    package init(_ kind: Kind, _ message: String, at location: SourceLocation? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    /// The message followed by `(line:column)` when the location is known.
    package var description: String {
        if case .syntax(let error) = kind { return error.description }
        guard let location, location != .unknown else { return message }
        return "\(message) (\(location.line):\(location.column))"
    }
}
