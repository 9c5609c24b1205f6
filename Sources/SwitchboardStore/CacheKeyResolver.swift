import Switchboard
import SwitchboardCore

/// Finds the key of a response object: the configured function, the configured key fields, a
/// registered model's primary key, or `id`.
struct CacheKeyResolver: Sendable {
    let configuration: RecordStoreConfiguration
    /// The key fields of the types seen so far in this write (the store hands each write a fresh
    /// copy), so that a list of a thousand objects of one type looks its type up once.
    private var keyFields: [String: [[UInt8]]] = [:]
    /// The types asked for last: a list's objects alternate between a few types (a post and its
    /// blog), and comparing a few type names costs less than hashing one.
    private var recent: [KeyedType] = []
    /// The bytes of the key being built, kept so that a key costs no allocation of its own.
    private var scratch: [UInt8] = []

    /// A type name and the key fields of its objects.
    private struct KeyedType {
        let typename: String
        /// The key's `Typename:` prefix.
        let prefix: [UInt8]
        let fields: [[UInt8]]
    }

    /// How many types ``recent`` holds.
    private static let recentLimit = 4

    init(configuration: RecordStoreConfiguration) {
        self.configuration = configuration
    }

    /// The key of the object at token `object` of `view`, or `nil` when it has no identity (it is
    /// then stored under its path).
    mutating func key(forObjectAt object: Int, of view: JSONTapeView, typename: String?) -> CacheKey? {
        guard let typename else { return nil }
        if let custom = configuration.cacheKey,
            case .object(let members)? = try? view.jsonValue(object),
            let key = custom(typename, members)
        {
            return key
        }
        let type = keyedType(typename)
        // The key's bytes are gathered and made a string once: no string per part.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: type.prefix)
        var hint = 0
        for (index, field) in type.fields.enumerated() {
            guard let value = view.member(field, ofObjectAt: object, hint: &hint) else { return nil }
            if index > 0 { scratch.append(UInt8(ascii: "+")) }
            guard view.appendKeyText(value, to: &scratch) else { return nil }
        }
        return CacheKey(String(decoding: scratch, as: UTF8.self))
    }

    private mutating func keyedType(_ typename: String) -> KeyedType {
        if let found = recent.first(where: { $0.typename == typename }) { return found }
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
        let type = KeyedType(typename: typename, prefix: Array((typename + ":").utf8), fields: fields)
        if recent.count == Self.recentLimit { recent.removeLast() }
        recent.insert(type, at: 0)
        return type
    }
}
