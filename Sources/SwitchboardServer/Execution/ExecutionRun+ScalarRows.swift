/// The sub-selection of a field whose objects are written as rows: every selected field is
/// `__typename` or a scalar member the caller may read, whose scalar keeps values of one kind
/// unchanged. Found once per field and run (on its first object), so that each further
/// object — the items of a list page — is written in one pass over its members, without the
/// per-field lookups, checks and async steps of the general path.
final class ScalarRow {
    struct Column {
        /// The response key as JSON text with its colon.
        let keyText: [UInt8]
        /// The member read, or `nil` for `__typename`.
        let member: String?
        let isNonNull: Bool
        let unchanged: UnchangedValues
    }

    let columns: [Column]
    /// The values a row completes, counted as completion counts them (a non-null field its
    /// wrapper and its value; `__typename` none).
    let values: Int
    /// Where each column's member was in the last object read (see
    /// ``JSONObject/value(forKey:hint:)``); the run is never shared, so plain memory.
    let hints: UnsafeMutableBufferPointer<Int>

    init(columns: [Column]) {
        self.columns = columns
        values = columns.reduce(0) { $0 + ($1.member == nil ? 0 : $1.isNonNull ? 2 : 1) }
        hints = .allocate(capacity: columns.count)
        hints.initialize(repeating: 0)
    }

    deinit { hints.deallocate() }
}

extension ExecutionRun {
    // MARK: Objects of scalar members only

    /// The row form of `groups` on the object type `objectType` at `depth`, if every group
    /// qualifies; kept in the parent field's `memo`.
    func scalarRow(of groups: [FieldCollector.Group], memo: GroupMemo, objectType: String, depth: Int) -> ScalarRow? {
        if let known = memo.row { return known }
        var row: ScalarRow?
        defer { memo.row = .some(row) }
        guard readsMembersDirectly(of: objectType, hasResolvers: runsResolvers(on: objectType)) else { return nil }
        if let limit = limits.maximumFieldDepth, depth > limit { return nil }
        var columns: [ScalarRow.Column] = []
        for group in groups {
            if group.isTypename {
                columns.append(
                    ScalarRow.Column(keyText: group.keyText, member: nil, isNonNull: true, unchanged: .none))
                continue
            }
            guard group.isScalarLeaf, let typeName = group.namedType else { return nil }
            let fieldMemo = self.memo(of: group)
            guard mayRead(group, fieldMemo, on: objectType) else { return nil }
            let unchanged = scalar(named: typeName, memo: fieldMemo).unchangedValues
            guard unchanged != .none else { return nil }
            columns.append(
                ScalarRow.Column(
                    keyText: group.keyText, member: group.name, isNonNull: group.isNonNull, unchanged: unchanged))
        }
        row = ScalarRow(columns: columns)
        return row
    }

    /// `source` written as `row` (its type being `objectType`), or `false` having written nothing
    /// when it cannot be: not an object, the value budget reached, a null in a non-null member
    /// or a value its scalar would change. The general path then writes the object, with the
    /// errors and conversions that need.
    func writeRow(_ row: ScalarRow, objectType: String, source: JSON, into output: inout JSONWriter) -> Bool {
        guard case .object(let object) = source, !stopped,
            completedValues + row.values <= limits.maximumCompletedValues
        else { return false }
        let start = output.count
        output.writeByte(UInt8(ascii: "{"))
        let written = row.columns.withUnsafeBufferPointer { columns in
            for index in columns.indices {
                if index > 0 { output.writeByte(UInt8(ascii: ",")) }
                output.writeRaw(columns[index].keyText)
                guard let member = columns[index].member else {
                    output.writeString(objectType)
                    continue
                }
                let value = object.value(forKey: member, hint: &row.hints[index]) ?? .null
                if value.isNull {
                    guard !columns[index].isNonNull else { return false }
                    output.writeNull()
                } else {
                    guard columns[index].unchanged.contains(value) else { return false }
                    output.write(value)
                }
            }
            return true
        }
        guard written else {
            output.truncate(to: start)
            return false
        }
        output.writeByte(UInt8(ascii: "}"))
        completedValues += row.values
        return true
    }
}
