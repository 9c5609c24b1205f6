/// The `filter` argument of a subscription with AppSync's enhanced-filtering semantics: the
/// fields and operators of one object are ANDed, `and`/`or` lists combine their entries, and the
/// whole becomes AppSync's wire form — filter groups ORed, the filters of a group ANDed — which
/// is where AppSync's limits apply (10 groups, 5 filters per group, 5 values for `in`/`notIn`).
/// `{}` (or no filter) is no filter.
struct SubscriptionFilter: Sendable {
    /// One `fieldName operator value` filter, its test built when the subscription starts
    /// (not looked up by name for every event a mutation publishes).
    struct Condition: Sendable {
        /// What the payload's field must pass.
        enum Test: Sendable {
            /// `in`: equal to one of the values.
            case oneOf([JSON])
            /// `notIn`: equal to none of them (a missing field passes).
            case noneOf([JSON])
            /// Any other operator, as a model filter applies it.
            case item(ItemTest)
        }

        let field: String
        let test: Test

        /// `op` of the filter on `field` with its `value`; an operator the filter inputs do not
        /// have, or an invalid `between`, is refused.
        init(field: String, op: String, value: JSON) throws(ExecutionError) {
            self.field = field
            switch op {
            case "in": test = .oneOf(value.arrayValue ?? [])
            case "notIn": test = .noneOf(value.arrayValue ?? [])
            default:
                do throws(ExecutionError) {
                    test = .item(try ItemFilter(kind: .filter).test(op, operand: value))
                } catch {
                    throw SubscriptionFilter.invalid("The \(op) filter on \(field) is invalid: \(error.message)")
                }
            }
        }

        /// Whether `payload` passes.
        func holds(for payload: JSONObject) -> Bool {
            let attribute = payload[field].flatMap { $0.isNull ? nil : $0 }
            switch test {
            case .oneOf(let values):
                guard let attribute else { return false }
                return values.contains { ItemFilter.equals(attribute, $0) }
            case .noneOf(let values):
                guard let attribute else { return true }
                return !values.contains { ItemFilter.equals(attribute, $0) }
            case .item(let test): return test.holds(for: attribute)
            }
        }
    }

    /// At most this many filter groups.
    static let maximumGroups = 10
    /// At most this many filters in one group.
    static let maximumConditionsPerGroup = 5
    /// At most this many values in an `in` or `notIn` list.
    static let maximumListValues = 5

    /// The groups, ORed; each group's conditions ANDed.
    let groups: [[Condition]]

    /// The filter `value` states; `nil` when it states none.
    init?(_ value: JSON?) throws(ExecutionError) {
        guard case .object(let object)? = value, !object.isEmpty else { return nil }
        let groups = try Self.groups(of: object)
        guard !groups.allSatisfy(\.isEmpty) else { return nil }
        if groups.count > Self.maximumGroups {
            throw Self.invalid(
                "The subscription filter has \(groups.count) filter groups; at most \(Self.maximumGroups) are allowed.")
        }
        for group in groups where group.count > Self.maximumConditionsPerGroup {
            throw Self.invalid(
                "A filter group of the subscription filter has \(group.count) filters; at most "
                    + "\(Self.maximumConditionsPerGroup) are allowed.")
        }
        self.groups = groups
    }

    static func invalid(_ message: String) -> ExecutionError {
        ExecutionError(message, errorType: "BadRequestException")
    }

    /// The object's disjunctive normal form: every way of satisfying it, as condition lists.
    private static func groups(of object: JSONObject) throws(ExecutionError) -> [[Condition]] {
        var groups: [[Condition]] = [[]]
        for (key, value) in object where !value.isNull {
            switch key {
            case "and":
                for entry in value.arrayValue ?? [] {
                    guard let nested = entry.objectValue else { continue }
                    groups = try product(groups, Self.groups(of: nested))
                }
            case "or":
                var alternatives: [[Condition]] = []
                for entry in value.arrayValue ?? [] {
                    guard let nested = entry.objectValue else { continue }
                    alternatives += try Self.groups(of: nested)
                }
                if !alternatives.isEmpty { groups = try product(groups, alternatives) }
            default:
                guard let operators = value.objectValue else { continue }
                var conditions: [Condition] = []
                for (op, operand) in operators where !operand.isNull {
                    if op == "in" || op == "notIn", let values = operand.arrayValue,
                        values.count > Self.maximumListValues
                    {
                        throw invalid(
                            "The \(op) filter on \(key) has \(values.count) values; at most \(Self.maximumListValues) are allowed."
                        )
                    }
                    if op == "between", operand.arrayValue?.count != 2 {
                        throw invalid("The between filter on \(key) needs exactly two values.")
                    }
                    conditions.append(try Condition(field: key, op: op, value: operand))
                }
                groups = groups.map { $0 + conditions }
            }
        }
        return groups
    }

    /// Every combination of a group of `lhs` with a group of `rhs`, stopping once the result
    /// could no longer fit the limit (so hostile nesting cannot explode).
    private static func product(_ lhs: [[Condition]], _ rhs: [[Condition]]) throws(ExecutionError) -> [[Condition]] {
        guard lhs.count * rhs.count <= maximumGroups * maximumGroups else {
            throw invalid("The subscription filter has more than \(maximumGroups) filter groups.")
        }
        return lhs.flatMap { left in rhs.map { left + $0 } }
    }

    /// Whether the event's payload passes: some group whose conditions all hold.
    func matches(_ payload: JSONObject) -> Bool {
        groups.contains { group in group.allSatisfy { $0.holds(for: payload) } }
    }
}
