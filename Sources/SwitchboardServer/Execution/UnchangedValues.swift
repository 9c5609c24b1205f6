/// The JSON values a scalar serializes to themselves, such as strings for `String` and `ID`: a
/// member of that kind is written as it is, with no call to the scalar. Most response values are
/// such, and the call (through an existential, with a copy of its result) cost more than writing
/// them.
enum UnchangedValues: Sendable {
    /// None: every value goes through `serialize`.
    case none
    case strings
    case booleans
    case doubles
    /// Integers within 32 bits, as GraphQL's `Int`.
    case int32s
    /// Every value (a scalar that passes values through).
    case all

    /// Whether `value` serializes to itself.
    func contains(_ value: JSON) -> Bool {
        switch (self, value) {
        case (.all, _), (.strings, .string), (.booleans, .bool), (.doubles, .double): return true
        case (.int32s, .int(let number)): return BuiltInScalar.int32Range.contains(number)
        default: return false
        }
    }
}
