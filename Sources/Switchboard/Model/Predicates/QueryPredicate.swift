/// A condition on models: the `where:` of `list`, `create`, `update` and `delete` requests.
///
/// Build one from model keys: `Post.keys.rating > 3 && Post.keys.title.beginsWith("Swift")`.
public protocol QueryPredicate: Sendable {
    /// The AppSync filter or condition input for a model with `schema` (`belongsTo` fields are
    /// written as their foreign-key field).
    func graphQLFilter(for schema: ModelSchema?) -> JSONValue
}

/// How the predicates of a group combine.
public enum QueryPredicateGroupType: String, Sendable {
    /// All of them.
    case and
    /// Any of them.
    case or
    /// None of them (`not` of the single predicate, or of their `and`).
    case not
}

/// A comparison of one field.
public struct QueryPredicateOperation: QueryPredicate {
    /// The field's name.
    public let field: String
    /// The comparison.
    public let `operator`: QueryOperator

    /// Creates a comparison.
    public init(field: String, operator: QueryOperator) {
        self.field = field
        self.operator = `operator`
    }

    /// `{"<field>": {"<op>": value}}`.
    public func graphQLFilter(for schema: ModelSchema?) -> JSONValue {
        let name = schema?.field(withName: field)?.association?.targetNames.first ?? field
        return .object([name: .object([`operator`.graphQLOperator: `operator`.graphQLValue])])
    }
}

/// Predicates combined with `and`, `or` or `not`.
public struct QueryPredicateGroup: QueryPredicate {
    /// How they combine.
    public let type: QueryPredicateGroupType
    /// The combined predicates.
    public let predicates: [any QueryPredicate]

    /// Creates a group.
    public init(type: QueryPredicateGroupType = .and, predicates: [any QueryPredicate] = []) {
        self.type = type
        self.predicates = predicates
    }

    /// `{"and": […]}`, `{"or": […]}` or `{"not": {…}}`.
    public func graphQLFilter(for schema: ModelSchema?) -> JSONValue {
        let filters = predicates.map { $0.graphQLFilter(for: schema) }
        switch type {
        case .and, .or: return .object([type.rawValue: .array(filters)])
        case .not:
            let inner: JSONValue = filters.count == 1 ? filters[0] : .object(["and": .array(filters)])
            return .object(["not": inner])
        }
    }
}

/// Predicates that are constant.
public enum QueryPredicateConstant: QueryPredicate {
    /// Matches every model; written as `{}`.
    case all

    /// `{}`.
    public func graphQLFilter(for schema: ModelSchema?) -> JSONValue { .object([:]) }
}

extension QueryPredicate {
    /// Both predicates.
    public static func && (lhs: Self, rhs: some QueryPredicate) -> QueryPredicateGroup {
        QueryPredicateGroup(type: .and, predicates: [lhs, rhs])
    }

    /// Either predicate.
    public static func || (lhs: Self, rhs: some QueryPredicate) -> QueryPredicateGroup {
        QueryPredicateGroup(type: .or, predicates: [lhs, rhs])
    }

    /// The negation.
    public static prefix func ! (predicate: Self) -> QueryPredicateGroup {
        QueryPredicateGroup(type: .not, predicates: [predicate])
    }

    /// Both predicates.
    public func and(_ other: some QueryPredicate) -> QueryPredicateGroup { self && other }

    /// Either predicate.
    public func or(_ other: some QueryPredicate) -> QueryPredicateGroup { self || other }
}

/// The negation of `predicate`.
public func not(_ predicate: some QueryPredicate) -> QueryPredicateGroup {
    QueryPredicateGroup(type: .not, predicates: [predicate])
}
