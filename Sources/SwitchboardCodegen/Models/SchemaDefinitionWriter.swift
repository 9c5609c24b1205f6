/// The parts of `+Schema.swift` files that models and embedded types share: the `CodingKeys` enum
/// and one `model.fields(…)` entry per field.
enum SchemaDefinitionWriter {
    /// `// MARK: - CodingKeys`, `public enum CodingKeys: String, ModelKey { … }` and `keys`.
    static func codingKeys(_ fields: [SwiftField], into writer: inout SwiftSourceWriter) {
        writer.line("// MARK: - CodingKeys")
        writer.blankLine()
        writer.block("public enum CodingKeys: String, ModelKey") { body in
            for field in fields { body.line("case \(field.identifier)") }
        }
        writer.blankLine()
        writer.line("public static let keys = CodingKeys.self")
    }

    /// `.field(post.title, is: .required, ofType: .string)`, `.hasMany(…)`, `.hasOne(…)` or `.belongsTo(…)`.
    static func definition(of field: SwiftField, keys: String) -> SwiftExpression {
        let key = SwiftExpression.Argument(nil, "\(keys).\(field.identifier)")
        let nullability = SwiftExpression.Argument(
            "is", field.isRequired && !field.isHasMany ? ".required" : ".optional")
        switch field.association {
        case .hasMany(let related, let associatedFields)?:
            let associated =
                associatedFields.count == 1
                ? SwiftExpression.Argument(
                    "associatedWith", "\(related).keys.\(SwiftIdentifier.escaped(associatedFields[0]))")
                : SwiftExpression.Argument(
                    "associatedFields",
                    .array(associatedFields.map { .text("\(related).keys.\(SwiftIdentifier.escaped($0))") }))
            return .call(".hasMany", [key, nullability, .init("ofType", "\(related).self"), associated])
        case .hasOne(let related, let associatedWith, let targetNames)?:
            return .call(
                ".hasOne",
                [
                    key, nullability, .init("ofType", "\(related).self"),
                    .init("associatedWith", "\(related).keys.\(SwiftIdentifier.escaped(associatedWith))"),
                    .init("targetNames", stringArray(targetNames)),
                ])
        case .belongsTo(let related, let targetNames)?:
            return .call(
                ".belongsTo",
                [key, nullability, .init("ofType", "\(related).self"), .init("targetNames", stringArray(targetNames))])
        case nil:
            var arguments = [key, nullability]
            if field.isReadOnly { arguments.append(.init("isReadOnly", "true")) }
            arguments.append(.init("ofType", fieldType(of: field)))
            if let hint = field.graphQLTypeHint {
                arguments.append(
                    .init("attributes", .array([.text(".graphQLType(\(SwiftIdentifier.stringLiteral(hint)))")])))
            }
            return .call(".field", arguments)
        }
    }

    /// The `ofType:` of a field without an association.
    private static func fieldType(of field: SwiftField) -> String {
        if field.isEmbeddedList { return ".embeddedCollection(of: \(field.elementType).self)" }
        switch field.kind {
        case .scalar(let scalar): return SwiftTypeMapping.fieldType(of: scalar)
        case .enumeration(let name): return ".enum(type: \(name).self)"
        case .embedded(let name): return ".embedded(type: \(name).self)"
        case .model(let name): return ".model(type: \(name).self)"
        }
    }

    private static func stringArray(_ values: [String]) -> SwiftExpression {
        .array(values.map { .text(SwiftIdentifier.stringLiteral($0)) })
    }
}
