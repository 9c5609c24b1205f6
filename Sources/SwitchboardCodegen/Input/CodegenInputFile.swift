/// A file given to the generator: a `.graphql` document, or a `.swift` source whose
/// `graphql("…")` literals hold documents.
package struct CodegenInputFile: Sendable {
    /// What the file holds.
    package enum Kind: Sendable {
        /// GraphQL operations and fragments.
        case graphQL
        /// Swift source with `graphql("…")` literals.
        case swift
    }

    /// The path diagnostics name (as the user gave it, or absolute for the build plugin).
    package var path: String
    /// The name the generated file's header comment gives its source (relative, so output does
    /// not depend on where the checkout is).
    package var displayName: String
    /// The file's bytes.
    package var contents: [UInt8]
    /// `.swift` files are Swift; anything else is GraphQL.
    package var kind: Kind {
        path.hasSuffix(".swift") ? .swift : .graphQL
    }

    /// Creates an input.
    package init(path: String, displayName: String, contents: [UInt8]) {
        self.path = path
        self.displayName = displayName
        self.contents = contents
    }
}
