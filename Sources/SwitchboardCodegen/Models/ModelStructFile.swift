/// `Post.swift`: the model struct with its stored properties and initializers, and in the lazy-load
/// form the `LazyReference` accessors, the `setPost(_:)` setters and the `Codable` conformance.
struct ModelStructFile {
    let model: SwiftModel
    let options: ModelCodegenOptions

    /// How a field is stored.
    enum Storage {
        /// A stored property of the field's type.
        case plain
        /// `_post: LazyReference<Post>` behind an async accessor (lazy-load form).
        case lazyReference
        /// `_post: AssociatedModelBox<Post?>` behind a computed property (classic form, models that
        /// refer to each other).
        case box
    }

    func storage(of field: SwiftField) -> Storage {
        if options.isLazyLoad && field.isSingleAssociation { return .lazyReference }
        return field.isBoxed ? .box : .plain
    }

    func write(into writer: inout SwiftSourceWriter) {
        writer.typeDeclaration("public struct \(model.name): Model", named: model.name) { body in
            for field in model.fields { property(field, into: &body) }
            body.blankLine()
            initializers(into: &body)
            if options.isLazyLoad {
                for field in model.fields where field.isSingleAssociation {
                    body.blankLine()
                    setter(field, into: &body)
                }
            }
            if model.needsCustomCoding(lazyLoad: options.isLazyLoad) {
                body.blankLine()
                ModelCoding(fields: model.fields.map { ($0, storage(of: $0)) }).write(into: &body)
            }
        }
    }

    private func property(_ field: SwiftField, into writer: inout SwiftSourceWriter) {
        switch storage(of: field) {
        case .plain:
            writer.line("public \(field.isPrimaryKey ? "let" : "var") \(field.identifier): \(field.swiftType)")
        case .lazyReference:
            writer.line("internal var _\(field.name): LazyReference<\(field.elementType)>")
            writer.block("public var \(field.identifier): \(field.swiftType)") { accessor in
                accessor.block("get async throws") { getter in
                    getter.line("try await _\(field.name).\(field.isRequired ? "require" : "get")()")
                }
            }
        case .box:
            writer.line("internal var _\(field.name): AssociatedModelBox<\(field.swiftType)>")
            writer.block("public var \(field.identifier): \(field.swiftType)") { accessor in
                accessor.line("get { _\(field.name).value }")
                accessor.line("set { _\(field.name) = AssociatedModelBox(newValue) }")
            }
        }
    }

    /// The public initializer of the writable fields and, when the model has read-only fields, the
    /// internal one that also sets them; without read-only fields, one public initializer.
    private func initializers(into writer: inout SwiftSourceWriter) {
        guard model.hasReadOnlyFields else {
            memberwiseInitializer(access: "public", into: &writer)
            return
        }
        writer.function("public init", parameters: model.writableFields.map(\.parameter)) { body in
            let arguments = model.fields.map { field in
                "\(SwiftIdentifier.argumentLabel(field.name)): \(field.isReadOnly ? "nil" : field.identifier)"
            }
            body.statementCall("self.init", arguments.map(SwiftExpression.text), closingOnLastLine: true)
        }
        writer.blankLine()
        memberwiseInitializer(access: "internal", into: &writer)
    }

    private func memberwiseInitializer(access: String, into writer: inout SwiftSourceWriter) {
        writer.function("\(access) init", parameters: model.fields.map(\.parameter)) { body in
            for field in model.fields {
                switch storage(of: field) {
                case .plain: body.assignment("self.\(field.identifier)", .text(field.identifier))
                case .lazyReference:
                    body.assignment("self._\(field.name)", .call("LazyReference", [.init(nil, field.identifier)]))
                case .box:
                    body.assignment("self._\(field.name)", .call("AssociatedModelBox", [.init(nil, field.identifier)]))
                }
            }
        }
    }

    /// `public mutating func setPost(_ post: Post? = nil)`, which replaces a lazy reference.
    private func setter(_ field: SwiftField, into writer: inout SwiftSourceWriter) {
        let head = "public mutating func set\(SwiftIdentifier.upperFirst(field.name))"
        let parameter = "_ \(field.identifier): \(field.swiftType)" + (field.isRequired ? "" : " = nil")
        let body: (inout SwiftSourceWriter) -> Void = { body in
            body.assignment("self._\(field.name)", .call("LazyReference", [.init(nil, field.identifier)]))
        }
        if writer.fits("\(head)(\(parameter)) {") {
            writer.block("\(head)(\(parameter))", body)
        } else {
            writer.function(head, parameters: [parameter], body)
        }
    }
}
