import SwitchboardSQLite

/// The store's two reads, on whichever connection runs them: the writer inside its
/// transactions, a reader otherwise.
enum SQLiteReads {
    /// The item at `key`, or `nil`.
    static func item(in database: SQLiteDatabase, _ mapping: SQLiteTableMapping, key: ItemKey) throws(StoreError)
        -> JSONObject?
    {
        let condition = mapping.keyCondition(key)
        let rows = try database.query("SELECT * FROM \(mapping.table) WHERE \(condition.sql)", condition.values)
        return rows.first.map(mapping.item(of:))
    }

    /// One page of `query`, cut at its limit or its byte budget.
    static func page(in database: SQLiteDatabase, _ mapping: SQLiteTableMapping, _ query: KeyQuery) throws(StoreError)
        -> QueryPage
    {
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
}
