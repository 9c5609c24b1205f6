import Foundation
import SwitchboardSQLite

/// A ``ModelStore`` in a SQLite database file: one table per model with a column per field, a
/// SQLite index per `@index` (and `@hasMany` key), WAL journaling, and one transaction per
/// write. Opening the store migrates it to the schema: new fields get columns, new or changed
/// indexes are built; a changed primary key is refused (the stored items are keyed by the old one).
///
/// Commits survive the process being killed (WAL with `synchronous=NORMAL`: a commit is in the
/// operating system's hands when it returns); only a power loss can lose the latest commits.
actor SQLiteStore: ModelStore {
    /// The file name of the database inside the data directory.
    static let fileName = "switchboard.sqlite"

    private let database: SQLiteDatabase
    /// The store's own thread: SQLite's calls block (a busy timeout, the disk), which must not
    /// take a thread of the shared pool (see ``DedicatedThreadExecutor``).
    private nonisolated let executor = DedicatedThreadExecutor(name: "switchboard.sqlite")

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// The busy timeout the connection runs with, in milliseconds (as SQLite reports it).
    func busyTimeoutMilliseconds() throws(StorageError) -> Int64? {
        guard case .integer(let milliseconds)? = try database.query("PRAGMA busy_timeout").first?.first?.1 else {
            return nil
        }
        return milliseconds
    }
    private let mappings: [String: SQLiteTableMapping]
    private let secret: [UInt8]

    /// How long a write waits for another connection's lock on the file (another process with
    /// the database open, a backup, a database browser) before it fails, by default.
    static let defaultBusyTimeout = Duration.seconds(5)

    /// Opens (creating and migrating as needed) the database at `path` for `layouts`; a write
    /// waits up to `busyTimeout` for another connection's lock, then fails with AppSync's
    /// throttling error (see ``FailureReportingStore``).
    init(path: String, layouts: [TableLayout], busyTimeout: Duration = defaultBusyTimeout) throws(StoreError) {
        let database = try SQLiteDatabase(path: path)
        try database.query("PRAGMA journal_mode=WAL")
        let (seconds, attoseconds) = busyTimeout.components
        let milliseconds = max(0, min(Int64(Int32.max), seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        try database.execute("PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=\(milliseconds)")
        var mappings: [String: SQLiteTableMapping] = [:]
        for layout in layouts { mappings[layout.name] = SQLiteTableMapping(layout: layout) }
        let migration = SQLiteMigration(database: database)
        do {
            secret = try database.transaction {
                let secret = try migration.paginationSecret()
                for layout in layouts { try migration.migrate(mappings[layout.name]!) }
                return secret
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError("Cannot prepare the SQLite database at \(path): \(error)")
        }
        self.database = database
        self.mappings = mappings
    }

    /// Opens the store in `directory` (created if missing) for `layouts`, waiting up to
    /// `busyTimeout` for another connection's lock on a write.
    static func open(
        directory: URL, layouts: [TableLayout], busyTimeout: Duration = defaultBusyTimeout
    ) throws(StoreError) -> SQLiteStore {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw StoreError("Cannot create the data directory \(directory.path): \(error.localizedDescription)")
        }
        return try SQLiteStore(
            path: directory.appendingPathComponent(fileName).path, layouts: layouts, busyTimeout: busyTimeout)
    }

    func paginationSecret() async throws -> [UInt8] { secret }

    private func mapping(_ table: String) throws(StoreError) -> SQLiteTableMapping {
        guard let mapping = mappings[table] else { throw StoreError("unknown table \(table)") }
        return mapping
    }

    func item(in table: String, key: ItemKey) async throws -> JSONObject? {
        let mapping = try mapping(table)
        return try read(mapping, key: key)
    }

    private func read(_ mapping: SQLiteTableMapping, key: ItemKey) throws(StoreError) -> JSONObject? {
        let condition = mapping.keyCondition(key)
        let rows = try database.query("SELECT * FROM \(mapping.table) WHERE \(condition.sql)", condition.values)
        return rows.first.map(mapping.item(of:))
    }

    func query(_ query: KeyQuery) async throws -> QueryPage {
        let mapping = try mapping(query.table)
        guard mapping.layout.keySchema(index: query.index) != nil else {
            throw StoreError("unknown index \(query.table).\(query.index ?? "")")
        }
        let select = mapping.select(query)
        let rows = try database.query(select.sql, select.values)
        var items: [JSONObject] = []
        var bytes = 0
        for row in rows {
            let item = mapping.item(of: row)
            items.append(item)
            bytes += item.approximateSize
            if bytes >= query.maximumBytes { break }
        }
        let full = items.count >= query.limit || bytes >= query.maximumBytes
        let cursor = full ? items.last.map { mapping.layout.cursor(of: $0, index: query.index) } : nil
        return QueryPage(items: items, cursor: cursor)
    }

    func write(
        in table: String, key: ItemKey, _ change: @Sendable (JSONObject?) throws -> ItemChange
    ) async throws -> WriteResult {
        let mapping = try mapping(table)
        return try database.transaction {
            let old = try read(mapping, key: key)
            switch try change(old) {
            case .put(let item):
                guard mapping.layout.primaryKey.key(of: item) == key else {
                    throw StoreError("the item written to \(table) does not have the key it was written at")
                }
                let row = mapping.row(of: item)
                let sql =
                    "INSERT OR REPLACE INTO \(mapping.table) ("
                    + row.columns.map(SQLiteDatabase.quoted).joined(separator: ", ")
                    + ") VALUES (" + Array(repeating: "?", count: row.values.count).joined(separator: ", ") + ")"
                try database.query(sql, row.values)
                return WriteResult(old: old, new: item)
            case .delete:
                let condition = mapping.keyCondition(key)
                try database.query("DELETE FROM \(mapping.table) WHERE \(condition.sql)", condition.values)
                return WriteResult(old: old, new: nil)
            }
        }
    }

    /// Moves the write-ahead log into the database file (a clean shutdown; not needed for safety).
    func close() async {
        _ = try? database.query("PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
