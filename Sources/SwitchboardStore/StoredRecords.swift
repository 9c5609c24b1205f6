import Foundation
import Switchboard
import SwitchboardCore

/// A field as the store keeps it: the value and when it was written.
struct StoredField: Sendable {
    var value: StoredValue
    /// Seconds since 1970 at the write, for time to live.
    var writtenAt: Double
}

/// A record as the store keeps it.
struct StoredRecord: Sendable {
    var fields = FieldTable<StoredField>()
    /// The store's use counter at the last read or write, for least-recently-used eviction.
    var lastUsed: UInt64 = 0
    /// The estimated bytes of the record, kept current by the store as fields change.
    var size: Int = 0
    /// The store's use counter when a value of the record last changed: what a read memo checks
    /// to tell whether a value it decoded from the record still holds. A record put back by a
    /// rollback comes back with its old version, and the memo's older entries hold again.
    var version: UInt64 = 0

    /// The estimated bytes of the record stored under `key`.
    func estimatedSize(key: CacheKey) -> Int {
        var size = Self.estimatedSize(ofKey: key)
        for entry in fields.entries { size += Self.estimatedSize(ofField: entry.key, entry.value.value) }
        return size
    }

    /// The estimated bytes of a record without fields.
    static func estimatedSize(ofKey key: CacheKey) -> Int { 64 + key.rawValue.utf8.count }

    /// The estimated bytes of one field.
    static func estimatedSize(ofField storageKey: String, _ value: StoredValue) -> Int {
        32 + storageKey.utf8.count + value.estimatedSize
    }

    var typename: String? { fields["__typename"]?.value.stringValue }
}

/// Optimistic changes of one mutation, layered over the records until the mutation finishes.
struct OptimisticLayer: Sendable {
    let id: UInt64
    var records: [CacheKey: [String: StoredValue]]
}

/// What reads see: the records with the optimistic layers over them, newest layer first, and the
/// time to live in force.
struct RecordView {
    let records: [CacheKey: StoredRecord]
    let layers: [OptimisticLayer]
    let now: Double
    let configuration: RecordStoreConfiguration
    /// Whether any record can expire: most stores have no time to live, and their reads skip it.
    private let expires: Bool
    /// The store's ``RecordStore/contentVersion`` when the view was taken.
    let contentVersion: UInt64

    /// Whether a read may reuse values a ``ReadMemo`` kept: a record's version then says all
    /// there is to know about its fields. Optimistic layers and time to live change what a read
    /// sees without changing any version, so reads under either decode everything.
    var allowsMemo: Bool { layers.isEmpty && !expires }

    /// Whether the stored record `key` is at `version`.
    func isCurrent(_ key: CacheKey, version: UInt64) -> Bool { records[key]?.version == version }

    init(
        records: [CacheKey: StoredRecord], layers: [OptimisticLayer], now: Double,
        configuration: RecordStoreConfiguration, contentVersion: UInt64 = 0
    ) {
        self.records = records
        self.contentVersion = contentVersion
        self.layers = layers
        self.now = now
        self.configuration = configuration
        expires = configuration.expires
    }

    /// The fields of one record as reads see them, looked up once for all the fields a read needs.
    /// The record's position in ``records`` comes with them, so that marking it used costs no
    /// second lookup.
    func fields(of key: CacheKey) -> RecordFields? {
        let index = records.index(forKey: key)
        if layers.isEmpty && !expires {
            guard let index else { return nil }
            let record = records.values[index]
            return RecordFields(
                stored: record.fields, overlays: [], expiredBefore: nil, index: index, version: record.version)
        }
        let stored = index.map { records.values[$0] }
        var overlays: [[String: StoredValue]] = []
        for layer in layers.reversed() {
            if let fields = layer.records[key] { overlays.append(fields) }
        }
        guard stored != nil || !overlays.isEmpty else { return nil }
        let ttl = stored.flatMap { timeToLive(of: $0) }
        return RecordFields(
            stored: stored?.fields, overlays: overlays, expiredBefore: ttl.map { now - $0 }, index: index,
            version: stored?.version ?? 0)
    }

    func contains(_ key: CacheKey) -> Bool {
        if records[key] != nil { return true }
        return layers.contains { $0.records[key] != nil }
    }

    private func timeToLive(of record: StoredRecord) -> Double? {
        guard expires else { return nil }
        let duration = record.typename.flatMap { configuration.timeToLiveByType[$0] } ?? configuration.timeToLive
        return duration.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 }
    }
}

/// One record's fields as a read sees them: optimistic overlays first, then the stored fields
/// that have not expired.
struct RecordFields {
    let stored: FieldTable<StoredField>?
    let overlays: [[String: StoredValue]]
    /// Fields written before this time (seconds since 1970) have expired.
    let expiredBefore: Double?
    /// The record's position among the stored records, if it is stored rather than only optimistic.
    let index: Dictionary<CacheKey, StoredRecord>.Index?
    /// The stored record's version (see ``StoredRecord/version``).
    let version: UInt64

    /// The value of `storageKey`, looked up from `hint` (the position the field is expected at).
    @inline(__always)
    func value(_ storageKey: String, hint: Int = 0) -> StoredValue? {
        if !overlays.isEmpty {
            for overlay in overlays {
                if let value = overlay[storageKey] { return value }
            }
        }
        guard let field = stored?.value(storageKey, hint: hint) else { return nil }
        if let expiredBefore, field.writtenAt <= expiredBefore { return nil }
        return field.value
    }

    var typename: String? { value("__typename")?.stringValue }
}
