/// What one execution learned the first time it ran a field, the same for every item of a list
/// (one object type, one caller, one set of variables): the coerced arguments, whether the caller
/// may read the field, the last sub-selection, the scalar type and where the member was.
final class GroupMemo {
    var arguments: Result<JSONObject, ExecutionError>?
    var access: ExecutionError??
    /// Whether `access` is known and allows the field: a flag for the check every value of a
    /// scalar member makes, which reading `access` (a copied optional error) made costly.
    var isAllowed = false
    var subfields: (objectType: String, groups: [FieldCollector.Group])?
    /// The field's objects as rows of scalar members, once known: `.some(nil)` when they cannot
    /// be (see ``ScalarRow``).
    private(set) var row: ScalarRow??
    /// Where each of `row`'s members was in the last object written (see
    /// ``JSONObject/value(forKey:hint:)``): this run's, as the row itself may be shared. The run
    /// is never shared, so plain memory.
    private(set) var rowHints = UnsafeMutableBufferPointer<Int>(start: nil, count: 0)
    var scalar: (any ScalarType)?
    /// `scalar`'s ``ScalarType/unchangedValues``, set with it: a member of that kind is written
    /// as it is, without calling the scalar through its existential.
    var unchangedValues: UnchangedValues?
    /// Where the field's member was in the last parent object read (see
    /// ``JSONObject/value(forKey:hint:)``).
    var memberPosition = 0

    /// Records `row` (or that there is none) as the field's.
    func setRow(_ row: ScalarRow?) {
        self.row = .some(row)
        guard let row, rowHints.isEmpty else { return }
        rowHints = .allocate(capacity: row.columns.count)
        rowHints.initialize(repeating: 0)
    }

    deinit { rowHints.deallocate() }
}
