import Foundation
import SwitchboardCore
import SwitchboardSQLite

/// A ``ModelStore`` in a SQLite database file: one table per model with a column per field, a
/// SQLite index per `@index` (and `@hasMany` key), WAL journaling, and one transaction per
/// write. Opening the store migrates it to the schema: new fields get columns, new or changed
/// indexes are built; a changed primary key is refused (the stored items are keyed by the old one).
///
/// Commits survive the process being killed (WAL with `synchronous=NORMAL`: a commit is in the
/// operating system's hands when it returns); only a power loss can lose the latest commits.
///
/// Writes run one at a time on the store's own connection and thread. Reads run on the calling
/// thread over read connections (``SQLiteReaders``), several at once and beside a write: WAL
/// readers never wait for the writer. (Reads on reader threads of their own measured slower for
/// single-item reads: a hand-off to another thread and back per read, and more threads than
/// cores waking each other.)
actor SQLiteStore: ModelStore {
    /// The file name of the database inside the data directory.
    static let fileName = "switchboard.sqlite"

    private let database: SQLiteDatabase
    /// The writer's own thread: a write can wait up to the busy timeout for another process's
    /// lock, which must not take a thread of the shared pool (see ``DedicatedThreadExecutor``).
    private nonisolated let executor = DedicatedThreadExecutor(name: "sb-sqlite")

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
    /// The read connections (none for a private `:memory:` database, which only its own
    /// connection sees): reads go to them in turn while writes stay on this actor's connection.
    private let readers: SQLiteReaders

    /// How long a write waits for another connection's lock on the file (another process with
    /// the database open, a backup, a database browser) before it fails, by default.
    static let defaultBusyTimeout = Duration.seconds(5)

    /// Opens (creating and migrating as needed) the database at `path` for `layouts`; a write
    /// waits up to `busyTimeout` for another connection's lock, then fails with AppSync's
    /// throttling error (see ``FailureReportingStore``).
    init(
        path: String, layouts: [TableLayout], busyTimeout: Duration = defaultBusyTimeout,
        readers readerCount: Int = defaultReaderCount
    ) throws(StoreError) {
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
        // Opened once the schema is migrated, so that they see its tables.
        var readers: [SQLiteReader] = []
        if path != ":memory:" && !path.isEmpty {
            // No busy timeout: a read that finds the file locked (WAL recovery, another process
            // holding it exclusively) must not sleep on an event loop; it goes to the writer,
            // which waits on its own thread.
            for _ in 0..<max(0, readerCount) {
                readers.append(try SQLiteReader(path: path, busyTimeoutMilliseconds: 0))
            }
        }
        self.readers = SQLiteReaders(readers)
    }

    /// How many read connections a store opens by default: one per processor, 2 to 8.
    static var defaultReaderCount: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 2), 8) }

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

    /// The result of `body` on a read connection; `nil` when the store has none or the file was
    /// locked, and the caller then reads on the writer's connection.
    private nonisolated func onReader<T: Sendable>(
        _ body: (SQLiteDatabase) throws(StoreError) -> T
    ) throws(StoreError) -> T? {
        guard !readers.isEmpty else { return nil }
        do {
            return try readers.read(body)
        } catch {
            if error.isBusy { return nil }
            throw error
        }
    }

    private nonisolated func mapping(_ table: String) throws(StoreError) -> SQLiteTableMapping {
        guard let mapping = mappings[table] else { throw StoreError("unknown table \(table)") }
        return mapping
    }

    nonisolated func item(in table: String, key: ItemKey) async throws -> JSONObject? {
        let mapping = try mapping(table)
        if let result = try onReader({ database throws(StoreError) in
            try SQLiteReads.item(in: database, mapping, key: key)
        }) {
            return result
        }
        return try await readOnWriter(mapping, key: key)
    }

    private func readOnWriter(_ mapping: SQLiteTableMapping, key: ItemKey) throws(StoreError) -> JSONObject? {
        try SQLiteReads.item(in: database, mapping, key: key)
    }

    nonisolated func query(_ query: KeyQuery) async throws -> QueryPage {
        let mapping = try mapping(query.table)
        guard mapping.layout.keySchema(index: query.index) != nil else {
            throw StoreError("unknown index \(query.table).\(query.index ?? "")")
        }
        let read = { (database: SQLiteDatabase) throws(StoreError) in try SQLiteReads.page(in: database, mapping, query)
        }
        if let page = try onReader(read) { return page }
        return try await pageOnWriter(mapping, query)
    }

    private func pageOnWriter(_ mapping: SQLiteTableMapping, _ query: KeyQuery) throws(StoreError) -> QueryPage {
        try SQLiteReads.page(in: database, mapping, query)
    }

    func write(
        in table: String, key: ItemKey, _ change: @Sendable (JSONObject?) throws -> ItemChange
    ) async throws -> WriteResult {
        let mapping = try mapping(table)
        return try database.transaction {
            let old = try SQLiteReads.item(in: database, mapping, key: key)
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
