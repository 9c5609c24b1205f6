import CSQLite
import Foundation

/// One value of a SQLite column, in SQLite's storage classes.
package enum SQLiteValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// A failure of the database or of what is stored in it: what went wrong and what to do about it.
package struct StorageError: Error, Sendable, CustomStringConvertible {
    /// What went wrong and what to do about it.
    package var description: String
    /// SQLite's extended result code, when SQLite reported the failure.
    package var resultCode: Int32?

    /// An error described by `description`, with SQLite's extended result code if it has one.
    package init(_ description: String, resultCode: Int32? = nil) {
        self.description = description
        self.resultCode = resultCode
    }

    /// Another connection (or process) holds a lock the operation waited for until its busy
    /// timeout: retrying later can succeed, unlike the other failures.
    package var isBusy: Bool {
        guard let resultCode else { return false }
        return resultCode & 0xff == SQLITE_BUSY || resultCode & 0xff == SQLITE_LOCKED
    }
}

/// A connection to a SQLite database with a cache of prepared statements, shared by the local
/// server's model store and the client's record store. Not thread-safe: one actor (or lock)
/// owns each connection and is the only one using it.
package final class SQLiteDatabase {
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    /// Opens (creating if needed) the database at `path`; `":memory:"` for a private in-memory one.
    package init(path: String) throws(StorageError) {
        // The path goes to SQLite as a C string, which would end at a NUL and name another file.
        guard !path.utf8.contains(0) else {
            throw StorageError("Cannot open a SQLite database at a path holding a NUL character.")
        }
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &connection, flags, nil)
        guard status == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let connection { sqlite3_close_v2(connection) }
            throw StorageError("Cannot open the SQLite database at \(path): \(message)")
        }
        handle = connection
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    private func failure(_ what: String) -> StorageError {
        let code = sqlite3_extended_errcode(handle)
        return StorageError(
            "SQLite \(what) failed: \(String(cString: sqlite3_errmsg(handle))) (code \(code))", resultCode: code)
    }

    /// Runs SQL without results (several statements allowed).
    package func execute(_ sql: String) throws(StorageError) {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(message)
            throw StorageError(
                "SQLite failed: \(text) in \(sql.prefix(200))", resultCode: sqlite3_extended_errcode(handle))
        }
    }

    /// Runs one statement with `bindings` and returns its rows, each a list of (column, value).
    @discardableResult
    package func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws(StorageError) -> [[(
        name: String, value: SQLiteValue
    )]] {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, value) in bindings.enumerated() {
            let position = Int32(index + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite3_bind_null(statement, position)
            case .integer(let number): status = sqlite3_bind_int64(statement, position, number)
            case .real(let number): status = sqlite3_bind_double(statement, position, number)
            case .text(let text): status = Self.bind(text, to: statement, at: position)
            case .blob(let bytes):
                // An empty array may have no address, and a NULL pointer would bind SQL NULL.
                guard !bytes.isEmpty else {
                    status = sqlite3_bind_zeroblob(statement, position, 0)
                    break
                }
                status = bytes.withUnsafeBytes { buffer in
                    sqlite3_bind_blob64(
                        statement, position, buffer.baseAddress, sqlite3_uint64(buffer.count),
                        switchboard_sqlite_transient())
                }
            }
            guard status == SQLITE_OK else { throw failure("binding a value") }
        }
        var rows: [[(name: String, value: SQLiteValue)]] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw failure("running \(sql.prefix(120))") }
            let count = sqlite3_column_count(statement)
            var row: [(name: String, value: SQLiteValue)] = []
            row.reserveCapacity(Int(count))
            for column in 0..<count {
                let name = String(cString: sqlite3_column_name(statement, column))
                row.append((name, Self.value(statement, column)))
            }
            rows.append(row)
        }
        return rows
    }

    /// Binds `text` with its UTF-8 byte count. Passed as a C string (length -1) it would end at
    /// its first NUL, and the value stored, compared or looked up would be the part before it.
    private static func bind(_ text: String, to statement: OpaquePointer, at position: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            // An empty string may have no address, and a NULL pointer would bind SQL NULL.
            guard let address = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_text(statement, position, "", 0, switchboard_sqlite_transient())
            }
            return address.withMemoryRebound(to: CChar.self, capacity: bytes.count) { characters in
                sqlite3_bind_text64(
                    statement, position, characters, sqlite3_uint64(bytes.count), switchboard_sqlite_transient(),
                    UInt8(SQLITE_UTF8))
            }
        }
    }

    /// A column's value; text is read with its byte count, so a NUL inside it is kept.
    private static func value(_ statement: OpaquePointer, _ column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, column) else { return .text("") }
            let count = Int(sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    private func prepared(_ sql: String) throws(StorageError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        // With its byte count, as values are bound: the SQL ends where the string does, not at a
        // NUL an identifier might hold.
        var text = sql
        let status = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                sqlite3_prepare_v2(handle, characters.baseAddress, Int32(characters.count), &statement, nil)
            }
        }
        guard status == SQLITE_OK, let statement else {
            throw failure("preparing \(sql.prefix(200))")
        }
        // Statements built from the schema are few; a bounded cache keeps hostile variety out.
        if statements.count >= Self.maximumCachedStatements {
            for old in statements.values { sqlite3_finalize(old) }
            statements.removeAll()
        }
        statements[sql] = statement
        return statement
    }

    /// The most prepared statements kept (the schema's reads and writes need a few per model).
    package static let maximumCachedStatements = 512

    /// Runs `body` in a transaction that takes the write lock at once; commits when `body`
    /// returns, rolls back when it throws.
    package func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// `"name"`, with embedded quotes doubled: identifiers in SQL built from schema names.
    package static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
