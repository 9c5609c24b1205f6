import SwitchboardCore
import SwitchboardSQLite

/// A read connection of the store, used under a lock on the thread that reads (an event loop's,
/// usually): no hand-off to another thread and back per read. WAL lets readers run beside each
/// other and beside the writer, each seeing the commits made before its read began, and a
/// reader never waits for the writer.
final class SQLiteReader: Sendable {
    private let connection: Locked<SQLiteDatabase>

    /// Opens a connection to the database at `path`, which the writer has created and migrated.
    init(path: String, busyTimeoutMilliseconds: Int64) throws(StoreError) {
        let database = try SQLiteDatabase(path: path)
        // query_only: a bug that sent a write here fails instead of taking the write lock.
        try database.execute("PRAGMA query_only=ON; PRAGMA busy_timeout=\(busyTimeoutMilliseconds)")
        connection = Locked(database)
    }

    /// Runs `body` on the connection if no other thread is using it.
    func ifFree<T: Sendable>(_ body: (SQLiteDatabase) throws(StoreError) -> T) throws(StoreError) -> T? {
        try connection.withLockIfAvailable { database throws(StoreError) in try body(database) }
    }

    /// Runs `body` on the connection, waiting for the thread using it.
    func run<T: Sendable>(_ body: (SQLiteDatabase) throws(StoreError) -> T) throws(StoreError) -> T {
        try connection.withLock { database throws(StoreError) in try body(database) }
    }
}

/// The store's read connections: a read takes the first free one from its turn on, or waits for
/// the one whose turn it is when all are busy.
struct SQLiteReaders: Sendable {
    private let readers: [SQLiteReader]
    private let turn = Locked(0)

    init(_ readers: [SQLiteReader]) { self.readers = readers }

    var isEmpty: Bool { readers.isEmpty }

    func read<T: Sendable>(_ body: (SQLiteDatabase) throws(StoreError) -> T) throws(StoreError) -> T {
        let first = turn.withLock { turn in
            defer { turn = (turn + 1) % readers.count }
            return turn
        }
        for offset in 0..<readers.count {
            if let result = try readers[(first + offset) % readers.count].ifFree(body) { return result }
        }
        return try readers[first].run(body)
    }
}
