/// Finds the key of a response object: the configured function, the configured key fields, a
/// registered model's primary key, or `id`.
struct CacheKeyResolver: Sendable {
    let configuration: RecordStoreConfiguration
    /// The key fields of the types seen so far, so that a list of a thousand objects of one type
    /// looks its type up once.
    private var keyFields: [String: [String]] = [:]

    init(configuration: RecordStoreConfiguration) {
        self.configuration = configuration
    }

    /// The object's key, or `nil` when it has no identity (it is then stored under its path).
    mutating func key(for object: [String: JSONValue], typename: String?) -> CacheKey? {
        guard let typename else { return nil }
        if let custom = configuration.cacheKey, let key = custom(typename, object) { return key }
        let fields = keyFields(of: typename)
        var text = typename + ":"
        for (index, field) in fields.enumerated() {
            guard let value = object[field], let part = CacheKeyResolver.text(of: value) else { return nil }
            if index > 0 { text += "+" }
            text += part
        }
        return CacheKey(text)
    }

    private mutating func keyFields(of typename: String) -> [String] {
        if let known = keyFields[typename] { return known }
        let fields =
            configuration.keyFields[typename]
            ?? ModelRegistry.modelSchema(from: typename)?.primaryKeyFieldNames
            ?? ["id"]
        keyFields[typename] = fields
        return fields
    }

    private static func text(of value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .number, .boolean: value.jsonText
        case .null, .array, .object: nil
        }
    }
}
