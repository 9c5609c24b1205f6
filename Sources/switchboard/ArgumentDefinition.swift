/// One positional argument of a command (`<document>`, `<paths> ...`), as help shows it and as the
/// parser counts it.
struct ArgumentDefinition: Sendable {
    /// What the argument is called in help (`document` for `<document>`).
    let name: String
    /// One or two sentences for the ARGUMENTS section.
    let help: String
    /// Whether the command runs without it.
    let isOptional: Bool
    /// Whether it takes every remaining argument (`<paths> ...`).
    let isRepeatable: Bool

    /// An argument; required and single unless said otherwise.
    init(_ name: String, help: String, optional isOptional: Bool = false, repeatable isRepeatable: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isRepeatable = isRepeatable
    }

    /// `<name>`, or `<name> ...` when repeatable.
    var synopsis: String { isRepeatable ? "<\(name)> ..." : "<\(name)>" }
}
