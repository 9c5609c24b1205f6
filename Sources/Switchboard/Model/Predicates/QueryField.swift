/// The comparisons available on a field reference (model keys and ``QueryField``).
public protocol QueryFieldOperation {
    /// The field's name.
    var fieldName: String { get }
}

/// A field named by a string: `field("title") == "x"`.
public struct QueryField: QueryFieldOperation, Sendable {
    /// The field's name.
    public let fieldName: String

    /// A reference to the field `name`.
    public init(name: String) { fieldName = name }
}

/// A reference to the field `name`, for predicates.
public func field(_ name: String) -> QueryField { QueryField(name: name) }

extension QueryFieldOperation {
    private func operation(_ op: QueryOperator) -> QueryPredicateOperation {
        QueryPredicateOperation(field: fieldName, operator: op)
    }

    /// `beginsWith`.
    public func beginsWith(_ value: String) -> QueryPredicateOperation { operation(.beginsWith(value)) }
    /// `between`, inclusive.
    public func between(start: some Persistable, end: some Persistable) -> QueryPredicateOperation {
        operation(.between(start: start, end: end))
    }
    /// `contains`.
    public func contains(_ value: String) -> QueryPredicateOperation { operation(.contains(value)) }
    /// `notContains`.
    public func notContains(_ value: String) -> QueryPredicateOperation { operation(.notContains(value)) }
    /// `attributeExists`.
    public func attributeExists(_ value: Bool) -> QueryPredicateOperation { operation(.attributeExists(value)) }
    /// `eq`.
    public func eq(_ value: (any Persistable)?) -> QueryPredicateOperation { operation(.equals(value)) }
    /// `eq` an enum case.
    public func eq(_ value: some EnumPersistable) -> QueryPredicateOperation { operation(.equals(value.rawValue)) }
    /// `ne`.
    public func ne(_ value: (any Persistable)?) -> QueryPredicateOperation { operation(.notEqual(value)) }
    /// `ne` an enum case.
    public func ne(_ value: some EnumPersistable) -> QueryPredicateOperation { operation(.notEqual(value.rawValue)) }
    /// `le`.
    public func le(_ value: some Persistable) -> QueryPredicateOperation { operation(.lessOrEqual(value)) }
    /// `lt`.
    public func lt(_ value: some Persistable) -> QueryPredicateOperation { operation(.lessThan(value)) }
    /// `ge`.
    public func ge(_ value: some Persistable) -> QueryPredicateOperation { operation(.greaterOrEqual(value)) }
    /// `gt`.
    public func gt(_ value: some Persistable) -> QueryPredicateOperation { operation(.greaterThan(value)) }

    /// `eq`.
    public static func == (key: Self, value: (any Persistable)?) -> QueryPredicateOperation { key.eq(value) }
    /// `eq` an enum case.
    public static func == (key: Self, value: some EnumPersistable) -> QueryPredicateOperation { key.eq(value) }
    /// `ne`.
    public static func != (key: Self, value: (any Persistable)?) -> QueryPredicateOperation { key.ne(value) }
    /// `ne` an enum case.
    public static func != (key: Self, value: some EnumPersistable) -> QueryPredicateOperation { key.ne(value) }
    /// `le`.
    public static func <= (key: Self, value: some Persistable) -> QueryPredicateOperation { key.le(value) }
    /// `lt`.
    public static func < (key: Self, value: some Persistable) -> QueryPredicateOperation { key.lt(value) }
    /// `ge`.
    public static func >= (key: Self, value: some Persistable) -> QueryPredicateOperation { key.ge(value) }
    /// `gt`.
    public static func > (key: Self, value: some Persistable) -> QueryPredicateOperation { key.gt(value) }
    /// `contains`.
    public static func ~= (key: Self, value: String) -> QueryPredicateOperation { key.contains(value) }
}
