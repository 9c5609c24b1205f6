import Switchboard
import SwitchboardCore

/// A record being decoded, with the fields its selection set collects for it, and the decoder
/// reading it. A class, so that the keyed container, which the standard library's box copies on
/// every call, is one reference.
final class RecordObject {
    let key: CacheKey
    let record: RecordFields
    let fields: [CollectedField]
    let decoder: RecordDecoder
    /// The decoder's coding path length when the object was reached.
    let depth: Int
    /// Where the next field lookup starts: `init(from:)`s usually ask for the fields in the
    /// document's order. Not checked for exclusive access at run time: one thread decodes.
    @exclusivity(unchecked) var nextField = 0

    init(key: CacheKey, record: RecordFields, fields: [CollectedField], decoder: RecordDecoder) {
        self.key = key
        self.record = record
        self.fields = fields
        self.decoder = decoder
        depth = decoder.path.count
    }

    /// The value of the field at `position`, or ``RecordStoreError/missingField(record:field:path:)``.
    /// A record written with the same selection set holds the field at the same position.
    @inline(__always)
    func value(at position: Int) throws -> StoredValue {
        let storageKey = storageKey(at: position)
        guard let value = record.value(storageKey, hint: position) else {
            if key == .queryRoot,
                let redirected = decoder.redirects.reference(
                    for: fields[position].field, variables: decoder.collector.variables, in: decoder.view)
            {
                return redirected
            }
            throw RecordStoreError.missingField(
                record: key, field: storageKey,
                path: decoder.responsePath(appending: JSONFieldKey(fields[position].responseKey)))
        }
        return value
    }

    /// Where the field at `position` is stored.
    func location(at position: Int) -> StoredLocation { .field(self, position: position) }

    /// The storage key of the field at `position`.
    @inline(__always)
    func storageKey(at position: Int) -> String {
        let field = fields[position].field
        // The common fixed key first: reaching the variables copies the decoder's collector.
        return field.fixedStorageKey ?? decoder.collector.variables.storageKey(of: field)
    }
}

/// Where a value is stored: a record and a field's storage key. Kept as the object and position
/// it was read from, and spelled out only for an error, so that moving from value to value costs
/// one reference rather than a storage key's lookup and two strings.
enum StoredLocation {
    /// The record a decode starts from, outside any field.
    case root(CacheKey)
    /// The field at a position among an object's collected fields.
    case field(RecordObject, position: Int)

    /// The record's key.
    var record: CacheKey {
        switch self {
        case .root(let key): key
        case .field(let object, _): object.key
        }
    }

    /// The field's storage key, empty for the root.
    var field: String {
        switch self {
        case .root: ""
        case .field(let object, let position): object.storageKey(at: position)
        }
    }
}
