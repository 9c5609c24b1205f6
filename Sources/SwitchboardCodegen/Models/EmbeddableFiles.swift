/// `Location.swift` and `Location+Schema.swift` for a non-model type: an `Embeddable` struct with
/// public properties and a public memberwise initializer, and its schema.
struct EmbeddableFiles {
    let type: SwiftEmbeddable

    func writeStruct(into writer: inout SwiftSourceWriter) {
        writer.typeDeclaration("public struct \(type.name): Embeddable", named: type.name) { body in
            for field in type.fields {
                body.line("public var \(field.identifier): \(field.swiftType)")
            }
            body.blankLine()
            body.function("public init", parameters: type.fields.map { $0.parameter(generatesID: false) }) {
                initializer in
                for field in type.fields {
                    initializer.line("self.\(field.identifier) = \(field.identifier)")
                }
            }
        }
    }

    func writeSchema(into writer: inout SwiftSourceWriter) {
        writer.block("extension \(type.name)") { body in
            SchemaDefinitionWriter.codingKeys(type.fields, into: &body)
            body.blankLine()
            body.line("// MARK: - ModelSchema")
            body.blankLine()
            body.scope("public static let schema = defineSchema { model in") { closure in
                closure.line("let \(type.keysName) = \(type.name).keys")
                closure.blankLine()
                closure.line("model.listPluralName = \(SwiftIdentifier.stringLiteral(type.pluralName))")
                closure.line("model.syncPluralName = \(SwiftIdentifier.stringLiteral(type.pluralName))")
                closure.blankLine()
                closure.statementCall(
                    "model.fields", type.fields.map { SchemaDefinitionWriter.definition(of: $0, keys: type.keysName) })
            }
        }
    }
}
