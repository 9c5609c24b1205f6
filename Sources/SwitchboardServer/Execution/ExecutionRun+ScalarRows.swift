/// The sub-selection of a field whose objects are written as rows: every selected field is
/// `__typename` or a scalar member the caller may read, whose scalar keeps values of one kind
/// unchanged. Found on the field's first object, so that each further object — the items of a
/// list page — is written in one pass over its members, without the per-field lookups, checks
/// and async steps of the general path.
///
/// Immutable, so the executions of one plan share it (see
/// ``FieldCollector/Group/scalarRow(for:make:)``): a get by id writes one object, and deciding
/// the row again for every request was a quarter of its execution.
final class ScalarRow: Sendable {
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

    init(columns: [Column]) {
        self.columns = columns
        values = columns.reduce(0) { $0 + ($1.member == nil ? 0 : $1.isNonNull ? 2 : 1) }
    }

    /// What a row depends on besides its field's selection: executions whose rows agree on all of
    /// it may share one.
    struct Key: Equatable, Sendable {
        let objectType: String
        let depth: Int
        /// The access policy's ``FieldAccessPolicy/decisionKey(for:)`` for the caller (0 without
        /// a policy).
        let decisions: Int
        /// Whether the run executes sources only (no resolvers), which decides whether members
        /// may be read directly.
        let sourceOnly: Bool
    }
}

extension ExecutionRun {
    // MARK: Objects of scalar members only

    /// The row form of `groups` (the sub-selection of `parent`) on the object type `objectType`
    /// at `depth`, if every group qualifies; kept in the parent field's `memo`, and in `parent`
    /// for the executions whose callers the access policy decides alike.
    func scalarRow(
        of groups: [FieldCollector.Group], parent: FieldCollector.Group, memo: GroupMemo, objectType: String,
        depth: Int
    ) -> ScalarRow? {
        if let known = memo.row { return known }
        let row: ScalarRow?
        // Without a policy every caller is decided alike; a policy without a key shares nothing.
        let decisions: Int? = if let accessPolicy { accessPolicy.decisionKey(for: context) } else { 0 }
        if let decisions {
            let key = ScalarRow.Key(objectType: objectType, depth: depth, decisions: decisions, sourceOnly: sourceOnly)
            row = parent.scalarRow(for: key) { makeScalarRow(of: groups, objectType: objectType, depth: depth) }
        } else {
            row = makeScalarRow(of: groups, objectType: objectType, depth: depth)
        }
        memo.setRow(row)
        return row
    }

    /// The row form of `groups` on `objectType` at `depth`, decided for this run's caller.
    private func makeScalarRow(of groups: [FieldCollector.Group], objectType: String, depth: Int) -> ScalarRow? {
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
        return ScalarRow(columns: columns)
    }

    /// `source` written as `row` (its type being `objectType`, `hints` the run's for the row), or
    /// `false` having written nothing when it cannot be: not an object, the value budget reached,
    /// a null in a non-null member or a value its scalar would change. The general path then
    /// writes the object, with the errors and conversions that need.
    func writeRow(
        _ row: ScalarRow, hints: UnsafeMutableBufferPointer<Int>, objectType: String, source: JSON,
        into output: inout JSONWriter
    ) -> Bool {
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
                let value = object.value(forKey: member, hint: &hints[index]) ?? .null
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
