/// The name of the file generated for an input, from the input's path relative to where inputs
/// were found: unique for every input, even in one flat output directory (a target's sources
/// must not share a base name).
///
/// | input | generated file |
/// |---|---|
/// | `HeroName.graphql` | `HeroName.graphql.swift` |
/// | `Queries/HeroName.graphql` | `Queries_HeroName.graphql.swift` |
/// | `TodoView.swift` | `TodoView+GraphQL.swift` |
/// | `schema.graphqls` | `schema.graphqls.swift` |
///
/// The build plugin names its outputs with the same rule.
package enum GeneratedFileName {
    /// The generated file's name for the input at `relativePath` (components separated by `/`).
    package static func forInput(_ relativePath: String) -> String {
        let components = relativePath.split(separator: "/").filter { $0 != "." }
        let flat = components.joined(separator: "_")
        if flat.hasSuffix(".swift") { return flat.dropLast(".swift".count) + "+GraphQL.swift" }
        return flat + ".swift"
    }
}
