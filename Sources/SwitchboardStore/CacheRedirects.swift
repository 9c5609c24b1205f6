import Switchboard

/// Where a query field's object already is in the store, before that field was ever fetched
/// (Apollo's cache redirects, Relay's missing field handlers): `getTodo(id: "1")` after
/// `listTodos` has stored `Todo:1`. The reader asks only when the query root lacks the field,
/// and uses the answer only when the store holds that record.
struct CacheRedirects: Sendable {
    let configured: [String: @Sendable (_ arguments: [String: JSONValue]) -> CacheKey?]
    /// Whether `get<Type>` fields are redirected without configuration.
    let automatic: Bool
    /// The configured key fields by type, which the automatic redirect builds keys with.
    let keyFields: [String: [String]]

    init(configuration: RecordStoreConfiguration) {
        configured = configuration.cacheRedirects
        // A key function could make any key; the store cannot tell which one a field returns.
        automatic = configuration.automaticCacheRedirects && configuration.cacheKey == nil
        keyFields = configuration.keyFields
    }

    /// The record `field`, with `arguments`, returns on the query root: the configured redirect
    /// for its name; else, for `get<Type>`, `<Type>:` and the values of the type's key fields (its
    /// configured ``RecordStoreConfiguration/keyFields``, a registered model's primary key, or
    /// `id`) joined by `+`, the key the store gives that type's objects, when the arguments are
    /// exactly those fields.
    func target(of field: String, arguments: [String: JSONValue]) -> CacheKey? {
        if let redirect = configured[field] { return redirect(arguments) }
        guard automatic, field.hasPrefix("get"), field.count > 3 else { return nil }
        let typename = String(field.dropFirst(3))
        let fields = keyFields[typename] ?? ModelRegistry.modelSchema(from: typename)?.primaryKeyFieldNames ?? ["id"]
        guard arguments.count == fields.count else { return nil }
        var parts: [String] = []
        for name in fields {
            guard let text = arguments[name].flatMap(Self.keyText) else { return nil }
            parts.append(text)
        }
        return CacheKey(typename + ":" + parts.joined(separator: "+"))
    }

    /// A reference to the record an object field of the query root redirects to, when `view`
    /// holds it.
    func reference(for field: PlannedField, variables: PlanVariables, in view: RecordView) -> StoredValue? {
        guard field.selectionSet != nil else { return nil }
        var arguments: [String: JSONValue] = [:]
        for argument in field.arguments {
            // An absent variable (or a null) is no key value, as it is no part of the storage key.
            let value = variables.resolve(argument.value)
            if value != .null { arguments[argument.name] = value }
        }
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
