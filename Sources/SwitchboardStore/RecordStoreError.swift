import Switchboard
import SwitchboardCore

/// Why the record store could not read or write.
public enum RecordStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A read needed a record or a field that the store does not hold (or that expired).
    /// `path` is the response path of the missing value (`hero.friends.0.name`).
    case missingField(record: CacheKey, field: String, path: String)
    /// A read needed a record that the store does not hold at all.
    case missingRecord(CacheKey, path: String)
    /// A value does not have the shape its selection needs (an object where a scalar was stored).
    case unexpectedValue(record: CacheKey, field: String, path: String, found: String)
    /// The operation's or fragment's document could not be planned.
    case invalidDocument(String)
    /// The data given to a write is not an object.
    case invalidData(String)
    /// The store already serves ``RecordStoreConfiguration/maximumWatchers`` watchers.
    case tooManyWatchers(limit: Int)
    /// The persistent store could not be opened, read or written.
    case persistence(String)

    /// What went wrong and where.
    public var description: String {
        switch self {
        case .missingField(let record, let field, let path):
            "The store has no value for \(field) of record \(record) (response path \(display(path)))."
        case .missingRecord(let record, let path):
            "The store has no record \(record) (response path \(display(path)))."
        case .unexpectedValue(let record, let field, let path, let found):
            "The store holds \(found) for \(field) of record \(record) (response path \(display(path))), "
                + "which does not match the selection."
        case .invalidDocument(let reason): reason
        case .invalidData(let reason): reason
        case .tooManyWatchers(let limit):
            "The store already serves \(limit) watchers (RecordStoreConfiguration.maximumWatchers); "
                + "cancel watchers that are no longer shown."
        case .persistence(let reason): "The store's database failed: \(reason)"
        }
    }

    /// Whether the error means the data is not (or no longer) in the store, as opposed to a
    /// mistake in the request.
    public var isCacheMiss: Bool {
        switch self {
        case .missingField, .missingRecord, .unexpectedValue: true
        default: false
        }
    }

    private func display(_ path: String) -> String { path.isEmpty ? "<root>" : path }
}
