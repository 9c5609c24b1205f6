/// Writes a named fragment: its struct with `Data`, `init(key:)`, and its `_Key` protocol.
///
/// `init(key:)` is declared in an extension so that the struct keeps its memberwise initializer
/// (which ``GraphQLFragment`` requires); inside a namespace that extension goes to `fileScope`,
/// as extensions cannot nest.
struct FragmentWriter {
    /// `Namespace.` or nothing.
    let qualifier: String

    func write(
        name: String, typeCondition: String, definition: String, possibleTypes: [String: Set<String>],
        data: SelectionSetShape, into writer: inout SwiftWriter, fileScope: inout SwiftWriter
    ) {
        writer.declares(name)
        writer.documentation(
            "`fragment \(name) on \(typeCondition)`: read it with `\(name)(key:)` from a type that spreads it.")
        let access = writer.access
        writer.block("\(access)struct \(name): GraphQLFragment") { writer in
            DocumentLiteral(text: definition).write("\(access)static let fragmentDefinition =", into: &writer)
            OperationWriter.writePossibleTypes(possibleTypes, into: &writer)
            writer.blankLine()
            writer.line("\(access)let fragmentPointer: FragmentPointer")
            writer.line("\(access)\(writer.mutableData ? "var" : "let") data: Data")
            writer.blankLine()
            if !access.isEmpty {
                // The memberwise initializer GraphQLFragment requires is internal; a public one is spelled out.
                writer.documentation("Creates the fragment from its pointer and data.")
                writer.block("\(access)init(fragmentPointer: FragmentPointer, data: Data)") { writer in
                    writer.line("self.fragmentPointer = fragmentPointer")
                    writer.line("self.data = data")
                }
                writer.blankLine()
            }
            SelectionSetWriter().write(data, into: &writer)
        }
        if qualifier.isEmpty {
            writer.blankLine()
            writeKeyInitializer(name: name, hasTypename: data.hasTypename, into: &writer)
        } else {
            fileScope.blankLine()
            writeKeyInitializer(name: name, hasTypename: data.hasTypename, into: &fileScope)
        }
        writer.blankLine()
        writer.declares("fragment_" + name)
        writer.documentation("A generated type whose selection set spreads `\(name)`.")
        writer.block("\(writer.access)protocol \(name)_Key") { writer in
            writer.documentation("Where `\(name)` was spread, for `\(name)(key:)`.")
            writer.line("var fragment_\(name): FragmentPointer { get }")
        }
    }

    private func writeKeyInitializer(name: String, hasTypename: Bool, into writer: inout SwiftWriter) {
        writer.block("extension \(qualifier)\(name)") { writer in
            writer.documentation("Reads the fragment from a value whose selection set spreads it.")
            writer.block("\(writer.access)init(key: some \(qualifier)\(name)_Key)") { writer in
                writer.line("self.init(pointer: key.fragment_\(name))")
            }
            writer.blankLine()
            writer.documentation("Makes the fragment from its data, for previews and tests.")
            writer.block("\(writer.access)init(data: Data)") { writer in
                let typename = hasTypename ? "data.__typename" : "nil"
                writer.line(
                    "self.init(fragmentPointer: FragmentPointer(data: data, typename: \(typename)), data: data)")
            }
        }
    }
}
