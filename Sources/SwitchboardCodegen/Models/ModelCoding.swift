/// The `init(from:)` and `encode(to:)` of a model with a field stored under another name than its
/// coding key: a `LazyReference` (`_post`) reads and writes the `post` key, and a missing reference
/// is an empty one; a boxed model decodes into its box. A missing `hasMany` is an empty list, as in
/// Amplify's output. Optional fields use `decodeIfPresent`, so a value of the wrong type is an
/// error rather than a silent `nil`.
struct ModelCoding {
    let fields: [(field: SwiftField, storage: ModelStructFile.Storage)]

    /// The locals of the two functions; a field of the same name is written `self.values`.
    static let locals: Set<String> = ["values", "container", "decoder", "encoder"]

    /// The property a field is stored in, as these functions refer to it.
    private func property(_ field: SwiftField, storage: ModelStructFile.Storage) -> String {
        let name = storage == .plain ? field.identifier : "_\(field.name)"
        return Self.locals.contains(name) ? "self.\(name)" : name
    }

    func write(into writer: inout SwiftSourceWriter) {
        writer.block("public init(from decoder: any Decoder) throws") { body in
            body.line("let values = try decoder.container(keyedBy: CodingKeys.self)")
            for (field, storage) in fields { decode(field, storage: storage, into: &body) }
        }
        writer.blankLine()
        writer.block("public func encode(to encoder: any Encoder) throws") { body in
            body.line("var container = encoder.container(keyedBy: CodingKeys.self)")
            for (field, storage) in fields {
                let value = storage == .lazyReference ? property(field, storage: storage) : plainValue(field)
                body.expression(
                    .call("try container.encode", [.init(nil, value), .init("forKey", ".\(field.identifier)")]))
            }
        }
    }

    /// The value `encode(to:)` writes for a field that is not a lazy reference (a boxed model is read
    /// through its computed property).
    private func plainValue(_ field: SwiftField) -> String {
        Self.locals.contains(field.name) ? "self.\(field.identifier)" : field.identifier
    }

    private func decode(_ field: SwiftField, storage: ModelStructFile.Storage, into writer: inout SwiftSourceWriter) {
        let key = SwiftExpression.Argument("forKey", ".\(field.identifier)")
        let target = property(field, storage: storage)
        switch storage {
        case .lazyReference:
            let reference = SwiftExpression.call(
                "try values.decodeIfPresent", [.init(nil, "LazyReference<\(field.elementType)>.self"), key])
            writer.assignment(target, .coalescing(reference, .text("LazyReference(identifiers: nil)")))
        case .box:
            writer.assignment(target, .call("AssociatedModelBox", [.init(nil, value(of: field, key: key))]))
        case .plain where field.isHasMany:
            let list = SwiftExpression.call("try values.decodeIfPresent", [.init(nil, "\(field.swiftType).self"), key])
            writer.assignment(target, .coalescing(list, .text(".init()")))
        case .plain:
            writer.assignment(target, value(of: field, key: key))
        }
    }

    /// `try values.decode(T.self, forKey: .x)` for a required field, `decodeIfPresent` for an optional one.
    private func value(of field: SwiftField, key: SwiftExpression.Argument) -> SwiftExpression {
        let type = field.isRequired ? field.swiftType : String(field.swiftType.dropLast())
        let method = field.isRequired ? "try values.decode" : "try values.decodeIfPresent"
        return .call(method, [.init(nil, "\(type).self"), key])
    }
}
