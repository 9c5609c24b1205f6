/// A typed GraphQL operation, as generated from a `.graphql` file or a ``graphql(_:)`` literal:
/// its document, its variables and the type its `data` decodes into.
///
/// Run one with `Switchboard.API.query(operation:)`, `mutate(operation:)` or
/// `subscribe(operation:)`, or turn it into a request with ``GraphQLRequest/init(operation:apiName:authMode:options:)``.
public protocol GraphQLOperation: Sendable {
    /// The operation's variables, encoded as the request's `variables` object.
    associatedtype Variables: Encodable & Sendable = GraphQLNoVariables
    /// The type the response's `data` object decodes into.
    associatedtype Data: Decodable & Sendable

    /// The operation's name in ``document``, sent as `operationName`.
    static var operationName: String { get }
    /// The operation's text followed by every fragment it uses, with `__typename` selected in
    /// every selection set below the root.
    static var document: String { get }
    /// Whether this is a query, a mutation or a subscription.
    static var operationType: GraphQLOperationType { get }
    /// The object types that satisfy each type condition in ``document`` (`"Character": ["Droid",
    /// "Human"]`), so that the record store applies fragments on interfaces and unions exactly as
    /// the server did. Generated operations list them; without them the store decides from the
    /// fields a record holds.
    static var possibleTypes: [String: Set<String>] { get }

    /// The values of the operation's variables.
    var variables: Variables { get }
}

/// A typed query, run with `Switchboard.API.query(operation:)`.
public protocol GraphQLQuery: GraphQLOperation {}

/// A typed mutation, run with `Switchboard.API.mutate(operation:)`.
public protocol GraphQLMutation: GraphQLOperation {}

/// A typed subscription, run with `Switchboard.API.subscribe(operation:)`.
public protocol GraphQLSubscription: GraphQLOperation {}

extension GraphQLOperation {
    /// No type conditions are known: the store decides from the fields a record holds.
    public static var possibleTypes: [String: Set<String>] { [:] }
}

extension GraphQLQuery {
    /// Always ``GraphQLOperationType/query``.
    public static var operationType: GraphQLOperationType { .query }
}

extension GraphQLMutation {
    /// Always ``GraphQLOperationType/mutation``.
    public static var operationType: GraphQLOperationType { .mutation }
}

extension GraphQLSubscription {
    /// Always ``GraphQLOperationType/subscription``.
    public static var operationType: GraphQLOperationType { .subscription }
}

/// The variables of an operation that declares none; the request then has no `variables` member.
public struct GraphQLNoVariables: Encodable, Sendable, Hashable {
    /// The only value.
    public init() {}

    /// Encodes an empty object.
    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: NoKeys.self)
    }

    private enum NoKeys: CodingKey {}
}

extension GraphQLOperation where Variables == GraphQLNoVariables {
    /// An operation without variables has none to send.
    public var variables: GraphQLNoVariables { GraphQLNoVariables() }
}
