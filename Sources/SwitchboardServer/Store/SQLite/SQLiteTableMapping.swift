import SwitchboardSQLite

/// How one ``TableLayout`` maps onto a SQLite table: a column per stored field (named after
/// it), hidden `__sk…` columns holding `#`-joined composite sort keys, and the SQL of the
/// table's reads and writes. Items convert to and from rows here.
struct SQLiteTableMapping: Sendable {
    let layout: TableLayout
    private let storage: [String: TableLayout.Storage]

    init(layout: TableLayout) {
        self.layout = layout
        var storage: [String: TableLayout.Storage] = [:]
        for field in layout.fields { storage[field.name] = field.storage }
        self.storage = storage
    }

    var table: String { SQLiteDatabase.quoted(layout.name) }

    // MARK: Columns

    /// A hidden column holding a composite sort key.
    struct HiddenColumn: Sendable, Hashable {
        var name: String
        var key: KeySchema
    }

    /// The hidden composite-key columns: `__sk` for the primary key, `__sk_<index>` per index.
    var hiddenColumns: [HiddenColumn] {
        var columns: [HiddenColumn] = []
        if layout.primaryKey.sortFields.count > 1 { columns.append(HiddenColumn(name: "__sk", key: layout.primaryKey)) }
        for (name, key) in layout.indexes where key.sortFields.count > 1 {
            columns.append(HiddenColumn(name: "__sk_" + name, key: key))
        }
        return columns
    }

    /// The column holding the sort key of `index` (`nil`: the table's), if it has one.
    func sortColumn(index: String?) -> String? {
        guard let key = layout.keySchema(index: index), key.hasSort else { return nil }
        if key.sortFields.count == 1 { return key.sortFields[0] }
        return index.map { "__sk_" + $0 } ?? "__sk"
    }

    /// The columns a read of `index` orders by (the index key, then the primary key).
    func cursorColumns(index: String?) -> [String] {
        var columns: [String] = []
        if index != nil, let key = layout.keySchema(index: index) {
            columns.append(key.partitionField)
            if let sort = sortColumn(index: index) { columns.append(sort) }
        }
        columns.append(layout.primaryKey.partitionField)
        if let sort = sortColumn(index: nil) { columns.append(sort) }
        return columns
    }

    /// The declared type of a field column.
    static func declaredType(_ storage: TableLayout.Storage) -> String {
        switch storage {
        case .text, .json: return "TEXT"
        case .integer, .boolean: return "INTEGER"
        case .real: return "REAL"
        }
    }

    /// `CREATE TABLE` with every column and the primary key.
    var createTableSQL: String {
        var columns = layout.fields.map { SQLiteDatabase.quoted($0.name) + " " + Self.declaredType($0.storage) }
        columns += hiddenColumns.map { SQLiteDatabase.quoted($0.name) + " TEXT" }
        var key = [layout.primaryKey.partitionField]
        if let sort = sortColumn(index: nil) { key.append(sort) }
        columns.append("PRIMARY KEY (" + key.map(SQLiteDatabase.quoted).joined(separator: ", ") + ")")
        return "CREATE TABLE \(table) (" + columns.joined(separator: ", ") + ")"
    }

    /// The SQLite index backing `index`.
    func createIndexSQL(index: String) -> String {
        "CREATE INDEX IF NOT EXISTS \(indexName(index)) ON \(table) ("
            + cursorColumns(index: index).map(SQLiteDatabase.quoted).joined(separator: ", ") + ")"
    }

    func indexName(_ index: String) -> String { SQLiteDatabase.quoted(layout.name + ":" + index) }

    // MARK: Items and rows

    /// The column values of `item`: every field column (NULL when absent), then the hidden ones.
    func row(of item: JSONObject) -> (columns: [String], values: [SQLiteValue]) {
        var columns: [String] = []
        var values: [SQLiteValue] = []
        for field in layout.fields {
            columns.append(field.name)
            values.append(item[field.name].map { Self.encode($0, as: field.storage) } ?? .null)
        }
        for hidden in hiddenColumns {
            columns.append(hidden.name)
            values.append(hidden.key.sortValue(of: item).map { .text(KeyOrder.keyText($0)) } ?? .null)
        }
        return (columns, values)
    }

    static func encode(_ value: JSON, as storage: TableLayout.Storage) -> SQLiteValue {
        if storage == .json { return value.isNull ? .null : .text(value.text) }
        return bindable(value)
    }

    /// A key or cursor value as a SQL parameter.
    static func bindable(_ value: JSON) -> SQLiteValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .integer(flag ? 1 : 0)
        case .int(let number): return .integer(Int64(number))
        case .double(let number): return .real(number)
        case .string(let text): return .text(text)
        case .array, .object: return .text(value.text)
        }
    }

    /// The item a row holds: field columns that are not NULL, decoded by the field's storage.
    func item(of row: [(name: String, value: SQLiteValue)]) -> JSONObject {
        var item = JSONObject()
        for (name, value) in row {
            guard let storage = storage[name] else { continue }
            switch (value, storage) {
            case (.null, _): continue
            case (.text(let text), .json): item.append(name, (try? JSONReader.read(text)) ?? .string(text))
            case (.integer(let number), .boolean): item.append(name, .bool(number != 0))
            case (.integer(let number), _): item.append(name, .int(Int(number)))
            case (.real(let number), _): item.append(name, .double(number))
            case (.text(let text), _): item.append(name, .string(text))
            case (.blob, _): continue
            }
        }
        return item
    }

    /// `"pk" = ? AND "sk" = ?` for a primary key, with its parameters.
    func keyCondition(_ key: ItemKey) -> (sql: String, values: [SQLiteValue]) {
        var clauses = [SQLiteDatabase.quoted(layout.primaryKey.partitionField) + " = ?"]
        var values = [Self.bindable(key.partition)]
        if let sort = sortColumn(index: nil) {
            clauses.append(SQLiteDatabase.quoted(sort) + " = ?")
            values.append(
                key.sort.map {
                    layout.primaryKey.sortFields.count > 1 ? .text(KeyOrder.keyText($0)) : Self.bindable($0)
                } ?? .null)
        }
        return (clauses.joined(separator: " AND "), values)
    }

    /// DynamoDB compares keys of the same type only; SQLite would convert by column affinity.
    static func typeGuard(_ column: String, _ value: JSON) -> String {
        switch value {
        case .int, .double: return "typeof(\(column)) IN ('integer', 'real')"
        case .string: return "typeof(\(column)) = 'text'"
        default: return "0"
        }
    }

    /// The SELECT of one page of `query`.
    func select(_ query: KeyQuery) -> (sql: String, values: [SQLiteValue]) {
        var clauses: [String] = []
        var values: [SQLiteValue] = []
        let schema = layout.keySchema(index: query.index)
        if let partition = query.partition, let schema {
            let column = SQLiteDatabase.quoted(schema.partitionField)
            clauses.append(Self.typeGuard(column, partition) + " AND \(column) = ?")
            values.append(Self.bindable(partition))
        } else if let schema, query.index != nil {
            clauses.append(SQLiteDatabase.quoted(schema.partitionField) + " IS NOT NULL")
        }
        if let sort = sortColumn(index: query.index).map(SQLiteDatabase.quoted) {
            clauses.append("\(sort) IS NOT NULL")
            if let bound = query.sortCondition?.bound { clauses.append(Self.typeGuard(sort, bound)) }
            switch query.sortCondition {
            case nil: break
            case .eq(let value):
                clauses.append("\(sort) = ?")
                values.append(Self.bindable(value))
            case .lt(let value):
                clauses.append("\(sort) < ?")
                values.append(Self.bindable(value))
            case .le(let value):
                clauses.append("\(sort) <= ?")
                values.append(Self.bindable(value))
            case .gt(let value):
                clauses.append("\(sort) > ?")
                values.append(Self.bindable(value))
            case .ge(let value):
                clauses.append("\(sort) >= ?")
                values.append(Self.bindable(value))
            case .between(let low, let high):
                clauses.append("\(sort) BETWEEN ? AND ?")
                values += [Self.bindable(low), Self.bindable(high)]
            case .beginsWith(let prefix):
                // Bytes, not characters: SQLite's length() of text stops at a NUL, and DynamoDB's
                // begins_with compares bytes.
                let bytes = Array(prefix.utf8)
                clauses.append("typeof(\(sort)) = 'text' AND substr(CAST(\(sort) AS BLOB), 1, ?) = ?")
                values += [.integer(Int64(bytes.count)), .blob(bytes)]
            }
        }
        let cursorColumns = cursorColumns(index: query.index).map(SQLiteDatabase.quoted)
        if let after = query.after, after.count == cursorColumns.count {
            let placeholders = Array(repeating: "?", count: after.count).joined(separator: ", ")
            clauses.append(
                "(" + cursorColumns.joined(separator: ", ") + ") " + (query.ascending ? ">" : "<") + " ("
                    + placeholders + ")")
            values += after.map(Self.bindable)
        }
        let direction = query.ascending ? " ASC" : " DESC"
        var sql = "SELECT * FROM \(table)"
        if !clauses.isEmpty { sql += " WHERE " + clauses.joined(separator: " AND ") }
        sql += " ORDER BY " + cursorColumns.map { $0 + direction }.joined(separator: ", ") + " LIMIT ?"
        values.append(.integer(Int64(max(0, query.limit))))
        return (sql, values)
    }
}
