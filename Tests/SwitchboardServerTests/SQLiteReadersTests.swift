import Foundation
import SwitchboardSQLite
import Testing

@testable import SwitchboardServer

/// The SQLite store's read connections: a read takes whichever is free on the thread that
/// reads, and none of them can write.
struct SQLiteReadersTests {
    private static func database() throws -> (path: String, writer: SQLiteDatabase, cleanUp: () -> Void) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sb-readers-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("store.sqlite").path
        let writer = try SQLiteDatabase(path: path)
        try writer.query("PRAGMA journal_mode=WAL")
        try writer.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)")
        return (path, writer, { try? FileManager.default.removeItem(at: directory) })
    }

    private static func count(_ database: SQLiteDatabase) throws(StoreError) -> Int {
        guard case .integer(let count)? = try database.query("SELECT count(*) FROM t").first?.first?.1 else {
            return -1
        }
        return Int(count)
    }

    @Test func aReadTakesAFreeConnectionWhileAnotherIsHeldAndSeesTheLatestCommit() throws {
        let (path, writer, cleanUp) = try Self.database()
        defer { cleanUp() }
        let readers = SQLiteReaders([
            try SQLiteReader(path: path, busyTimeoutMilliseconds: 1_000),
            try SQLiteReader(path: path, busyTimeoutMilliseconds: 1_000),
        ])
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread {
            _ = try? readers.read { database throws(StoreError) in
                holding.signal()
                release.wait()
                return try Self.count(database)
            }
            done.signal()
        }.start()
        holding.wait()
        // One connection is held inside a read; the next reads do not wait for it, the second
        // of them though its turn falls on the held one.
        try writer.execute("INSERT INTO t VALUES (2)")
        #expect(try readers.read { database throws(StoreError) in try Self.count(database) } == 2)
        #expect(try readers.read { database throws(StoreError) in try Self.count(database) } == 2)
        release.signal()
        done.wait()
    }

    @Test func aReadConnectionRefusesToWrite() throws {
        let (path, _, cleanUp) = try Self.database()
        defer { cleanUp() }
        let readers = SQLiteReaders([try SQLiteReader(path: path, busyTimeoutMilliseconds: 1_000)])
        #expect(throws: StoreError.self) {
            try readers.read { database throws(StoreError) in try database.execute("INSERT INTO t VALUES (3)") }
        }
        #expect(try readers.read { database throws(StoreError) in try Self.count(database) } == 1)
    }
}
