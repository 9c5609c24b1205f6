import GraphQLLanguage

/// The part every list-shaped read shares (`listX`, index queries, `@hasMany` connections):
/// `limit` (default 100) and `nextToken`, one key-ordered page from the store, then the
/// `filter` and the dynamic auth rules applied to what was read — after the limit, as DynamoDB
/// applies a FilterExpression, so a page may be short or empty and still have a `nextToken`.
struct PageReader: Sendable {
    let environment: ModelEnvironment

    /// The `ModelXConnection` value of one page. `keyFields` are the key fields the caller's
    /// arguments compare (a partition value or a sort-key condition it gave), which, like the
    /// filter's fields, it must be allowed to read.
    func read(
        _ query: KeyQuery, arguments: JSONObject, defaultLimit: Int = 100, access: ModelAuthorizer.Access,
        identity: RequestIdentity, keyFields: [String] = []
    ) async throws -> JSON {
        var query = query
        let limit = arguments["limit"]?.intValue ?? defaultLimit
        guard limit >= 1 else {
            throw AppSyncErrors.dynamoDBValidation(
                "1 validation error detected: Value '\(limit)' at 'limit' failed to satisfy constraint: "
                    + "Member must have value greater than or equal to 1")
        }
        query.limit = limit
        let expression = arguments["filter"]?.objectValue
        let compared = try environment.checkComparable(
            keyFields + (expression.map(ItemFilter.fields(in:)) ?? []), identity: identity)
        let scope = PaginationToken.Scope(table: query.table, index: query.index, partition: query.partition)
        if case .string(let token)? = arguments["nextToken"] {
            query.after = try environment.tokens.decode(token, scope: scope)
        }
        let page = try await environment.store.query(query)
        // Without a filter, an empty expression: every item passes.
        var filter = try ItemFilter(kind: .filter).compile(expression ?? JSONObject())
        var items: [JSON] = []
        items.reserveCapacity(page.items.count)
        // A filter of 300 operators over a megabyte page takes 70-90 ms: the loop's other
        // connections get turns in between (the clock read every 64 items).
        var turns = LoopTurns()
        for (index, item) in page.items.enumerated() {
            if index & 63 == 63 { await turns.takeTurnIfDue() }
            // An item whose compared fields the caller may not read matches nothing, whatever they hold.
            guard environment.mayCompare(compared, identity: identity, item: item) else { continue }
            if !filter.matches(item) { continue }
            guard environment.permits(item, access, identity) else { continue }
            items.append(.object(item))
        }
        return [
            "items": .array(items),
            "nextToken": page.cursor.map { .string(environment.tokens.encode($0, scope: scope)) } ?? .null,
        ]
    }

    /// The sort-key condition argument of a field (the one of type `…KeyConditionInput`).
    static func sortConditionArgument(of field: SchemaField) -> String? {
        field.arguments.first { $0.type.namedType.hasSuffix("KeyConditionInput") }?.name
    }

    /// `sortDirection: DESC` reads backwards.
    static func ascending(_ arguments: JSONObject) -> Bool {
        arguments["sortDirection"]?.stringValue != "DESC"
    }
}
