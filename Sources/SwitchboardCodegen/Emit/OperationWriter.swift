import GraphQLLanguage

/// Writes an operation's struct: `HeroAsDroidQuery` with its name, document, variables and `Data`.
struct OperationWriter {
    /// What the struct is made of.
    struct Operation {
        var typeName: String
        var kind: OperationType
        var name: String
        var document: String
        var variables: [Variable]
        var data: SelectionSetShape
        /// Each type condition in the document and the object types that satisfy it.
        var possibleTypes: [String: Set<String>]
    }

    /// One variable: a stored property of `Variables` and a parameter of the initializer.
    struct Variable {
        var name: String
        var type: String
        var defaultValue: String?
    }

    func write(_ operation: Operation, into writer: inout SwiftWriter) {
        let conformance = [
            "query": "GraphQLQuery", "mutation": "GraphQLMutation", "subscription": "GraphQLSubscription",
        ]
        let access = writer.access
        writer.block(
            "\(access)struct \(operation.typeName): \(conformance[operation.kind.rawValue] ?? "GraphQLQuery")"
        ) { writer in
            writer.line("\(access)static let operationName = \"\(operation.name)\"")
            DocumentLiteral(text: operation.document).write("\(access)static let document =", into: &writer)
            Self.writePossibleTypes(operation.possibleTypes, into: &writer)
            if !operation.variables.isEmpty {
                writer.blankLine()
                writer.line("\(access)var variables: Variables")
                writer.blankLine()
                writeInitializer(operation.variables, into: &writer)
                writer.blankLine()
                writeVariables(operation.variables, into: &writer)
            }
            writer.blankLine()
            SelectionSetWriter().write(operation.data, into: &writer)
        }
    }

    /// The type conditions' object types, for the record store; nothing when the document has no
    /// type condition.
    static func writePossibleTypes(_ possibleTypes: [String: Set<String>], into writer: inout SwiftWriter) {
        guard !possibleTypes.isEmpty else { return }
        let entries = possibleTypes.sorted(by: { $0.key < $1.key }).map { condition, types in
            "\"\(condition)\": [" + types.sorted().map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        }
        let declaration = "\(writer.access)static let possibleTypes: [String: Set<String>] = ["
        let single = declaration + entries.joined(separator: ", ") + "]"
        // swift-format breaks a collection literal that ends at the last column.
        if writer.fits(single, margin: 1) {
            writer.line(single)
            return
        }
        writer.line(declaration)
        writer.indented { writer in
            // swift-format wants a trailing comma after each element only when there are several.
            for entry in entries { writer.line(entries.count > 1 ? entry + "," : entry) }
        }
        writer.line("]")
    }

    private func writeInitializer(_ variables: [Variable], into writer: inout SwiftWriter) {
        let parameters = variables.map { variable in
            "\(SwiftNames.identifier(variable.name)): \(variable.type)"
                + (variable.defaultValue.map { " = \($0)" } ?? "")
        }
        writer.call("\(writer.access)init", parameters, suffix: " {")
        // A variable called `variables` would shadow the property.
        let property = variables.contains { $0.name == "variables" } ? "self.variables" : "variables"
        writer.indented { writer in
            writer.call(
                "\(property) = Variables", variables.map { "\($0.name): \(SwiftNames.identifier($0.name))" })
        }
        writer.line("}")
    }

    private func writeVariables(_ variables: [Variable], into writer: inout SwiftWriter) {
        writer.block("\(writer.access)struct Variables: Encodable, Sendable, Equatable") { writer in
            for variable in variables {
                writer.declares(variable.name)
                writer.line(
                    "\(writer.access)var \(SwiftNames.identifier(variable.name)): \(variable.type)"
                        + (variable.defaultValue.map { " = \($0)" } ?? ""))
            }
        }
    }
}
