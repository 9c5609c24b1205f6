import Foundation
import SwitchboardCore
import SwitchboardSQLite

/// Brings a database up to the schema inside the opening transaction: the metadata table and
/// the pagination secret, then per model its table, new field columns, hidden composite-key
/// columns (filled from the stored items) and indexes. Key definitions are recorded in the
/// metadata table so that a changed primary key is noticed instead of misreading the items.
struct SQLiteMigration {
    let database: SQLiteDatabase

    /// The metadata table; `__` names are reserved in GraphQL, so no model can take it.
    static let metadataTable = "\"__switchboard\""

    func paginationSecret() throws(StoreError) -> [UInt8] {
        try database.execute(
            "CREATE TABLE IF NOT EXISTS \(Self.metadataTable) (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        if let stored = try metadata("pagination-secret"), let bytes = Self.bytes(hex: stored), bytes.count == 32 {
            return bytes
        }
        let secret = SecureRandom.bytes(32)
        try setMetadata("pagination-secret", secret.map { String(format: "%02x", $0) }.joined())
        return secret
    }

    func migrate(_ mapping: SQLiteTableMapping) throws(StoreError) {
        let layout = mapping.layout
        let keyDefinition = Self.definition(layout.primaryKey)
        let columns = try existingColumns(layout.name)
        if columns.isEmpty {
            try database.execute(mapping.createTableSQL)
        } else {
            if let recorded = try metadata("key:" + layout.name), recorded != keyDefinition {
                throw StoreError(
                    "The primary key of \(layout.name) changed from \(recorded) to \(keyDefinition), but the data "
                        + "directory holds items keyed by the old one. Serve the old schema, or start with an empty "
                        + "data directory.")
            }
            for field in layout.fields where !columns.contains(field.name) {
                try database.execute(
                    "ALTER TABLE \(mapping.table) ADD COLUMN \(SQLiteDatabase.quoted(field.name)) "
                        + SQLiteTableMapping.declaredType(field.storage))
            }
        }
        try setMetadata("key:" + layout.name, keyDefinition)
        let refreshed = try existingColumns(layout.name)
        for hidden in mapping.hiddenColumns {
            let recorded = try metadata("column:\(layout.name):\(hidden.name)")
            if !refreshed.contains(hidden.name) {
                try database.execute(
                    "ALTER TABLE \(mapping.table) ADD COLUMN \(SQLiteDatabase.quoted(hidden.name)) TEXT")
            }
            if recorded != Self.definition(hidden.key) {
                try backfill(mapping, hidden)
                try setMetadata("column:\(layout.name):\(hidden.name)", Self.definition(hidden.key))
            }
        }
        for (name, key) in layout.indexes {
            let metadataKey = "index:\(layout.name):\(name)"
            if try metadata(metadataKey) != Self.definition(key) {
                try database.execute("DROP INDEX IF EXISTS \(mapping.indexName(name))")
                try setMetadata(metadataKey, Self.definition(key))
            }
            try database.execute(mapping.createIndexSQL(index: name))
        }
    }

    /// Recomputes a hidden composite-key column from the fields it joins.
    private func backfill(_ mapping: SQLiteTableMapping, _ hidden: SQLiteTableMapping.HiddenColumn) throws(StoreError) {
        let fields = hidden.key.sortFields.map(SQLiteDatabase.quoted).joined(separator: ", ")
        let rows = try database.query("SELECT rowid, \(fields) FROM \(mapping.table)")
        for row in rows {
            guard case .integer(let rowid) = row[0].value else { continue }
            let item = mapping.item(of: Array(row.dropFirst()))
            let value = hidden.key.sortValue(of: item).map { SQLiteValue.text(KeyOrder.keyText($0)) } ?? .null
            try database.query(
                "UPDATE \(mapping.table) SET \(SQLiteDatabase.quoted(hidden.name)) = ? WHERE rowid = ?",
                [value, .integer(rowid)])
        }
    }

    private func existingColumns(_ table: String) throws(StoreError) -> Set<String> {
        let rows = try database.query("PRAGMA table_info(\(SQLiteDatabase.quoted(table)))")
        return Set(
            rows.compactMap { row in
                row.first { $0.name == "name" }.flatMap { if case .text(let name) = $0.value { name } else { nil } }
            })
    }

    private func metadata(_ key: String) throws(StoreError) -> String? {
        let rows = try database.query("SELECT value FROM \(Self.metadataTable) WHERE key = ?", [.text(key)])
        guard case .text(let value)? = rows.first?.first?.value else { return nil }
        return value
    }

    private func setMetadata(_ key: String, _ value: String) throws(StoreError) {
        try database.query(
            "INSERT OR REPLACE INTO \(Self.metadataTable) (key, value) VALUES (?, ?)", [.text(key), .text(value)])
    }

    /// `pk|sk1,sk2`.
    static func definition(_ key: KeySchema) -> String {
        key.partitionField + "|" + key.sortFields.joined(separator: ",")
    }

    static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(byte)
        }
        return bytes
    }
}
