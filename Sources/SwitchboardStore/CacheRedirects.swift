import Switchboard

/// Where a query field's object already is in the store, before that field was ever fetched
/// (Apollo's cache redirects, Relay's missing field handlers): `getTodo(id: "1")` after
/// `listTodos` has stored `Todo:1`. The reader asks only when the query root lacks the field,
/// and uses the answer only when the store holds that record.
struct CacheRedirects: Sendable {
    let configured: [String: @Sendable (_ arguments: [String: JSONValue]) -> CacheKey?]

    /// The record `field`, with `arguments`, returns on the query root: the configured redirect
    /// for its name, else for `get<Model>` of a registered model with every primary key field
    /// given, `<Model>:<key values joined by +>` (the key the store gives that model's objects),
    /// else for `get<Type>(id:)`, `<Type>:<id>`.
    func target(of field: String, arguments: [String: JSONValue]) -> CacheKey? {
        if let redirect = configured[field] { return redirect(arguments) }
        guard field.hasPrefix("get"), field.count > 3 else { return nil }
        let typename = String(field.dropFirst(3))
        guard let schema = ModelRegistry.modelSchema(from: typename) else {
            // AppSync's convention without registered models: `getTodo(id:)` returns `Todo:<id>`,
            // the key the store gives objects with an `id`.
            guard arguments.count == 1, let id = arguments["id"].flatMap(Self.keyText) else { return nil }
            return CacheKey(typename + ":" + id)
        }
        var parts: [String] = []
        for name in schema.primaryKeyFieldNames {
            guard let text = arguments[name].flatMap(Self.keyText) else { return nil }
            parts.append(text)
        }
        return CacheKey(schema.name + ":" + parts.joined(separator: "+"))
    }

    /// A reference to the record an object field of the query root redirects to, when `view`
    /// holds it.
    func reference(for field: PlannedField, variables: PlanVariables, in view: RecordView) -> StoredValue? {
        guard field.selectionSet != nil else { return nil }
        var arguments: [String: JSONValue] = [:]
        for argument in field.arguments { arguments[argument.name] = variables.resolve(argument.value) }
        guard let target = target(of: field.name, arguments: arguments), view.fields(of: target) != nil else {
            return nil
        }
        return .reference(target)
    }

    /// A key part as ``CacheKeyResolver`` writes it from a response: a string's text, a number
    /// or a Boolean as JSON writes it.
    private static func keyText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .number, .boolean: value.jsonText
        default: nil
        }
    }
}
