/// A comparison of one field, written to AppSync as `{"<field>": {"<operator>": value}}`.
public enum QueryOperator: Sendable {
    /// `ne`.
    case notEqual((any Persistable)?)
    /// `eq`.
    case equals((any Persistable)?)
    /// `le`.
    case lessOrEqual(any Persistable)
    /// `lt`.
    case lessThan(any Persistable)
    /// `ge`.
    case greaterOrEqual(any Persistable)
    /// `gt`.
    case greaterThan(any Persistable)
    /// `contains` (substring or list element).
    case contains(String)
    /// `notContains`.
    case notContains(String)
    /// `between`, inclusive, as `[start, end]`.
    case between(start: any Persistable, end: any Persistable)
    /// `beginsWith`.
    case beginsWith(String)
    /// `attributeExists`.
    case attributeExists(Bool)

    /// The AppSync filter operator name.
    package var graphQLOperator: String {
        switch self {
        case .notEqual: "ne"
        case .equals: "eq"
        case .lessOrEqual: "le"
        case .lessThan: "lt"
        case .greaterOrEqual: "ge"
        case .greaterThan: "gt"
        case .contains: "contains"
        case .notContains: "notContains"
        case .between: "between"
        case .beginsWith: "beginsWith"
        case .attributeExists: "attributeExists"
        }
    }

    /// The operand as JSON (temporal values as text, `between` as `[start, end]`).
    package var graphQLValue: JSONValue {
        switch self {
        case .notEqual(let value), .equals(let value): value?.graphQLValue ?? .null
        case .lessOrEqual(let value), .lessThan(let value), .greaterOrEqual(let value), .greaterThan(let value):
            value.graphQLValue
        case .contains(let text), .notContains(let text), .beginsWith(let text): .string(text)
        case .between(let start, let end): .array([start.graphQLValue, end.graphQLValue])
        case .attributeExists(let exists): .boolean(exists)
        }
    }
}
