import Foundation
import SwitchboardCore
import SwitchboardSQLite
import SwitchboardStore

/// Saves a `RecordStore`'s records in a SQLite database file, so that a relaunched app reads
/// the data it had before asking the network.
///
/// ```swift
/// let url = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
///     .appendingPathComponent("records.sqlite")
/// let store = try RecordStore(persistence: SQLiteRecordPersistence(path: url.path))
/// try Switchboard.API.setStore(store)
/// ```
///
/// One table holds one row per record. The database uses write-ahead logging, and each save is
/// one transaction. A file written by another version of this format is refused with an error
/// that says so; delete it to start empty.
public final class SQLiteRecordPersistence: RecordPersistence {
    /// The connection, used by one caller at a time.
    private let database: Locked<SQLiteDatabase>
    private let path: String

    /// The version of the table layout this type writes.
    static let formatVersion = 1

    /// Opens (creating if needed) the database at `path`.
    public init(path: String) throws {
        self.path = path
        do {
            let connection = try SQLiteDatabase(path: path)
            try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;")
            let version = try connection.query("PRAGMA user_version").first?.first?.value
            switch version {
            case .integer(0)?, nil:
                try connection.execute(
                    """
                    CREATE TABLE IF NOT EXISTS records (key TEXT PRIMARY KEY NOT NULL, record BLOB NOT NULL) WITHOUT ROWID;
                    PRAGMA user_version = \(Self.formatVersion);
                    """)
            case .integer(Int64(Self.formatVersion))?:
                break
            default:
                throw StorageError(
                    "\(path) holds records of format \(version.map { "\($0)" } ?? "?"), not \(Self.formatVersion); "
                        + "delete the file to start with an empty store.")
            }
            database = Locked(connection)
        } catch let error as StorageError {
            throw RecordStoreError.persistence(error.description)
        }
    }

    /// Every saved record.
    public func loadRecords() throws -> [PersistedRecord] {
        try database.withLock { database in
            do {
                return try database.query("SELECT key, record FROM records").map { row in
                    guard case .text(let key) = row[0].value, case .blob(let bytes) = row[1].value else {
                        throw StorageError("\(path) has a record row that is not (text, blob).")
                    }
                    return PersistedRecord(key: CacheKey(key), encoded: bytes)
                }
            } catch let error as StorageError {
                throw RecordStoreError.persistence(error.description)
            }
        }
    }

    /// Saves `records` and deletes `removed` in one transaction.
    public func save(_ records: [PersistedRecord], removing removed: [CacheKey]) throws {
        try database.withLock { database in
            do {
                try database.transaction {
                    for record in records {
                        try database.query(
                            "INSERT OR REPLACE INTO records (key, record) VALUES (?, ?)",
                            [.text(record.key.rawValue), .blob(record.encoded)])
                    }
                    for key in removed {
                        try database.query("DELETE FROM records WHERE key = ?", [.text(key.rawValue)])
                    }
                }
            } catch let error as StorageError {
                throw RecordStoreError.persistence(error.description)
            }
        }
    }
}
