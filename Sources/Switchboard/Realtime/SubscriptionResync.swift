/// What a subscription runs after each reconnect to deliver the events it missed meanwhile
/// (AppSync keeps no backlog): a query for the items changed since the last event seen, whose
/// items are delivered as events before any new one, and events deduplicated by key and version,
/// so that each change reaches the subscriber once.
///
/// Model-based subscriptions build one with `resync: true`:
///
/// ```swift
/// let updates = Switchboard.API.subscribe(request: .subscription(of: Todo.self, type: .onUpdate, resync: true))
/// ```
///
/// Set one in ``RequestOptions/resync`` for any other subscription whose events carry a key and a
/// version (an `AWSDateTime` such as `updatedAt`) and whose changes a query can list.
public struct SubscriptionResync: Sendable {
    /// The query listing items changed since a version, one page at a time.
    public var document: String
    /// The query's variables for the changes since `since` (a version, compared as text) and the
    /// page after `nextToken` (`nil` for the first page).
    public var variables: @Sendable (_ since: String, _ nextToken: String?) -> [String: JSONValue]
    /// The query's root field, holding `items` and `nextToken` (`listTodos`).
    public var listField: String
    /// The subscription's root field, holding the item of an event (`onUpdateTodo`).
    public var eventField: String
    /// The fields of an item that identify it (`["id"]`).
    public var keyFields: [String]
    /// The field whose value orders an item's versions, an `AWSDateTime` in UTC as AppSync writes
    /// them, so that text order is time order (`updatedAt`).
    public var versionField: String
    /// Which listed items stand for a missed event (`nil`: all of them); an `onUpdate` resync, say,
    /// leaves out items created since and never updated.
    public var includes: (@Sendable (JSONValue) -> Bool)?
    /// How far before the newest version delivered a resync lists changes (default 10 s): events
    /// do not arrive in version order across items, so one stamped a little earlier than the last
    /// delivered may still have been in flight when the connection dropped. What it lists again
    /// is dropped as already delivered.
    public var overlap: Duration = .seconds(10)

    /// Creates a resync.
    public init(
        document: String, variables: @escaping @Sendable (_ since: String, _ nextToken: String?) -> [String: JSONValue],
        listField: String, eventField: String, keyFields: [String], versionField: String,
        includes: (@Sendable (JSONValue) -> Bool)? = nil
    ) {
        self.document = document
        self.variables = variables
        self.listField = listField
        self.eventField = eventField
        self.keyFields = keyFields
        self.versionField = versionField
        self.includes = includes
    }

    /// A resync by a typed query, as a typed subscription's pair: `query` makes the query for the
    /// changes since a version (`since`), page after `nextToken`.
    ///
    /// ```swift
    /// let resync = SubscriptionResync(
    ///     query: { since, nextToken in TodosChangedSinceQuery(since: since, nextToken: nextToken) },
    ///     listField: "listTodos", eventField: "onUpdateTodo")
    /// let updates = Switchboard.API.subscribe(operation: OnUpdateTodoSubscription(), options: RequestOptions(resync: resync))
    /// ```
    public init<Query: GraphQLQuery>(
        query: @escaping @Sendable (_ since: String, _ nextToken: String?) -> Query, listField: String,
        eventField: String, keyFields: [String] = ["id"], versionField: String = "updatedAt",
        includes: (@Sendable (JSONValue) -> Bool)? = nil
    ) {
        self.init(
            document: Query.document,
            variables: { since, nextToken in
                (try? JSONValue(encoding: query(since, nextToken).variables))?.objectValue ?? [:]
            },
            listField: listField, eventField: eventField, keyFields: keyFields, versionField: versionField,
            includes: includes)
    }
}
