import GraphQLLanguage

/// Writes the schema's enums and input objects that the generated operations use.
struct SchemaTypesWriter {
    let types: SwiftTypeTable

    /// An enum with a case per value and `unknown(String)` for values added to the server's
    /// schema later, so decoding never fails on them.
    func writeEnum(_ type: SchemaType, into writer: inout SwiftWriter) {
        let names = caseNames(type.enumValues.map(\.name))
        let unknown = names.contains("unknown") ? "unknownValue" : "unknown"
        writer.documentation(type.description)
        let access = writer.access
        writer.block("\(access)enum \(types.typeName(type.name)): RawRepresentable, Codable, Sendable, Hashable") {
            writer in
            for (value, name) in zip(type.enumValues, names) {
                writer.documentation(value.description)
                writer.declares(name)
                writer.line("case \(SwiftNames.identifier(name))")
            }
            writer.documentation("A value the schema did not have when this code was generated.")
            writer.line("case \(unknown)(String)")
            writer.blankLine()
            writer.block("\(access)init(rawValue: String)") { writer in
                let cases = zip(type.enumValues, names).map { value, name in
                    "case \"\(value.name)\": self = .\(SwiftNames.member(name))"
                }
                writer.switchBlock("rawValue", cases: cases + ["default: self = .\(unknown)(rawValue)"])
            }
            writer.blankLine()
            writer.block("\(access)var rawValue: String") { writer in
                let cases = zip(type.enumValues, names).map { value, name in
                    "case .\(SwiftNames.member(name)): \"\(value.name)\""
                }
                writer.switchBlock("self", cases: cases + ["case .\(unknown)(let value): value"])
            }
        }
    }

    /// Lower camel case names, or the values as written when that would make two cases the same.
    private func caseNames(_ values: [String]) -> [String] {
        let converted = values.map(SwiftNames.enumCase)
        return Set(converted).count == converted.count ? converted : values
    }

    /// A struct with a stored property per field; nullable fields are `GraphQLNullable` and
    /// default to absent, so the memberwise initializer needs only the required ones.
    func writeInputObject(_ type: SchemaType, into writer: inout SwiftWriter) {
        var table = types
        writer.documentation(type.description)
        let access = writer.access
        writer.block("\(access)struct \(types.typeName(type.name)): Encodable, Sendable, Equatable") { writer in
            var parameters: [(name: String, declaration: String)] = []
            for field in type.inputFields {
                let (swiftType, defaultValue) = table.inputType(field.type, hasDefault: field.defaultValue != nil)
                writer.documentation(field.description)
                writer.declares(field.name)
                let declaration =
                    "\(SwiftNames.identifier(field.name)): \(swiftType)" + (defaultValue.map { " = \($0)" } ?? "")
                writer.line("\(access)var " + declaration)
                parameters.append((field.name, declaration))
            }
            guard !access.isEmpty else { return }
            // The memberwise initializer is internal; other modules need a public one.
            writer.blankLine()
            writer.documentation("Creates the input; absent optional fields are left out of the request.")
            writer.call("\(access)init", parameters.map(\.declaration), suffix: " {")
            writer.indented { writer in
                for parameter in parameters {
                    let name = SwiftNames.identifier(parameter.name)
                    writer.line("self.\(name) = \(name)")
                }
            }
            writer.line("}")
        }
    }
}
