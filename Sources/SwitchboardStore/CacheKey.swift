import GraphQLLanguage
import Switchboard
import SwitchboardCore

/// The key of a record in a ``RecordStore``: `Todo:1` for an object with an identity,
/// `QUERY_ROOT` for the query type, or the path from the nearest keyed record
/// (`QUERY_ROOT.hero({"episode":"JEDI"})`) for an object without one.
public struct CacheKey: Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The key's text.
    public let rawValue: String

    /// A key with the given text.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A key written as a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The record of the query type, where queries' root fields are stored.
    public static let queryRoot = CacheKey("QUERY_ROOT")
    /// The record of the mutation type, where mutations' root fields are stored.
    public static let mutationRoot = CacheKey("MUTATION_ROOT")
    /// The record of the subscription type, where subscription events' root fields are stored.
    public static let subscriptionRoot = CacheKey("SUBSCRIPTION_ROOT")

    /// The key's text.
    public var description: String { rawValue }

    /// Keys order by their text.
    public static func < (lhs: CacheKey, rhs: CacheKey) -> Bool { lhs.rawValue < rhs.rawValue }

    static func root(of operation: OperationType) -> CacheKey {
        switch operation {
        case .query: .queryRoot
        case .mutation: .mutationRoot
        case .subscription: .subscriptionRoot
        }
    }

    /// The key of an object without an identity, stored under `field` of this record
    /// (and `index` within a list).
    func appending(_ field: String, index: Int? = nil) -> CacheKey {
        guard let index else { return CacheKey(rawValue + "." + field) }
        return CacheKey(rawValue + "." + field + "." + String(index))
    }
}
