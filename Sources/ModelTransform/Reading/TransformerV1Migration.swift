import GraphQLLanguage

/// Answers each use of a Transformer v1 directive (`@key`, `@connection`, `@versioned`) with the
/// Transformer v2 directive that says the same thing, written out for the field it belongs on.
struct TransformerV1Migration {
    let objectTypes: [String: TypeDefinition]

    /// The message for `@key(...)` on `type`.
    func keyMessage(_ directive: Directive, on type: TypeDefinition) -> String {
        let fields = directive.stringList("fields") ?? []
        guard let partitionKey = fields.first else {
            return
                "@key is a Transformer v1 directive and needs fields:; Transformer v2 puts @primaryKey or @index on the key field of \(type.name)"
        }
        let sortKeys = Array(fields.dropFirst())
        var arguments: [String] = []
        let replacement: String
        if let name = directive.string("name") {
            arguments.append("name: \(Printer.quoted(name))")
            if !sortKeys.isEmpty { arguments.append("sortKeyFields: \(Self.list(sortKeys))") }
            if let queryField = directive.string("queryField") {
                arguments.append("queryField: \(Printer.quoted(queryField))")
            }
            replacement = "@index"
        } else {
            if !sortKeys.isEmpty { arguments.append("sortKeyFields: \(Self.list(sortKeys))") }
            replacement = "@primaryKey"
        }
        let written = arguments.isEmpty ? replacement : "\(replacement)(\(arguments.joined(separator: ", ")))"
        return "@key is a Transformer v1 directive; in Transformer v2 write \(written) on the field "
            + "\(type.name).\(partitionKey) instead of @key on the type"
    }

    /// The message for `@connection(...)` on `field` of `type`.
    func connectionMessage(_ directive: Directive, field: FieldDefinition, of type: TypeDefinition) -> String {
        let fields = directive.stringList("fields")
        let keyName = directive.string("keyName")
        var arguments: [String] = []
        let replacement: String
        if case .list = field.type.nullable {
            replacement = "@hasMany"
            if let keyName { arguments.append("indexName: \(Printer.quoted(keyName))") }
            if let fields { arguments.append("fields: \(Self.list(fields))") }
            if let limit = directive.argument("limit")?.value.intValue { arguments.append("limit: \(limit)") }
        } else {
            replacement = belongsToListSide(directive, field: field, of: type) ? "@belongsTo" : "@hasOne"
            if let fields { arguments.append("fields: \(Self.list(fields))") }
        }
        let written = arguments.isEmpty ? replacement : "\(replacement)(\(arguments.joined(separator: ", ")))"
        var message =
            "@connection is a Transformer v1 directive; in Transformer v2 write \(written) on \(type.name).\(field.name)"
        if directive.argument("name") != nil {
            message += " (a named connection becomes @hasMany on the list side and @belongsTo on the other)"
        }
        return message
    }

    /// The message for `@versioned`.
    static let versionedMessage =
        "@versioned is a Transformer v1 directive that Transformer v2 removed; enable conflict detection "
        + "(DataStore's versioning) for the API instead"

    /// Whether a single-valued connection is the child side of a list connection on the related type:
    /// the same `name:`, or (with `fields:`) any list connection back to `type`. A bare connection is
    /// v1's one-way has-one.
    private func belongsToListSide(_ directive: Directive, field: FieldDefinition, of type: TypeDefinition) -> Bool {
        let name = directive.string("name")
        guard name != nil || directive.argument("fields") != nil,
            let related = objectTypes[field.type.namedType]
        else { return false }
        return related.fields.contains { candidate in
            guard candidate.type.namedType == type.name, case .list = candidate.type.nullable,
                let connection = candidate.directives.first(where: { $0.name == "connection" })
            else { return false }
            return name == nil || connection.string("name") == name
        }
    }

    private static func list(_ names: [String]) -> String {
        "[" + names.map(Printer.quoted).joined(separator: ", ") + "]"
    }
}
