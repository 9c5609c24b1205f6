import ModelTransform

/// `Post+Schema.swift`: the coding keys, the `ModelSchema` built with `defineSchema`, the
/// `ModelIdentifiable` conformance (with `identifier(…)` for custom keys) and, in the lazy-load
/// form, the `Path` class and the `ModelPath` properties that `includes:` uses.
struct ModelSchemaFile {
    let model: SwiftModel
    let options: ModelCodegenOptions

    func write(into writer: inout SwiftSourceWriter) {
        writer.block("extension \(model.name)") { body in
            SchemaDefinitionWriter.codingKeys(model.fields, into: &body)
            body.blankLine()
            body.line("// MARK: - ModelSchema")
            body.blankLine()
            body.scope("public static let schema = defineSchema { model in") { closure in
                closure.line("let \(model.keysName) = \(model.name).keys")
                closure.blankLine()
                if !model.authRules.isEmpty {
                    closure.statementArray("model.authRules = ", model.authRules.map(AuthRuleExpression.rule))
                    closure.blankLine()
                }
                closure.line("model.listPluralName = \(SwiftIdentifier.stringLiteral(model.pluralName))")
                closure.line("model.syncPluralName = \(SwiftIdentifier.stringLiteral(model.pluralName))")
                closure.blankLine()
                closure.statementCall("model.attributes", attributes)
                closure.blankLine()
                closure.statementCall(
                    "model.fields", model.fields.map { SchemaDefinitionWriter.definition(of: $0, keys: model.keysName) }
                )
            }
            if options.isLazyLoad {
                body.blankLine()
                body.line("public class Path: ModelPath<\(model.name)> {}")
                body.blankLine()
                body.line("public static var rootPath: PropertyContainerPath? { Path() }")
            }
        }
        writer.blankLine()
        identifiable(into: &writer)
        if options.isLazyLoad {
            writer.blankLine()
            ModelPathExtension(model: model).write(into: &writer)
        }
        if !model.indexQueries.isEmpty {
            writer.blankLine()
            indexQueries(into: &writer)
        }
    }

    /// `extension ModelIndexQuery where M == Post { public static var byCategory: … }`: each index
    /// with a query field, with its arguments as the transformed schema declares them.
    private func indexQueries(into writer: inout SwiftSourceWriter) {
        writer.block("extension ModelIndexQuery where M == \(model.name)") { body in
            for (position, shape) in model.indexQueries.enumerated() {
                if position > 0 { body.blankLine() }
                body.line("/// `\(shape.queryField)`, the query field of the index `\(shape.indexName)`.")
                let name = SwiftIdentifier.enumCase(shape.indexName)
                body.block("public static var \(name): ModelIndexQuery<\(model.name)>") { getter in
                    func literal(_ text: String) -> SwiftExpression { .text(SwiftIdentifier.stringLiteral(text)) }
                    var arguments: [SwiftExpression.Argument] = [
                        .init("indexName", literal(shape.indexName)), .init("queryField", literal(shape.queryField)),
                        .init("partitionKey", literal(shape.partitionKey)),
                        .init("partitionKeyType", literal(shape.partitionKeyType)),
                    ]
                    if let sortKey = shape.sortKey {
                        arguments += [
                            .init("sortKeyFields", .array(shape.sortKeyFields.map(literal))),
                            .init("sortKeyArgument", literal(sortKey.argument)),
                            .init("sortKeyInputType", literal(sortKey.inputType)),
                        ]
                    }
                    getter.expression(.call("ModelIndexQuery", arguments))
                }
            }
        }
    }

    /// `.index(fields: […], name: …)` for each index, then `.primaryKey(fields: […])`.
    private var attributes: [SwiftExpression] {
        var attributes: [SwiftExpression] = model.indexes.map { index in
            .call(
                ".index",
                [
                    .init("fields", .array(index.fields.map { .text(SwiftIdentifier.stringLiteral($0)) })),
                    .init("name", index.name.map(SwiftIdentifier.stringLiteral) ?? "nil"),
                ])
        }
        let keys = model.primaryKey.map { SwiftExpression.text("\(model.keysName).\($0.identifier)") }
        attributes.append(.call(".primaryKey", [.init("fields", .array(keys))]))
        return attributes
    }

    /// `extension Post: ModelIdentifiable`, and for custom keys `Post.IdentifierProtocol.identifier(…)`.
    private func identifiable(into writer: inout SwiftSourceWriter) {
        writer.block("extension \(model.name): ModelIdentifiable") { body in
            switch model.identifierFormat {
            case .default:
                body.line("public typealias IdentifierFormat = ModelIdentifierFormat.Default")
                body.line("public typealias IdentifierProtocol = DefaultModelIdentifier<Self>")
            case .custom:
                body.line("public typealias IdentifierFormat = ModelIdentifierFormat.Custom")
                body.line("public typealias IdentifierProtocol = ModelIdentifier<Self, ModelIdentifierFormat.Custom>")
            }
        }
        guard model.identifierFormat == .custom else { return }
        writer.blankLine()
        writer.block("extension \(model.name).IdentifierProtocol") { body in
            let parameters = model.primaryKey.map { "\($0.identifier): \($0.elementType)" }
            let head = "public static func identifier(\(parameters.joined(separator: ", "))) -> Self"
            if body.fits(head + " {") {
                body.block(head) { make(&$0) }
            } else {
                body.function("public static func identifier", parameters: parameters, trailer: " -> Self") {
                    make(&$0)
                }
            }
        }
    }

    private func make(_ writer: inout SwiftSourceWriter) {
        let fields = model.primaryKey.map { field in
            SwiftExpression.text("(name: \(SwiftIdentifier.stringLiteral(field.name)), value: \(field.identifier))")
        }
        writer.expression(.call(".make", [.init("fields", .array(fields))]))
    }
}
