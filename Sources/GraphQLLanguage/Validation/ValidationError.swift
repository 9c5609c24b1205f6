/// A rule of the GraphQL specification's section 5 that an executable document breaks, with
/// graphql-js's message and the locations of the nodes involved.
package struct ValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, e.g. `Cannot query field "x" on type "Query".`
    package var message: String
    /// Where the offending nodes are, in the order graphql-js reports them.
    package var locations: [SourceLocation]

    /// Creates an error.
    package init(message: String, locations: [SourceLocation]) {
        self.message = message
        self.locations = locations
    }

    /// The message followed by each location as `(line:column)`.
    package var description: String {
        let known = locations.filter { $0 != .unknown }
        guard !known.isEmpty else { return message }
        return message + " (" + known.map(\.description).joined(separator: ", ") + ")"
    }
}
