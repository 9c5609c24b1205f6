import Switchboard
import SwitchboardCore

/// Where a ``RecordStore`` keeps its records across launches: `SQLiteRecordPersistence` (in
/// `SwitchboardAPI`) or your own. The store calls it from its own isolation, one call at a time.
public protocol RecordPersistence: Sendable {
    /// Every saved record, when the store opens.
    func loadRecords() throws -> [PersistedRecord]
    /// Saves `records` (replacing what is saved under their keys) and deletes `removed`, as one
    /// transaction.
    func save(_ records: [PersistedRecord], removing removed: [CacheKey]) throws
}

/// A record as persistence keeps it: its key and its encoded fields (values and write times),
/// which only ``RecordStore`` reads.
public struct PersistedRecord: Sendable, Hashable {
    /// The record's key.
    public let key: CacheKey
    /// The record's fields, encoded as JSON.
    public let encoded: [UInt8]

    /// A record to save or that was loaded.
    public init(key: CacheKey, encoded: [UInt8]) {
        self.key = key
        self.encoded = encoded
    }
}
