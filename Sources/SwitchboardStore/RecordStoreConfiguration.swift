import Foundation
import Switchboard
import SwitchboardCore

/// How a ``RecordStore`` identifies objects, how long it trusts them and how much it keeps.
///
/// ```swift
/// var configuration = RecordStoreConfiguration()
/// configuration.keyFields["Book"] = ["isbn"]            // Book:978-0…
/// configuration.timeToLive = .seconds(300)              // older fields count as missing
/// configuration.timeToLiveByType["StockQuote"] = .seconds(5)
/// let store = RecordStore(configuration: configuration)
/// ```
public struct RecordStoreConfiguration: Sendable {
    /// The fields that identify objects of a type, by `__typename`; the key is the type name and the
    /// fields' values joined by `+` (`Book:978-0-14-044913-6`). Types not listed use the primary key
    /// of a registered `Model` with that name, else `id`; an object without those fields is stored
    /// under its path from the nearest identified record.
    public var keyFields: [String: [String]] = [:]
    /// Computes keys before ``keyFields`` is consulted: return `nil` to fall back to the rules
    /// above. Receives the object's `__typename` and the object as the response holds it.
    public var cacheKey: (@Sendable (_ typename: String, _ object: [String: JSONValue]) -> CacheKey?)?
    /// Where query fields find their object before they were fetched (cache redirects), by field
    /// name: given the field's arguments, the key of the record it returns, or `nil`. A `get<Model>`
    /// field of a registered model needs none: `getTodo(id: "1")` reads `Todo:1` when a list or
    /// another query has stored it, and composite keys work the same (`Track:a+2+1`).
    ///
    /// ```swift
    /// configuration.cacheRedirects["book"] = { arguments in
    ///     arguments["isbn"]?.stringValue.map { CacheKey("Book:\($0)") }
    /// }
    /// ```
    public var cacheRedirects: [String: @Sendable (_ arguments: [String: JSONValue]) -> CacheKey?] = [:]
    /// Whether `get<Type>` fields find their object without a ``cacheRedirects`` entry: given
    /// exactly the type's key fields (``keyFields``, a registered model's primary key, or `id`),
    /// they read `<Type>:<values>` (on by default; off when ``cacheKey`` is set, since any key
    /// could then be the object's). Turn it off when a `getX` field returns another type than `X`.
    public var automaticCacheRedirects = true
    /// List fields whose pages merge into one list, by field name (see ``PaginationRule``).
    public var paginatedFields: [String: PaginationRule] = [:]
    /// Whether fields shaped like AppSync's lists (a `nextToken` argument, `items` and
    /// `nextToken` selected) and Relay connections (an `after` argument, `edges` and `pageInfo`
    /// selected) merge their pages without a ``paginatedFields`` entry (on by default).
    public var automaticPagination = true
    /// The object types of each interface and union, for reading fragments on abstract types.
    /// Without an entry the store decides from the fields a record holds (see <doc:CachingAndWatching>).
    public var possibleTypes: [String: Set<String>] = [:]
    /// How long a field stays valid after it was written; `nil` (the default) keeps fields until
    /// they are evicted. An expired field reads as missing, so the next `returnCacheDataElseFetch`
    /// query goes to the network.
    public var timeToLive: Duration?
    /// A time to live for the records of particular types, by `__typename`, overriding ``timeToLive``.
    public var timeToLiveByType: [String: Duration] = [:]
    /// The estimated bytes of records the store keeps (64 MiB by default). Past it, a write first
    /// removes records that no root reaches, then the least recently used records that no active
    /// watcher depends on.
    public var memoryBudget: Int = 64 << 20
    /// How many watchers one store serves at a time (10,000 by default); `watch` fails past it.
    public var maximumWatchers: Int = 10_000
    /// The clock used for time to live; tests replace it.
    public var now: @Sendable () -> Date = { Date() }

    /// The defaults described on each property.
    public init() {}
}

extension RecordStoreConfiguration {
    /// Whether any record can expire: most stores have no time to live, and their reads skip it.
    var expires: Bool { timeToLive != nil || !timeToLiveByType.isEmpty }
}
