import Switchboard
import SwitchboardCore

/// The value of one field of a ``Record``: a scalar (or `null`), a reference to another record,
/// or a list of those.
public enum RecordValue: Sendable, Hashable {
    /// A leaf value as the server sent it: a string, number, Boolean, `null`, or the JSON of a
    /// custom scalar such as `AWSJSON`.
    case scalar(JSONValue)
    /// An object, stored as its own record.
    case reference(CacheKey)
    /// A list of values, possibly nested.
    case list([RecordValue])
}

/// One normalized object in a ``RecordStore``: its fields by storage key (the field name, with
/// its arguments when it has any).
public struct Record: Sendable, Hashable {
    /// The record's key.
    public let key: CacheKey
    /// The record's fields by storage key.
    public var fields: [String: RecordValue]

    /// A record with the given fields.
    public init(key: CacheKey, fields: [String: RecordValue] = [:]) {
        self.key = key
        self.fields = fields
    }

    /// The record's `__typename`, when it was stored.
    public var typename: String? {
        if case .scalar(.string(let name)) = fields["__typename"] { return name }
        return nil
    }

    /// The value of the field stored under `storageKey`.
    public subscript(storageKey: String) -> RecordValue? {
        get { fields[storageKey] }
        set { fields[storageKey] = newValue }
    }
}
