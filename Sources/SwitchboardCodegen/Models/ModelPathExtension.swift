/// `extension ModelPath where ModelType == Post`: one property per field of the lazy-load form,
/// `FieldPath`s for scalars (`string("title")`) and `ModelPath`s for associations
/// (`Comment.Path(name: "comments", isCollection: true, parent: self)`). Enum and embedded fields
/// have no path, as in Amplify's output.
struct ModelPathExtension {
    let model: SwiftModel

    func write(into writer: inout SwiftSourceWriter) {
        writer.block("extension ModelPath where ModelType == \(model.name)") { body in
            for field in model.fields {
                if let association = field.association {
                    let related = association.related
                    var arguments: [SwiftExpression.Argument] = [
                        .init("name", SwiftIdentifier.stringLiteral(field.name))
                    ]
                    if field.isHasMany { arguments.append(.init("isCollection", "true")) }
                    arguments.append(.init("parent", "self"))
                    body.block("public var \(field.identifier): ModelPath<\(related)>") { getter in
                        getter.expression(.call("\(related).Path", arguments))
                    }
                } else if let helper = SwiftTypeMapping.pathHelper(of: field.kind) {
                    body.block("public var \(field.identifier): FieldPath<\(field.elementType)>") { getter in
                        getter.line("\(helper)(\(SwiftIdentifier.stringLiteral(field.name)))")
                    }
                }
            }
        }
    }
}
