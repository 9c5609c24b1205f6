/// What one execution learned the first time it ran a field, the same for every item of a list
/// (one object type, one caller, one set of variables): the coerced arguments, whether the caller
/// may read the field, the last sub-selection, the scalar type and where the member was.
final class GroupMemo {
    var arguments: Result<JSONObject, ExecutionError>?
    var access: ExecutionError??
    var subfields: (objectType: String, groups: [FieldCollector.Group])?
    var scalar: (any ScalarType)?
    /// Where the field's member was in the last parent object read (see
    /// ``JSONObject/value(forKey:hint:)``).
    var memberPosition = 0
}
