/// Finds the key of a response object: the configured function, the configured key fields, a
/// registered model's primary key, or `id`.
struct CacheKeyResolver: Sendable {
    let configuration: RecordStoreConfiguration
    /// The key fields of the types seen so far, so that a list of a thousand objects of one type
    /// looks its type up once.
    private var keyFields: [String: [[UInt8]]] = [:]
    /// The type asked for last and its key fields: a list's objects are of one type, and comparing
    /// a type name costs less than hashing it.
    private var last: (typename: String, fields: [[UInt8]])?

    init(configuration: RecordStoreConfiguration) {
        self.configuration = configuration
    }

    /// The key of the object at token `object` of `view`, or `nil` when it has no identity (it is
    /// then stored under its path).
    mutating func key(forObjectAt object: Int, of view: JSONTapeView, typename: String?) -> CacheKey? {
        guard let typename else { return nil }
        if let custom = configuration.cacheKey,
            case .object(let members)? = try? view.value(object, builder: JSONValueTreeBuilder()),
            let key = custom(typename, members)
        {
            return key
        }
        var text = typename + ":"
        var hint = 0
        for (index, field) in keyFields(of: typename).enumerated() {
            guard let value = view.member(field, ofObjectAt: object, hint: &hint), let part = view.keyText(value)
            else { return nil }
            if index > 0 { text += "+" }
            text += part
        }
        return CacheKey(text)
    }

    private mutating func keyFields(of typename: String) -> [[UInt8]] {
        if let last, last.typename == typename { return last.fields }
        let fields: [[UInt8]]
        if let known = keyFields[typename] {
            fields = known
        } else {
            fields =
                (configuration.keyFields[typename]
                ?? ModelRegistry.modelSchema(from: typename)?.primaryKeyFieldNames
                ?? ["id"]).map { Array($0.utf8) }
            keyFields[typename] = fields
        }
        last = (typename, fields)
        return fields
    }
}
